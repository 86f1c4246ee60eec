"""A small curses menu that numbers its options and says which keys to press."""
import curses
def main(stdscr):
    items = ["Start backup", "Restore backup", "Quit"]
    stdscr.addstr(0, 0, "Backup tool. Press 1, 2 or 3.")
    for i, item in enumerate(items, 1):
        stdscr.addstr(i + 1, 2, f"{i}) {item}")
    stdscr.addstr(5, 0, "Choice: ")
    stdscr.refresh()
    key = stdscr.getkey()
    return items[int(key) - 1] if key in "123" else None
print("Chosen:", curses.wrapper(main))
