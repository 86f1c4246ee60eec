import Foundation
import Testing
import VozTestSupport

/// `voz form --openapi` and `voz audit --openapi` on descriptions whose `$ref`s name a pipe, a device or a socket
/// (issue 24): the real binary ends within seconds, opens none of them, and still reads the one pipe the user
/// named on the command line.
@Suite struct SpecialReferenceEndToEndTests {
    /// A description whose `send` operation refers to `/dev/zero` for an optional property, and whose unused
    /// components refer to the pipe and the socket.
    static let spec = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:9"}]
        paths:
          /x:
            post:
              operationId: send
              summary: Send it
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string, title: Your name}
                        extra: {$ref: "file:///dev/zero#/Extra"}
        components:
          schemas:
            Waiting: {$ref: "pipe#/X"}
            Plugged: {$ref: "socket#/X"}

        """

    @Test("A pipe in an unused component and a device in the operation: form and audit end, neither is opened")
    func formAndAuditEnd() async throws {
        let folder = try SpecialFileFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("spec.yaml").path
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: path))
        let environment = VozProcess.environment(home: folder.url)
        let form = try await VozProcess.run(
            ["form", "--openapi", path, "--operation", "send"], environment: environment, timeout: 30)
        #expect(form.status == 0, "\(form.standardError)")
        #expect(form.standardOutput.contains("Your name"))
        #expect(form.standardError.contains("line 17: cannot read /dev/zero"), "\(form.standardError)")
        let audit = try await VozProcess.run(["audit", "--openapi", path], environment: environment, timeout: 30)
        #expect([0, 1].contains(audit.status), "\(audit.standardError)")
        #expect(!audit.standardOutput.isEmpty)
        #expect(!folder.pipeWasOpened)
    }

    @Test("The description the user names may itself be a pipe: /dev/stdin")
    func theNamedPipeIsRead() async throws {
        let folder = try SpecialFileFolder()
        defer { folder.remove() }
        let output = try await VozProcess.run(
            ["form", "--openapi", "/dev/stdin", "--operation", "send"], input: Self.spec,
            environment: VozProcess.environment(home: folder.url), timeout: 30)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("Your name"))
    }

    @Test("A remote schema that names a local file: voz form never says the file's words, and says why at the line")
    func aRemoteSchemaNeverReadsALocalFile() async throws {
        let local = try SpecialFileFolder()
        defer { local.remove() }
        let served = FileManager.default.temporaryDirectory.appendingPathComponent("voz-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: served) }
        let remote = """
            Remote:
              type: object
              properties:
                city: {type: string, title: City}
                leak: {$ref: "\(local.canary.absoluteString)#/Canary"}

            """
        try Data(remote.utf8).write(to: served.appendingPathComponent("remote.yaml"))
        let server = try StaticHTTPServer(folder: served.path)
        defer { server.stop() }
        let spec = Self.spec.replacingOccurrences(
            of: "file:///dev/zero#/Extra", with: server.base + "/remote.yaml#/Remote")
        let path = local.url.appendingPathComponent("spec.yaml").path
        try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
        let output = try await VozProcess.run(
            ["form", "--openapi", path, "--operation", "send"], environment: VozProcess.environment(home: local.url),
            timeout: 30)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("\"extra.city\""))
        #expect(!(output.standardOutput + output.standardError).contains(local.canaryWord))
        #expect(
            output.standardError.contains(
                "remote.yaml: line 5: cannot read \(local.canary.path), which a reference points into: a description "
                    + "read from the network may not read files of this computer"), "\(output.standardError)")
    }
}
