"""tqdm as its docs show, with a bar_format that leaves the bar out: the progress is a percentage and a count."""
import time
from tqdm import tqdm

for _ in tqdm(range(20), desc="Copying photos", bar_format="{desc}: {percentage:3.0f}% ({n_fmt} of {total_fmt} files)"):
    time.sleep(0.15)
print("Copied 20 photos.")
