"""questionary.text with a validator that returns False, so the default message shows."""
import questionary
name = questionary.text("Project name", validate=lambda text: text.isidentifier()).ask()
print(f"Created {name}.")
