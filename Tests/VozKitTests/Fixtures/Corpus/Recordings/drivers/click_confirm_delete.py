"""click.confirm with abort=True: answering no prints "Aborted!" and exits with status 1."""
import click
@click.command()
def main():
    click.echo("3 files will be deleted: a.log, b.log, c.log")
    click.confirm("Delete them?", abort=True)
    click.echo("Deleted 3 files.")
main()
