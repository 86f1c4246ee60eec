"""The same login with getpass, which turns echo off."""
import getpass
user = input("Username: ")
password = getpass.getpass("Password: ")
print(f"Logged in as {user}.")
