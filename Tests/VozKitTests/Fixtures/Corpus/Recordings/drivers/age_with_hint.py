"""Asks for an age and, when the answer is not a number, says what to type before asking again."""
while True:
    text = input("Age in years: ")
    if text.isdigit() and 1 <= int(text) <= 120:
        break
    print("Error: the age must be a whole number from 1 to 120, such as 42.")
print(f"Age saved: {text}.")
