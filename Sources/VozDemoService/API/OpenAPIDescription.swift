import VozJSON

/// The demo service's own OpenAPI 3.1 description, served at `GET /openapi.json`: every endpoint it has, with request
/// schemas that say exactly what `AccountValidator` and `Registration` check, and the problem details it answers.
///
/// Its server is relative (`/`), so the description resolves against the address it was fetched from, whatever port
/// the service listens on.
enum OpenAPIDescription {
    static let document: JSONNode = .object([
        ("openapi", .string("3.1.0")),
        (
            "info",
            .object([
                ("title", .string("Voz demo service")), ("version", .string("1.0.0")),
                ("description", .string("Accounts and event registrations, for trying Voz's forms.")),
                ("license", .object([("name", .string("MIT")), ("identifier", .string("MIT"))])),
            ])
        ),
        ("servers", .array([.object([("url", .string("/"))])])),
        (
            "paths",
            .object([
                ("/health", .object([("get", health)])),
                ("/accounts", .object([("get", listAccounts), ("post", createAccount)])),
                ("/events/{slug}/registrations", .object([("post", createRegistration)])),
                ("/requests", .object([("get", listRequests)])),
                ("/openapi.json", .object([("get", description)])),
            ])
        ),
        ("components", .object([("schemas", schemas), ("responses", responses)])),
    ])

    // MARK: - Operations

    static let health: JSONNode = .object([
        ("operationId", .string("getHealth")), ("summary", .string("Check the service")),
        ("responses", .object([("200", jsonResponse("The service is up.", ref("Health")))])),
    ])

    static let listAccounts = listing(
        "listAccounts", summary: "List accounts", answer: "Every account, oldest first.", item: "Account")

    static let createAccount: JSONNode = .object([
        ("operationId", .string("createAccount")), ("summary", .string("Create account")),
        (
            "parameters",
            .array([
                .object([
                    ("name", .string("Idempotency-Key")), ("in", .string("header")), ("required", .bool(false)),
                    (
                        "description",
                        .string(
                            "A quoted string naming this attempt; a retry with the same key and body replays the first answer."
                        )
                    ),
                    ("schema", .object([("type", .string("string"))])),
                ])
            ])
        ),
        (
            "requestBody",
            .object([
                ("required", .bool(true)),
                (
                    "content",
                    .object([
                        ("application/json", .object([("schema", ref("NewAccount"))])),
                        ("application/x-www-form-urlencoded", .object([("schema", ref("NewAccount"))])),
                    ])
                ),
            ])
        ),
        (
            "responses",
            .object([
                (
                    "201",
                    .object([
                        ("description", .string("The account was created.")),
                        (
                            "headers",
                            .object([
                                (
                                    "Location",
                                    .object([
                                        ("description", .string("The new account's address.")),
                                        ("schema", .object([("type", .string("string"))])),
                                    ])
                                ),
                                (
                                    "Idempotent-Replayed",
                                    .object([
                                        ("description", .string("true when this is the stored answer to a retry.")),
                                        ("schema", .object([("type", .string("string"))])),
                                    ])
                                ),
                            ])
                        ),
                        ("content", .object([("application/json", .object([("schema", ref("CreatedAccount"))]))])),
                    ])
                ),
                ("400", problemRef("BadRequest")), ("403", problemRef("Blocked")), ("409", problemRef("Conflict")),
                ("415", problemRef("UnsupportedMediaType")), ("422", problemRef("Invalid")),
                ("500", problemRef("Internal")),
                (
                    "503",
                    .object([
                        ("description", .string("Only when started with --unavailable: the proxy's own page.")),
                        (
                            "content",
                            .object([("text/html", .object([("schema", .object([("type", .string("string"))]))]))])
                        ),
                    ])
                ),
            ])
        ),
    ])

    static let createRegistration: JSONNode = .object([
        ("operationId", .string("createRegistration")), ("summary", .string("Register for an event")),
        (
            "parameters",
            .array([
                .object([
                    ("name", .string("slug")), ("in", .string("path")), ("required", .bool(true)),
                    (
                        "schema",
                        .object([
                            ("title", .string("Event")), ("type", .string("string")),
                            ("enum", .array(Registration.events.sorted().map { .string($0) })),
                            ("x-enumNames", .array(Registration.events.sorted().map { .string(eventNames[$0] ?? $0) })),
                        ])
                    ),
                ])
            ])
        ),
        (
            "requestBody",
            .object([
                ("required", .bool(true)),
                (
                    "content",
                    .object([
                        ("application/json", .object([("schema", ref("NewRegistration"))]))
                    ])
                ),
            ])
        ),
        (
            "responses",
            .object([
                ("201", jsonResponse("The registration was made.", ref("CreatedRegistration"))),
                ("400", problemRef("BadRequest")), ("404", problemRef("NotFound")),
                ("415", problemRef("UnsupportedMediaType")), ("422", problemRef("Invalid")),
            ])
        ),
    ])

    static let listRequests = listing(
        "listRequests", summary: "List the requests received", answer: "Every request, oldest first.",
        item: "RequestRecord")

    static let description: JSONNode = .object([
        ("operationId", .string("getDescription")), ("summary", .string("This description")),
        (
            "responses",
            .object([("200", jsonResponse("The OpenAPI 3.1 description.", .object([("type", .string("object"))])))])
        ),
    ])

    /// The events' names for people, by slug.
    static let eventNames = ["accesibilidad-2026": "Accessibility 2026", "taller-swift": "Swift workshop"]

    // MARK: - Building blocks

    static func ref(_ name: String) -> JSONNode { .object([("$ref", .string("#/components/schemas/\(name)"))]) }

    static func problemRef(_ name: String) -> JSONNode {
        .object([("$ref", .string("#/components/responses/\(name)"))])
    }

    static func jsonResponse(_ text: String, _ schema: JSONNode) -> JSONNode {
        .object([
            ("description", .string(text)), ("content", .object([("application/json", .object([("schema", schema)]))])),
        ])
    }

    /// A `GET` answering a JSON array of one schema, or a problem when the service fails.
    static func listing(_ operationID: String, summary: String, answer: String, item: String) -> JSONNode {
        .object([
            ("operationId", .string(operationID)), ("summary", .string(summary)),
            (
                "responses",
                .object([
                    ("200", jsonResponse(answer, .object([("type", .string("array")), ("items", ref(item))]))),
                    ("500", problemRef("Internal")),
                ])
            ),
        ])
    }

    static func problem(_ text: String) -> JSONNode {
        .object([
            ("description", .string(text)),
            (
                "headers",
                .object([
                    (
                        "Content-Language",
                        .object([
                            (
                                "description",
                                .string("The language of title, detail and errors: the best of Accept-Language.")
                            ),
                            ("schema", .object([("type", .string("string"))])),
                        ])
                    )
                ])
            ),
            ("content", .object([("application/problem+json", .object([("schema", ref("Problem"))]))])),
        ])
    }

    static let responses: JSONNode = .object([
        (
            "BadRequest",
            problem("The body is not JSON or not an object, or the Idempotency-Key is not a quoted string.")
        ),
        ("Blocked", problem("The e-mail belongs to a blocked domain.")),
        ("Conflict", problem("The e-mail has an account already, or a request with this Idempotency-Key is running.")),
        ("UnsupportedMediaType", problem("The body is neither JSON nor a form.")),
        ("Invalid", problem("Some fields are not valid; errors says which, by JSON pointer.")),
        ("NotFound", problem("There is no such event.")),
        ("Internal", problem("The service failed; nothing was stored.")),
    ])
}
