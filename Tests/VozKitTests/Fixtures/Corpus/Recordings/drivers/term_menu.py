"""simple-term-menu's README example."""
from simple_term_menu import TerminalMenu
options = ["entry 1", "entry 2", "entry 3"]
index = TerminalMenu(options).show()
print(f"You have selected {options[index]}!")
