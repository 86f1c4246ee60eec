"""Asks for an age until it is a number, asking again without saying why."""
while True:
    text = input("Age: ")
    if text.isdigit():
        break
print(f"Age saved: {text}.")
