// swift-tools-version:6.0
import PackageDescription

// A tool of its own that depends on Voz by path, as a developer's tool would: the VozKit in your own tool example of
// the README, built and run against the demo service by `make test` (scripts/test-example).
let package = Package(
    name: "signup",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Voz", path: "../..")],
    targets: [
        .executableTarget(name: "signup", dependencies: [.product(name: "VozKit", package: "Voz")])
    ],
    swiftLanguageModes: [.v6]
)
