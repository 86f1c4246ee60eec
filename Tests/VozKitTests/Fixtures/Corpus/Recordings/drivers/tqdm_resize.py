"""tqdm with dynamic_ncols: the bar follows the terminal's width when the window is resized."""
import time
from tqdm import tqdm
for _ in tqdm(range(30), desc="Indexing", dynamic_ncols=True):
    time.sleep(0.1)
print("Indexed 30 documents.")
