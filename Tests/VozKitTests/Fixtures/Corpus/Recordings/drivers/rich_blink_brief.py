"""rich as its docs show: a Live display whose blinking 'Recording' marker is replaced by plain text after 3 s,
so the blinking lasts less than the 5 s WCAG 2.2.2 allows."""
import time
from rich.console import Console
from rich.live import Live
from rich.text import Text

console = Console()
console.print("Voice memo: meeting notes")
with Live(Text.from_markup("[bold red blink]Recording[/] (blinks for 3 seconds)"), console=console, auto_refresh=False) as live:
    time.sleep(3)
    live.update(Text("Recording (steady)"), refresh=True)
    time.sleep(1)
console.print("Stopped. Saved memo-01.wav, 4 seconds.")
