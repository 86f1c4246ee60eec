import Foundation

/// A real HTTP server on a free loopback port serving one folder, for tests that read descriptions from
/// addresses (Python's `http.server`, which `make test` has). Beyond the files it answers:
///
/// - `/redirect/N/PATH`: N redirects in a row, then `/PATH`;
/// - `/typed/TYPE/SUBTYPE/PATH`: the file at `/PATH` with the content type `TYPE/SUBTYPE`;
/// - `/slow/SECONDS/PATH`: the file at `/PATH` after a wait;
/// - `/loop/PATH`: a redirect to itself, for ever.
///
/// The server ends when `stop()` is called, and also when the test process ends however it ends: it exits as
/// soon as its standard input, held by this object, closes.
public final class StaticHTTPServer: Sendable {
    public var port: Int { server.port }
    /// `http://127.0.0.1:PORT` without a trailing slash.
    public var base: String { "http://127.0.0.1:\(port)" }
    private let server: PythonServerProcess

    static let script = """
        import functools, http.server, os, sys, threading, time
        root = sys.argv[1]
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def send_file(self, relative, content_type):
                path = os.path.join(root, relative)
                if not os.path.isfile(path):
                    self.send_error(404)
                    return
                data = open(path, 'rb').read()
                self.send_response(200)
                self.send_header('Content-Type', content_type)
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def do_GET(self):
                parts = self.path.split('/')
                if len(parts) > 3 and parts[1] == 'redirect':
                    count, rest = int(parts[2]), '/'.join(parts[3:])
                    target = '/redirect/%d/%s' % (count - 1, rest) if count > 1 else '/' + rest
                    self.send_response(302)
                    self.send_header('Location', target)
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                elif len(parts) > 2 and parts[1] == 'loop':
                    self.send_response(302)
                    self.send_header('Location', self.path)
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                elif len(parts) > 4 and parts[1] == 'typed':
                    self.send_file('/'.join(parts[4:]), parts[2] + '/' + parts[3])
                elif len(parts) > 3 and parts[1] == 'slow':
                    time.sleep(float(parts[2]))
                    self.send_file('/'.join(parts[3:]), 'application/octet-stream')
                else:
                    super().do_GET()
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Handler, directory=root))
        server.daemon_threads = True
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts serving `folder`; returns once the server listens.
    public init(folder: String) throws {
        server = try PythonServerProcess(script: Self.script, arguments: [folder])
    }

    /// Stops the server and waits for it to end.
    public func stop() {
        server.stop()
    }
}
