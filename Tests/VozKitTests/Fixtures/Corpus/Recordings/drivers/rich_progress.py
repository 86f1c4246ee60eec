"""rich.progress as its docs show: MODE=transient (bar erased, nothing after), done (a result line), percent (no bar)."""
import os, time
from rich.progress import Progress, TextColumn, TaskProgressColumn
mode = os.environ.get("MODE", "done")
if mode == "percent":
    progress = Progress(TextColumn("{task.description}"), TaskProgressColumn())
else:
    progress = Progress(transient=(mode == "transient"))
with progress:
    task = progress.add_task("Downloading", total=20)
    for _ in range(20):
        time.sleep(0.12)
        progress.advance(task)
if mode != "transient":
    print("Downloaded 20 files.")
