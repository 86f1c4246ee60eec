import VozJSON

extension OpenAPIDescription {
    // MARK: - Schemas

    static func string(_ members: [(String, JSONNode)] = []) -> JSONNode {
        .object([("type", .string("string"))] + members)
    }

    static func text(_ value: String) -> JSONNode { .string(value) }

    static let schemas: JSONNode = .object([
        ("NewAccount", newAccount),
        (
            "CreatedAccount",
            .object([
                ("type", .string("object")), ("required", .array([.string("id"), .string("email")])),
                ("properties", .object([("id", string()), ("email", string([("format", .string("email"))]))])),
            ])
        ),
        (
            "Account",
            .object([
                ("type", .string("object")),
                ("required", .array([.string("id"), .string("email"), .string("created")])),
                (
                    "properties",
                    .object([
                        ("id", string()), ("email", string([("format", .string("email"))])),
                        ("created", string([("format", .string("date-time"))])),
                    ])
                ),
            ])
        ),
        ("NewRegistration", newRegistration),
        ("Person", person),
        (
            "CreatedRegistration",
            .object([
                ("type", .string("object")),
                (
                    "properties",
                    .object([("id", string()), ("event", string()), ("seats", .object([("type", .string("integer"))]))])
                ),
            ])
        ),
        (
            "Health",
            .object([
                ("type", .string("object")), ("properties", .object([("status", string([("const", .string("ok"))]))])),
            ])
        ),
        ("RequestRecord", requestRecord),
        ("Problem", problemSchema),
    ])

    /// `POST /accounts`: what `AccountValidator` checks, in the bundled form's words.
    static let newAccount: JSONNode = .object([
        ("type", .string("object")), ("title", .string("New account")),
        ("required", .array(["name", "email", "password", "terms"].map { .string($0) })),
        (
            "properties",
            .object([
                (
                    "name",
                    string([
                        ("title", text("Full name")), ("minLength", .number(1)),
                        (
                            "description",
                            text(
                                "Your first and last name, at least 1 letter, as you want them to appear on the account."
                            )
                        ),
                        ("examples", .array([text("Ana Pérez")])),
                    ])
                ),
                (
                    "email",
                    string([
                        ("title", text("E-mail address")), ("format", .string("email")),
                        ("maxLength", .number(AccountValidator.maximumEmailLength)),
                        (
                            "description",
                            text(
                                "An address with an at sign and a domain, up to \(AccountValidator.maximumEmailLength) characters. The confirmation goes there."
                            )
                        ),
                        ("examples", .array([text("ana@example.com")])),
                    ])
                ),
                (
                    "password",
                    string([
                        ("title", text("Password")), ("format", .string("password")), ("writeOnly", .bool(true)),
                        ("minLength", .number(AccountValidator.minimumPasswordLength)),
                        (
                            "description",
                            text(
                                "At least \(AccountValidator.minimumPasswordLength) characters. It is never shown or read aloud."
                            )
                        ),
                    ])
                ),
                (
                    "coupon",
                    string([
                        ("title", text("Discount coupon")),
                        ("description", text("Optional. A coupon that has run out is refused.")),
                        ("examples", .array([text("SUMMER25")])),
                    ])
                ),
                (
                    "plan",
                    string([
                        ("title", text("Plan")), ("enum", .array(AccountValidator.plans.map { .string($0) })),
                        ("x-enumNames", .array([text("Free"), text("Pro"), text("Business")])),
                        ("default", text("free")), ("description", text("You can change it later.")),
                    ])
                ),
                (
                    "terms",
                    .object([
                        ("type", .string("boolean")), ("const", .bool(true)),
                        ("title", text("I accept the terms of use")),
                        ("description", text("Without accepting them the account cannot be created.")),
                    ])
                ),
            ])
        ),
    ])

    /// A contact or a guest: a name that is not blank and a valid e-mail.
    static let person: JSONNode = .object([
        ("type", .string("object")), ("required", .array([.string("name"), .string("email")])),
        (
            "properties",
            .object([
                (
                    "name",
                    string([
                        ("title", text("Name")), ("minLength", .number(1)),
                        ("description", text("First and last name, at least 1 letter.")),
                    ])
                ),
                (
                    "email",
                    string([
                        ("title", text("E-mail address")), ("format", .string("email")),
                        ("maxLength", .number(AccountValidator.maximumEmailLength)),
                        (
                            "description",
                            text(
                                "An address with an at sign and a domain, up to \(AccountValidator.maximumEmailLength) characters."
                            )
                        ),
                    ])
                ),
            ])
        ),
    ])

