"""A yaspin spinner while "connecting", then a bare input() with no prompt text."""
import time
from yaspin import yaspin
with yaspin(text="Connecting"):
    time.sleep(2)
answer = input()
print("Using", answer)
