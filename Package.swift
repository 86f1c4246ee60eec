// swift-tools-version:6.0
import PackageDescription

// Voz builds only on what the toolchain and Debian's -dev packages provide: no outside Swift package can be
// fetched on the machines it is made for, so the C libraries are system-library targets.
let package = Package(
    name: "Voz",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "VozKit", targets: ["VozKit"]),
        .executable(name: "voz", targets: ["voz"]),
        .executable(name: "voz-bench", targets: ["voz-bench"]),
        .executable(name: "voz-fuzz", targets: ["voz-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        // libpulse-simple's pkg-config asks for -pthread, which SwiftPM refuses with a warning on every build;
        // its headers are in the default include path, so the module map links it by name instead.
        .systemLibrary(name: "CPulseSimple"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "VozKit",
            dependencies: ["CEspeakNG", "CPulseSimple"]
        ),
        .target(
            name: "VozDemoService",
            dependencies: ["CSQLite"]
        ),
        .executableTarget(
            name: "voz",
            dependencies: ["VozKit", "VozDemoService"]
        ),
        // `make bench`: every figure measured against its alternative in one run (issue 9).
        .executableTarget(
            name: "voz-bench",
            dependencies: ["VozKit", "VozDemoService"],
            path: "Sources/voz-bench"
        ),
        // `make fuzz`: seeded inputs through the entry points voz uses, in process and through the binary (issue 19).
        .target(
            name: "VozFuzzing",
            dependencies: ["VozKit"]
        ),
        .executableTarget(
            name: "voz-fuzz",
            dependencies: ["VozFuzzing", "VozKit"],
            path: "Sources/voz-fuzz"
        ),
        .testTarget(
            name: "VozKitTests",
            dependencies: ["VozKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "VozDemoServiceTests",
            dependencies: ["VozDemoService", "VozKit"]
        ),
        .testTarget(
            name: "VozKitExampleTests",
            dependencies: ["VozKit", "VozDemoService"]
        ),
        .testTarget(
            name: "VozFuzzTests",
            dependencies: ["VozFuzzing", "VozKit"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "VozEndToEndTests",
            dependencies: ["VozKit", "VozDemoService"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
