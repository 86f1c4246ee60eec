"""questionary.password, which shows asterisks."""
import questionary
pw = questionary.password("Database password").ask()
print("Saved.")
