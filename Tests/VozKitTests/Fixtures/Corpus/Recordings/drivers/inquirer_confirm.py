"""InquirerPy's confirm prompt."""
from InquirerPy import inquirer
proceed = inquirer.confirm(message="Proceed with the upgrade?", default=True).execute()
print("Upgrading." if proceed else "Cancelled.")
