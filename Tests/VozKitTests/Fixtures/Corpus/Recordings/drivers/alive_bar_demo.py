"""alive-progress's basic example."""
import time
from alive_progress import alive_bar
with alive_bar(60, title="Processing") as bar:
    for _ in range(60):
        time.sleep(0.05)
        bar()