    /// `POST /events/{slug}/registrations`: what `Registration.validate` checks.
    static let newRegistration: JSONNode = .object([
        ("type", .string("object")), ("title", .string("New registration")),
        ("required", .array([.string("contact"), .string("seats"), .string("payment")])),
        (
            "properties",
            .object([
                ("contact", ref("Person")),
                (
                    "seats",
                    .object([
                        ("type", .string("integer")), ("title", text("Seats")),
                        ("minimum", .number(Registration.seatRange.lowerBound)),
                        ("maximum", .number(Registration.seatRange.upperBound)),
                        ("description", text("How many places to keep, yours included.")),
                    ])
                ),
                (
                    "tags",
                    .object([
                        ("type", .string("array")), ("title", text("Interests")), ("items", string()),
                        ("description", text("Words about what interests you; spam and gratis are refused.")),
                    ])
                ),
                (
                    "guests",
                    .object([
                        ("type", .string("array")), ("title", text("Guests")),
                        (
                            "items",
                            .object([("$ref", .string("#/components/schemas/Person")), ("title", text("Guest"))])
                        ),
                        ("description", text("Everyone who comes with you; addresses at blocked.example are refused.")),
                    ])
                ),
                (
                    "payment",
                    .object([
                        ("title", text("How you pay")),
                        (
                            "oneOf",
                            .array([
                                paymentBranch(
                                    "Card", method: "card",
                                    member: (
                                        "card",
                                        .object([
                                            ("type", .string("object")), ("required", .array([.string("number")])),
                                            (
                                                "properties",
                                                .object([
                                                    (
                                                        "number",
                                                        string([
                                                            ("title", text("Card number")),
                                                            (
                                                                "description",
                                                                text(
                                                                    "\(Registration.cardDigits) digits; spaces are allowed."
                                                                )
                                                            ),
                                                        ])
                                                    )
                                                ])
                                            ),
                                        ])
                                    )),
                                paymentBranch(
                                    "Bank transfer", method: "transfer",
                                    member: (
                                        "iban",
                                        string([
                                            ("title", text("IBAN")),
                                            ("minLength", .number(Registration.minimumIBANLength)),
                                            (
                                                "description",
                                                text(
                                                    "Your account's IBAN: at least \(Registration.minimumIBANLength) characters, starting with two letters; spaces are allowed."
                                                )
                                            ),
                                        ])
                                    )),
                            ])
                        ),
                        (
                            "discriminator",
                            .object([("propertyName", .string("method"))])
                        ),
                    ])
                ),
            ])
        ),
    ])

    /// One way to pay: `method` sent fixed as the branch's own value (what tells the branches apart), and the one
    /// member that way asks for.
    static func paymentBranch(_ title: String, method: String, member: (String, JSONNode)) -> JSONNode {
        .object([
            ("title", text(title)), ("type", .string("object")),
            ("required", .array([.string("method"), .string(member.0)])),
            ("properties", .object([("method", string([("const", .string(method))])), member])),
        ])
    }

    static let requestRecord: JSONNode = .object([
        ("type", .string("object")),
        (
            "properties",
            .object([
                ("sequence", .object([("type", .string("integer"))])),
                ("time", string([("format", .string("date-time"))])),
                ("method", string()), ("path", string()),
                ("idempotencyKey", .object([("type", .array([.string("string"), .string("null")]))])),
                ("status", .object([("type", .string("integer"))])),
                ("delivered", .object([("type", .string("boolean"))])),
                ("replayed", .object([("type", .string("boolean"))])),
            ])
        ),
    ])

    /// RFC 9457 problem details, with the `errors` extension the service uses for field errors.
    static let problemSchema: JSONNode = .object([
        ("type", .string("object")),
        ("required", .array(["type", "title", "status", "detail"].map { .string($0) })),
        (
            "properties",
            .object([
                ("type", string([("format", .string("uri"))])), ("title", string()),
                ("status", .object([("type", .string("integer"))])), ("detail", string()),
                (
                    "errors",
                    .object([
                        ("type", .string("array")),
                        (
                            "items",
                            .object([
                                ("type", .string("object")),
                                ("required", .array([.string("detail"), .string("pointer")])),
                                (
                                    "properties",
                                    .object([
                                        ("detail", string()),
                                        (
                                            "pointer",
                                            string([
                                                (
                                                    "description",
                                                    text(
                                                        "A JSON Pointer into the request body, as a URI fragment: #/email."
                                                    )
                                                )
                                            ])
                                        ),
                                    ])
                                ),
                            ])
                        ),
                    ])
                ),
            ])
        ),
    ])
}
