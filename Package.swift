// swift-tools-version:6.0
import PackageDescription

// Voz builds only on what the toolchain and Debian's -dev packages provide: no outside Swift package can be
// fetched on the machines it is made for, so the C libraries are system-library targets.
let package = Package(
    name: "Voz",
    platforms: [.macOS(.v15)],
    products: [
        // The whole library, speech included: what `voz` is built on.
        .library(name: "VozKit", targets: ["VozKit"]),
        // Forms, the prompt loop, sending and the form audit, text only: no speech library's headers needed.
        .library(name: "VozTextKit", targets: ["VozTextKit"]),
        // Speech beside VozTextKit: eSpeak NG, speech-dispatcher, WAV files, and the automatic choice.
        .library(name: "VozSpeech", targets: ["VozSpeech"]),
        // The audits: forms and transcripts, and terminal recordings replayed through libvterm.
        .library(name: "VozAudit", targets: ["VozAudit", "VozScreenAudit"]),
        // Forms from OpenAPI descriptions and JSON Schemas.
        .library(name: "VozOpenAPI", targets: ["VozOpenAPI"]),
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
        // libspeechd's pkg-config asks for glib's headers, which its public header does not need.
        .systemLibrary(name: "CSpeechd"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // OpenAPI and JSON Schema documents written in YAML (issue 17); only VozOpenAPI imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // One JSON document model, parser and writer for the whole package: no C, no Foundation.
        .target(name: "VozJSON"),
        // pipe2, posix_spawn_file_actions_addclosefrom_np and _addchdir_np, POSIX_SPAWN_SETSID and TIOCSWINSZ, which
        // Swift's Glibc module leaves out.
        .systemLibrary(name: "CSpawn"),
        // The one process layer: spawn on pipes or a pseudo-terminal, reap, stop the whole process group
        // or session, wait until a deadline by an injected clock. No Foundation, no other layer.
        .target(name: "VozProcess", dependencies: ["CSpawn"]),
        // libvterm, the terminal emulator `voz audit --recording` replays output through.
        .systemLibrary(
            name: "CVTerm",
            pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"])]
        ),
        // The screen recordings are replayed on: libvterm's parser and state, the cells kept in a ring of rows so
        // a scroll costs the rows it uncovers, not the screen's height (libvterm 0.1.4's own screen moves them all).
        .target(name: "CVozScreen", linkerSettings: [.linkedLibrary("vterm")]),
        // libcrypt (libxcrypt) hashes the demo accounts' passwords with yescrypt, and VozSubmission the
        // fingerprint a draft keeps of an unanswered send; Nettle gives the SHA-256 of request fingerprints.
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CNettle", providers: [.apt(["nettle-dev"])]),
        // libcurl's header only, never linked (no pkg-config, which would add -lcurl): VozReplies opens libcurl with
        // dlopen on the first send or download, so a voz that sends nothing over the network never maps it.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The PO files of po/ and the voice profiles of voices/ become Swift source at build time (the EmbedCatalogs
        // and EmbedVoices plugins), so the code carries them wherever it goes and no generated file is committed.
        .executableTarget(name: "voz-embed", path: "Sources/voz-embed"),
        .plugin(name: "EmbedCatalogs", capability: .buildTool(), dependencies: ["voz-embed"]),
        .plugin(name: "EmbedVoices", capability: .buildTool(), dependencies: ["voz-embed"]),
        // The library in layers, one target each, every dependency pointing down: the compiler, not a
        // convention, keeps data flowing form → accessibility → session ⇄ submission → announcer → engines. Each C
        // library is linked by the one layer that needs it.
        .target(name: "VozSupport", dependencies: ["VozJSON"]),
        .target(name: "VozLocalization", plugins: ["EmbedCatalogs"]),
        .target(name: "VozForm", dependencies: ["VozLocalization", "VozSupport", "VozJSON"]),
        .target(name: "VozAccessibility", dependencies: ["VozForm", "VozLocalization"]),
        // What a session leaves for an auditor: the transcript's events, the submission phases and failure kinds they
        // name, its writer and reader. Under both the announcer and the audit, so neither carries the other's stack.
        .target(name: "VozTranscript", dependencies: ["VozAccessibility", "VozLocalization", "VozSupport", "VozJSON"]),
        // Server replies read, transports, the technical log: what a send brings back, before any state machine.
        .target(
            name: "VozReplies",
            dependencies: ["VozTranscript", "VozForm", "VozLocalization", "VozSupport", "VozJSON", "CCurl"]
        ),
        .target(
            name: "VozSubmission",
            dependencies: [
                "VozReplies", "VozTranscript", "VozAccessibility", "VozForm", "VozLocalization", "VozSupport", "CCrypt",
                "CNettle",
            ]
        ),
        // The announcer, the transcript and the engine protocol: everything a session says, with no C library, so
        // a text-only tool needs no speech headers.
        .target(
            name: "VozAnnouncer",
            dependencies: ["VozTranscript", "VozAccessibility", "VozLocalization", "VozSupport", "VozJSON"]
        ),
        // The engines that need C libraries (eSpeak NG, speech-dispatcher, PulseAudio) and the choice between them.
        .target(
            name: "VozSpeech",
            dependencies: [
                "VozAnnouncer", "VozLocalization", "VozSupport", "CEspeakNG", "CPulseSimple", "CSpeechd",
            ],
            plugins: ["EmbedVoices"]
        ),
        .target(
            name: "VozSession",
            dependencies: [
                "VozAnnouncer", "VozTranscript", "VozSubmission", "VozReplies", "VozAccessibility", "VozForm",
                "VozLocalization", "VozSupport", "VozJSON",
            ]
        ),
        .target(
            name: "VozTerminal",
            dependencies: ["VozProcess", "VozLocalization", "VozSupport", "VozJSON", "CVozScreen"]
        ),
        // The rules over forms and transcripts: no C library, so a tool's own forms are checked by the same rules.
        .target(
            name: "VozAudit",
            dependencies: [
                "VozTranscript", "VozAccessibility", "VozForm", "VozLocalization", "VozSupport", "VozJSON",
            ]
        ),
        // Forms written in Swift, read as they sound, and checked by the form rules in debug builds.
        .target(name: "VozFormBuilder", dependencies: ["VozAudit", "VozForm", "VozLocalization"]),
        // The rules over what a screen reader meets in a terminal recording, replayed through libvterm.
        .target(
            name: "VozScreenAudit",
            dependencies: ["VozAudit", "VozTerminal", "VozForm", "VozSupport"]
        ),
        // `voz wrap`: any program run under a pseudo-terminal, its screen followed live by the audit's screen model and
        // said for what it means (lines once, progress sparsely, the end always) through the announcer.
        .target(
            name: "VozWrap",
            dependencies: [
                "VozAnnouncer", "VozScreenAudit", "VozTerminal", "VozAudit", "VozProcess", "VozAccessibility",
                "VozLocalization", "VozSupport", "VozTranscript",
            ]
        ),
        .target(
            name: "VozOpenAPI",
            dependencies: [
                "VozAudit", "VozReplies", "VozForm", "VozLocalization", "VozSupport", "VozJSON", "CYAML",
            ]
        ),
        // The text-and-submission product: the layers below speech, re-exported, and `Form.run` with text only.
        .target(
            name: "VozTextKit",
            dependencies: [
                "VozSupport", "VozLocalization", "VozForm", "VozFormBuilder", "VozAccessibility", "VozReplies",
                "VozSubmission", "VozAnnouncer", "VozSession", "VozAudit",
            ]
        ),
        // The umbrella product: every layer, re-exported, and `Form.run` with speech chosen as voz chooses.
        .target(
            name: "VozKit",
            dependencies: [
                "VozSupport", "VozLocalization", "VozForm", "VozAccessibility", "VozReplies", "VozSubmission",
                "VozAnnouncer", "VozSpeech", "VozSession", "VozTerminal", "VozAudit", "VozFormBuilder",
                "VozScreenAudit", "VozOpenAPI", "VozWrap",
            ]
        ),
        .target(
            name: "VozDemoService",
            dependencies: [
                "VozJSON", "CSQLite", "CCrypt", "CNettle", "VozSubmission", "VozForm", "VozLocalization",
            ]
        ),
        .executableTarget(
            name: "voz",
            dependencies: ["VozKit", "VozDemoService", "VozTranscript", "VozJSON"],
            // Release: linked by lld with packed relative relocations (DT_RELR, glibc 2.36). The binary, with
            // Swift's runtime and Foundation inside, is position-independent and carries about 80,000 relative
            // relocations: as RELA records, 2 MB the loader reads at every start, and resident all session (figure
            // 6); packed, 16 KB. Still PIE, so the binary keeps its address randomisation.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // What the tests, the bench and the fuzzer share: the child-process runner on VozProcess's pipes, the
        // PulseAudio fixture, the seeded generator. Internal: not a product.
        .target(name: "VozTestSupport", dependencies: ["VozProcess"]),
        // Swift Testing traits the test targets share; apart from VozTestSupport, which the bench and the fuzzer link.
        .target(name: "VozTestTraits"),
        // `make bench`: every figure measured against its alternative in one run. CVTerm: figure 9 feeds
        // libvterm alone, the floor the recording audit is measured against.
        .executableTarget(
            name: "voz-bench",
            dependencies: [
                "VozKit", "VozDemoService", "VozTestSupport", "VozTranscript", "VozJSON", "VozSupport", "CVTerm",
            ],
            path: "Sources/voz-bench"
        ),
        // `make fuzz`: seeded inputs through the entry points voz uses, in process and through the binary.
        .target(
            name: "VozFuzzing",
            dependencies: ["VozKit", "VozReplies", "VozTranscript", "VozTestSupport"]
        ),
        .executableTarget(
            name: "voz-fuzz",
            dependencies: ["VozFuzzing", "VozKit", "VozTestSupport"],
            path: "Sources/voz-fuzz"
        ),
        .testTarget(
            name: "VozJSONTests",
            dependencies: ["VozJSON"]
        ),
        .testTarget(
            name: "VozKitTests",
            dependencies: [
                "VozKit", "VozSupport", "VozLocalization", "VozForm", "VozAccessibility", "VozReplies", "VozSubmission",
                "VozAnnouncer", "VozTranscript", "VozSpeech", "VozSession", "VozTerminal", "VozAudit", "VozScreenAudit",
                "VozOpenAPI", "VozJSON", "CCurl", "VozTestSupport", "VozTestTraits",
            ],
            // The reference tests read the refs/ tree where it lies (#filePath), as a user's files would be.
            exclude: ["OpenAPI/Fixtures"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "VozDemoServiceTests",
            dependencies: ["VozDemoService", "VozJSON", "VozKit", "VozTestSupport", "VozTestTraits"]
        ),
        .testTarget(name: "VozKitExampleTests", dependencies: ["VozTestSupport"]),
        .testTarget(name: "VozProcessTests", dependencies: ["VozProcess"]),
        .testTarget(
            name: "VozWrapTests",
            dependencies: ["VozWrap", "VozLocalization", "VozAccessibility", "VozProcess", "VozTerminal"]
        ),
        .testTarget(
            name: "VozTestSupportTests",
            dependencies: ["VozTestSupport"]
        ),
        .testTarget(
            name: "VozTestTraitsTests",
            dependencies: ["VozTestTraits"]
        ),
        .testTarget(
            name: "VozFuzzTests",
            dependencies: ["VozFuzzing", "VozKit", "VozReplies", "VozTestSupport", "VozTestTraits"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "VozEndToEndTests",
            dependencies: [
                "VozKit", "VozDemoService", "VozTerminal", "VozTranscript", "VozProcess", "VozTestSupport",
                "VozTestTraits",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
