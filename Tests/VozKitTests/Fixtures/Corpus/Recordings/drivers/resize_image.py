"""A small argparse tool: resize an image to a width."""
import argparse
parser = argparse.ArgumentParser(description="Resize an image.")
parser.add_argument("image")
parser.add_argument("--width", type=int, required=True, help="new width in pixels")
args = parser.parse_args()
print(f"Resized {args.image} to {args.width} px wide.")
