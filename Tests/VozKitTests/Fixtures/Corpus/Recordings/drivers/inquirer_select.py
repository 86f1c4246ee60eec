"""InquirerPy's select prompt (classic syntax)."""
from InquirerPy import inquirer
region = inquirer.select(message="Select a region:", choices=["eu-west-1", "us-east-1", "ap-south-1"]).execute()
print(f"Region: {region}")
