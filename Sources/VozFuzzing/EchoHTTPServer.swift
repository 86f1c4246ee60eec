import Foundation
import VozTestSupport

/// A real HTTP server on a free loopback port (Python's sockets, which `make test` has) for the rich form surface:
/// it writes every request down as it arrived on the wire, head and body, and answers each with a hostile 422 that
/// repeats everything it was sent — the body in its detail, each member's value in a field error — as a careless
/// server does. A secret or key Voz lets through comes back to be said, logged and written.
///
/// The server ends when `stop()` is called, and also when the fuzzer ends however it ends: it exits as soon as its
/// standard input, held by this object, closes.
public final class EchoHTTPServer: Sendable {
    public var port: Int { server.port }
    /// One request a line, as `head` and `body` in Latin-1 (so every byte survives), oldest first.
    public let recordFile: URL
    private let server: PythonServerProcess

    static let script = """
        import json, os, socket, sys, threading
        record = open(sys.argv[1], 'a', encoding='latin-1')
        lock = threading.Lock()
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        def handle(conn):
            conn.settimeout(5)
            try:
                data = b''
                while b'\\r\\n\\r\\n' not in data:
                    chunk = conn.recv(65536)
                    if not chunk: return
                    data += chunk
                head, _, body = data.partition(b'\\r\\n\\r\\n')
                length = 0
                for line in head.split(b'\\r\\n')[1:]:
                    name, _, value = line.partition(b':')
                    if name.strip().lower() == b'content-length': length = int(value.strip() or 0)
                while len(body) < length:
                    chunk = conn.recv(65536)
                    if not chunk: break
                    body += chunk
                with lock:
                    record.write(json.dumps({'head': head.decode('latin-1'), 'body': body.decode('latin-1')}) + '\\n')
                    record.flush()
                text = body.decode('utf-8', 'replace')
                errors = []
                try:
                    members = json.loads(text)
                    def walk(node, path):
                        if isinstance(node, dict):
                            for key, value in node.items(): walk(value, path + [key])
                        elif isinstance(node, list):
                            for index, value in enumerate(node): walk(value, path + [str(index)])
                        else:
                            errors.append({'pointer': '#/' + '/'.join(path), 'detail': 'Value %s is wrong' % node})
                    walk(members, [])
                except Exception:
                    pass
                reply = json.dumps({'title': 'Invalid ' + text[:200], 'detail': 'You sent ' + text[:2000],
                                    'errors': errors[:50]}).encode()
                conn.sendall(b'HTTP/1.1 422 Unprocessable Content\\r\\nContent-Type: application/problem+json\\r\\n'
                             + b'Content-Length: ' + str(len(reply)).encode() + b'\\r\\nConnection: close\\r\\n\\r\\n'
                             + reply)
            except Exception:
                pass
            finally:
                conn.close()
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(('127.0.0.1', 0))
        server.listen(64)
        print(server.getsockname()[1], flush=True)
        while True:
            conn, _ = server.accept()
            threading.Thread(target=handle, args=(conn,), daemon=True).start()
        """

    /// Starts the server, recording into `recordFile`; returns once it listens.
    public init(recordFile: URL) throws {
        self.recordFile = recordFile
        server = try PythonServerProcess(script: Self.script, arguments: [recordFile.path])
    }

    /// The requests written down since the last call, as raw heads and bodies; the record starts again empty.
    public func takeRequests() -> [(head: String, body: String)] {
        guard let data = FileManager.default.contents(atPath: recordFile.path) else { return [] }
        try? Data().write(to: recordFile)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                let head = object["head"], let body = object["body"]
            else { return nil }
            return (head, body)
        }
    }

    /// Stops the server and waits for it to end.
    public func stop() {
        server.stop()
    }
}
