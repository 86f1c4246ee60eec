"""InquirerPy's checkbox prompt: Space toggles, Enter confirms."""
from InquirerPy import inquirer
toppings = inquirer.checkbox(message="Pick toppings:", choices=["Cheese", "Ham", "Mushrooms", "Olives"]).execute()
print("Toppings:", ", ".join(toppings))
