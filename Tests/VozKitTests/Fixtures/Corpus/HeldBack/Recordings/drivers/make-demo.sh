#!/bin/bash
# Builds /tmp/demo, the made-up working directory every held-back recording runs in.
set -e
DEMO=${DEMO:-/tmp/demo}; H=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$DEMO"; mkdir -p "$DEMO"/{project,site,photos,data,repo}; cd "$DEMO"
printf 'Shopping list\nmilk\nbread\napples\n' > notes.txt
for i in $(seq 1 200); do echo "Line $i of the demo log: the quick brown fox jumps over the lazy dog."; done > long.txt
cat > project/test_shop.py <<'P'
import unittest

def total(prices):
    return sum(prices)

class TotalTest(unittest.TestCase):
    def test_empty(self):
        self.assertEqual(total([]), 0)

    def test_two(self):
        self.assertEqual(total([2, 3]), 5)

    def test_tax(self):
        self.assertEqual(total([10, 5]), 16, "tax should be added")

    def test_none(self):
        self.assertEqual(total([1, None]), 1)

if __name__ == "__main__":
    unittest.main()
P
cat > project/bad_style.py <<'P'
import os, sys
def greet( name ):
  print ("Hello, %s" % name)
  unused = 42
  return None
x=greet('Ana')
P
cat > project/deploy.sh <<'P'
#!/bin/sh
target=$1
for f in $(ls *.txt); do
  cp $f $target/
done
if [ $target == "" ]; then echo "no target"; fi
read answer
echo $answer
P
cat > project/crash.c <<'P'
#include <stdio.h>
#include <string.h>
static void copy_name(char *dst, const char *src) { strcpy(dst, src); }
int main(void) {
    char *p = NULL;
    printf("Starting the demo.\n");
    copy_name(p, "Ana");
    return 0;
}
P
cat > project/broken.c <<'P'
#include <stdio.h>
int main(void) {
    int count = "three";
    printf("%d items\n", count)
    return undefined_total;
}
P
printf 'CFLAGS=-Wall\nall: broken\nbroken: broken.c\n\t$(CC) $(CFLAGS) -o broken broken.c\n' > project/Makefile
head -c 3000000 /dev/urandom > data/archive.bin
for i in $(seq 1 12); do head -c $((i * 40000)) /dev/urandom > photos/img_$i.jpg; done
cat > site/index.html <<'P'
<html><head><title>Demo shop</title></head><body><h1>Demo shop</h1>
<p>Welcome to the demo shop. <a href="about.html">About us</a></p>
<ul><li>Milk, 1.20 EUR</li><li>Bread, 2.10 EUR</li></ul></body></html>
P
echo '<html><body><h1>About</h1><p>A made-up shop.</p></body></html>' > site/about.html
head -c 4000000 /dev/urandom > site/catalog.bin
cd repo && git init -q && git config user.name "Ana Demo" && git config user.email ana@example.invalid
for i in 1 2 3 4 5 6; do echo "item $i" >> list.txt; git add list.txt; git commit -q -m "Add item $i to the list"; done
cd "$DEMO"; mkdir -p tree/{docs,src/lib,src/bin,music}; for i in $(seq 1 30); do head -c $((RANDOM * 30)) /dev/urandom > tree/music/track$i.ogg; done
cp long.txt tree/docs/; cp project/*.py tree/src/lib/
cat > shop.sql <<'P'
CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price REAL);
INSERT INTO product(name, price) VALUES ('Milk', 1.2), ('Bread', 2.1), ('Apples', 3.45);
P
rm -f shop.db; sqlite3 shop.db < shop.sql
zip -q notes.zip notes.txt
cp "$H"/*.py "$H"/*.sh "$H"/*.js "$DEMO"/ 2>/dev/null || true
truncate -s 20M disk.img
