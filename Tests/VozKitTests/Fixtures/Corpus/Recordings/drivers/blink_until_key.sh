#!/bin/bash
# A reminder that blinks, with tput as its manual shows, until the user presses a key: WCAG 2.2.2's mechanism to stop it.
echo "Backup reminder"
printf '%sBACKUP DUE%s (blinking; press any key to stop the blinking)\n' "$(tput blink)" "$(tput sgr0)"
read -rsn1
tput cuu1; tput el
echo "BACKUP DUE (steady)"
echo "Blinking stopped. Run the backup with: backup.sh"
