#!/bin/sh
# A POSIX sh login step as many install scripts write it: the password is read with echo on.
printf 'Password for ana@example.invalid: '
read pw
echo "Logged in as ana."
