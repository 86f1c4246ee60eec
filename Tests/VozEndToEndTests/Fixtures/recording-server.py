"""A loopback HTTP server that writes every request it receives to a file, one JSON object a line, and answers
201 with an empty JSON object: the end-to-end tests read what voz really sent. With "echo", it refuses every request
with 422 and quotes the body back, as careless servers do, so a test can look for what Voz did with the echo.

    python3 recording-server.py RECORD_FILE [echo]
prints its port on one line once it listens, and serves until it is stopped or its standard input closes (the
tests start it through VozTestSupport's PythonServerProcess, which holds that input).
"""

import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Recorder(BaseHTTPRequestHandler):
    def record(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        entry = {"method": self.command, "path": self.path, "type": self.headers.get("Content-Type"), "body": body}
        with open(sys.argv[1], "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
        reply = b"{}"
        status = 201
        if sys.argv[2:] == ["echo"]:
            status = 422
            echoed = {"message": "rejected: " + body, "received": json.loads(body or "{}")}
            reply = json.dumps(echoed).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    do_POST = do_PUT = do_PATCH = record

    def log_message(self, *arguments):
        pass


# The test runner starts this with its own threads' signal mask, SIGTERM blocked, which a child inherits:
# stopping must still stop it at once.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
print(server.server_address[1], flush=True)
server.serve_forever()
