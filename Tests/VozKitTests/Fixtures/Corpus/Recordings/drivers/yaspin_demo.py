"""yaspin's README example: a spinner, then ok("✔")."""
import time
from yaspin import yaspin
with yaspin(text="Loading data") as sp:
    time.sleep(2.5)
    sp.ok("✔")
