"""click's password option with confirmation."""
import click
@click.command()
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True)
def main(password):
    click.echo("Password changed.")
main()
