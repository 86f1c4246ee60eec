"""Copy-like loop with a tqdm bar, as tqdm's README shows. SECONDS sets how long it runs; TRAILER an unrelated last line."""
import os, sys, time
from tqdm import tqdm
seconds = float(os.environ.get("SECONDS_TOTAL", "3"))
steps = 40
for _ in tqdm(range(steps), desc="Copying", unit="file"):
    time.sleep(seconds / steps)
if os.environ.get("TRAILER"):
    print(os.environ["TRAILER"])
