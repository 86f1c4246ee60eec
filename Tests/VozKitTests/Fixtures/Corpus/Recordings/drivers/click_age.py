"""click.prompt with an IntRange, as click's docs show."""
import click
@click.command()
@click.option("--age", prompt="Your age", type=click.IntRange(1, 120))
def main(age):
    click.echo(f"Age saved: {age}.")
main()
