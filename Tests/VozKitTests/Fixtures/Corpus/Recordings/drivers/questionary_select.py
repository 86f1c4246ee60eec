"""questionary.select from its README."""
import questionary
answer = questionary.select("What do you want to do?", choices=["Order a pizza", "Make a reservation", "Ask for opening hours"]).ask()
print(f"You chose: {answer}")
