"""Signup form that says only "Validation failed." and exits with status 1."""
import re, sys
email = input("Email: ")
if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]+", email):
    print("Validation failed.")
    sys.exit(1)
print("Registered.")
