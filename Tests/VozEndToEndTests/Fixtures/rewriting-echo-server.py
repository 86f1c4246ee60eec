"""A loopback HTTP server that refuses every request with 422 and quotes the secret it was sent back rewritten, as
the issue 36 newcomer's server did (its modes `422echo` and `422pw`, replies byte for byte): a card number with
hyphens and as bare digits, a password trimmed, without spaces, decomposed, as HTML entities, upper-cased with `\\U`
escapes and in part. The end-to-end tests look for the copies in everything voz wrote.

    python3 rewriting-echo-server.py
prints its port on one line once it listens, and serves until it is stopped or its standard input closes (the
tests start it through VozTestSupport's PythonServerProcess, which holds that input). A request whose body has a
`password` gets the password echoes; any other gets the card echo.
"""

import json
import os
import signal
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Rewriter(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        sent = json.loads(self.rfile.read(length).decode("utf-8") or "{}")
        if "password" in sent:
            password = sent["password"].strip()
            reply = {"errors": {
                "name": ["nfd " + unicodedata.normalize("NFD", password)],
                "email": ["stripped " + password],
                "coupon": ["entities " + "".join("&#%d;" % ord(c) for c in password)],
                "plan": ["nospace " + password.replace(" ", "")],
                "terms": ["u-upper " + json.dumps(password).upper()],
                "base": ["partial " + password[:6] + " and " + password[-7:]]}}
        else:
            number = sent.get("payment", {}).get("card", {}).get("number", "?")
            reply = {"payment": {"card": {"number": [
                "Card %s is invalid (digits %s)." % (number, number.replace(" ", ""))]}},
                "non_field_errors": ["Payment for card ending %s failed: %s" % (number[-4:], number.replace(" ", "-"))]}
        data = json.dumps(reply).encode()
        self.send_response(422)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


# The test runner starts this with its own threads' signal mask, SIGTERM blocked, which a child inherits:
# stopping must still stop it at once.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Rewriter)
print(server.server_address[1], flush=True)
server.serve_forever()
