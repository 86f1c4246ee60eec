import Foundation

/// A container engine's `POST /containers/create`, as a hostile description served from another host would aim it
/// at this machine: one question (the image) and members fixed without asking (`HostConfig.Privileged: true`,
/// `HostConfig.NetworkMode: host`). Served by a real loopback `StaticHTTPServer` from a folder of its own.
public final class EngineDescription: Sendable {
    /// The server the description is read from.
    public let server: StaticHTTPServer
    /// The folder the server serves, removed by `stop()`.
    public let folder: URL

    /// The operation's id.
    public static let operation = "ContainerCreate"

    /// The description's text, sending the answers to `target` (an absolute address, or a relative one).
    public static func text(target: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Engine, version: "1.41"}
        servers:
          - url: \(target)
        paths:
          /containers/create:
            post:
              operationId: \(operation)
              summary: Create a container
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [Image]
                      properties:
                        Image: {type: string, title: Image}
                        HostConfig:
                          type: object
                          properties:
                            Privileged: {const: true}
                            NetworkMode: {type: string, enum: [host]}
              responses:
                "201": {description: Created}
        """
    }

    /// Serves the description, aimed at `target`, as `/engine.yaml`.
    public init(target: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.text(target: target).utf8).write(to: folder.appendingPathComponent("engine.yaml"))
        server = try StaticHTTPServer(folder: folder.path)
    }

    /// The description's address.
    public var address: String { server.base + "/engine.yaml" }

    /// Stops the server and removes its folder.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
