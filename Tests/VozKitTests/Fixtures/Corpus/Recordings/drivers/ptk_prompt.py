"""prompt_toolkit's prompt(), which asks the terminal for the cursor position at start-up."""
from prompt_toolkit import prompt
city = prompt("Your city: ")
print(f"City: {city}")
