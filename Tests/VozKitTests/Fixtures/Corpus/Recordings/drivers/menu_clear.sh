#!/bin/bash
# The classic shell-script menu: clear the screen, print a numbered menu, read a choice.
clear
echo "=== Main menu ==="
echo "1) Show disk usage"
echo "2) Show date"
echo "3) Quit"
read -r -p "Choose 1-3: " choice
case $choice in
  1) df -h / | tail -1 ;;
  2) date -u +"Today is %A %d %B %Y." ;;
esac
