"""A rich alert styled blink, as rich's markup allows."""
import time
from rich.console import Console
c = Console()
c.print("Checking disk space")
time.sleep(0.5)
c.print("[bold red blink]WARNING[/] disk /var is 97% full")
