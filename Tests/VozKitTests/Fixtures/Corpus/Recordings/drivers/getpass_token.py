"""Reads an API token with getpass, then confirms without repeating it."""
import getpass
token = getpass.getpass("API token: ")
print(f"Token saved ({len(token)} characters).")
