"""Service status dots coloured green/red, a common dashboard idiom, printed with rich."""
from rich.console import Console
c = Console()
for name, up in [("web", True), ("db", True), ("cache", False), ("queue", True)]:
    c.print(f"[{'green' if up else 'red'}]●[/] {name}")
