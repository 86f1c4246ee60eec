"""A loopback HTTP server that quotes back what it was sent, each time in another copy and in the shape a real
framework gives it, as careless servers do: the end-to-end tests look for the copies in everything voz wrote.

    python3 echoing-server.py RECORD_FILE
prints its port on one line once it listens, and serves until it is stopped or its standard input closes (the
tests start it through VozTestSupport's PythonServerProcess, which holds that input). Each request is written to
RECORD_FILE, one JSON object a line. The replies, one per request, in turn:

1. Spring's problem detail (400) whose detail quotes the form-encoded body, the password percent-encoded in it.
2. Rails' errors hash (422) with the password, decoded, as the name of a member it did not expect.
3. Express's default HTML error page (400), its message HTML-escaped, quoting the password.
4. Stripe's error envelope (401) quoting the API key of the Authorization header.
"""

import html
import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

EXPRESS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Error</title>
</head>
<body>
<pre>{}</pre>
</body>
</html>
"""


class Echo(BaseHTTPRequestHandler):
    count = 0
    lock = threading.Lock()

    def reply(self, status, content_type, body, headers=()):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        with Echo.lock:
            Echo.count += 1
            number = Echo.count
            with open(sys.argv[1], "a", encoding="utf-8") as record:
                record.write(json.dumps({"path": self.path, "type": self.headers.get("Content-Type")}) + "\n")
        password = (parse_qs(body).get("password") or [""])[0]
        if number % 4 == 1:
            problem = {"type": "about:blank", "title": "Bad Request", "status": 400,
                       "detail": "Failed to read request: " + body, "instance": self.path}
            self.reply(400, "application/problem+json", json.dumps(problem, separators=(",", ":")))
        elif number % 4 == 2:
            self.reply(422, "application/json; charset=utf-8", json.dumps({password: ["is not allowed"]}),
                       [("X-Request-Id", "0b7e4c2a-6d1f-4e8a-9c3b-5a2f7d1e8c4b")])
        elif number % 4 == 3:
            message = html.escape('BadRequestError: Invalid password "{}"'.format(password), quote=True)
            self.reply(400, "text/html; charset=utf-8", EXPRESS_PAGE.format(message),
                       [("Content-Security-Policy", "default-src 'none'"), ("X-Content-Type-Options", "nosniff"),
                        ("X-Powered-By", "Express")])
        else:
            key = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
            envelope = {"error": {"message": "Invalid API Key provided: " + key, "type": "invalid_request_error"}}
            self.reply(401, "application/json", json.dumps(envelope, indent=2),
                       [("Www-Authenticate", 'Basic realm="Stripe"'), ("Request-Id", "req_Hk3mR9tW2xQv7L")])

    def log_message(self, *arguments):
        pass


# The test runner starts this with its own threads' signal mask, SIGTERM blocked, which a child inherits:
# stopping must still stop it at once.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
print(server.server_address[1], flush=True)
server.serve_forever()
