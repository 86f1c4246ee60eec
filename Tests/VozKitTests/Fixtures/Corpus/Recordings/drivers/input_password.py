"""A login script that reads the password with input(), so it is echoed."""
user = input("Username: ")
password = input("Password: ")
print(f"Logged in as {user}.")
