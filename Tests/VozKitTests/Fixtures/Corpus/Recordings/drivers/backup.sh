#!/bin/sh
# A plain backup script: one line before the work, one line after it.
echo "Compressing /tmp/demo/logs into logs.tar.gz..."
sleep 2
tar czf /tmp/demo/logs.tar.gz -C /tmp/demo logs
echo "Done. Wrote logs.tar.gz ($(du -h /tmp/demo/logs.tar.gz | cut -f1))."
