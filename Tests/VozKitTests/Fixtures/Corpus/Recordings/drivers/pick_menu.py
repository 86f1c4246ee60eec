"""pick's README example."""
from pick import pick
option, index = pick(["Java", "JavaScript", "Python", "Rust"], "Please choose your favorite programming language: ", indicator="*")
print(f"You chose {option}.")
