"""prompt_toolkit as its docs show: a PromptSession whose bottom_toolbar is a fixed key legend; each change of the
list is printed as a line above the prompt, never shown in the toolbar."""
from prompt_toolkit import PromptSession

items = []
session = PromptSession(bottom_toolbar=" Enter: add the item   Ctrl-D: finish ")
while True:
    try:
        item = session.prompt("Item to add: ")
    except EOFError:
        break
    item = item.strip()
    if not item:
        print("Nothing added: type an item, or press Ctrl-D to finish.")
        continue
    items.append(item)
    print(f"Added {item}. The list has {len(items)} item{'s' if len(items) != 1 else ''}.")
print(f"Saved a list of {len(items)} items.")
