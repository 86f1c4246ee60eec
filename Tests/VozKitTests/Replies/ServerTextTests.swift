import Foundation
import Testing

@testable import VozKit
@testable import VozReplies

@Suite struct ServerTextTests {
    @Test(arguments: [
        ("Ese correo\u{1B}[31m ya está\u{1B}[0m registrado.", "Ese correo ya está registrado."),
        ("Nombre\u{202E}odacifirev\u{202C} no válido", "Nombreodacifirev no válido"),
        ("línea uno\r\nlínea\tdos\u{0007}", "línea uno línea dos"),
        ("  espacios   de   más  ", "espacios de más"),
        ("\u{1B}]0;título\u{07}Hola", "Hola"),
    ])
    func cleansForSpeech(_ raw: String, _ clean: String) {
        #expect(ServerText.sanitize(raw) == clean)
    }

    @Test func capsTheLengthAtAWord() {
        let long = Array(repeating: "palabra", count: 100).joined(separator: " ")
        let clean = ServerText.sanitize(long)
        #expect(clean.count <= ServerText.maximumLength + 1)
        #expect(clean.hasSuffix("palabra…"))
    }

    @Test(arguments: [
        "{\"email\": \"bad\"}",
        "java.lang.IllegalStateException: boom",
        "NullReferenceException in AccountService",
        "Error Domain=NSURLErrorDomain Code=-1004",
        "The operation couldn’t be completed. (NSURLErrorDomain error -1004.)",
        "at com.example.Foo.bar(Foo.java:12)",
        "File \"/app/main.py\", line 3, in create",
        "See https://errors.pydantic.dev/2.6/v/missing",
        "Request 8e03978e-40d5-43e8-bc93-6894a57f9324 failed",
        "422",
        "HTTP 500",
        "Error 404: not here",
        "503 Service Unavailable",
        "'x' is an invalid start of a value. Path: $.email | LineNumber: 0 | BytePositionInLine: 9.",
        "The JSON value could not be converted to System.Int32.",
        "Variable \"$input\" got invalid value",
        "TypeError: Cannot read properties of undefined",
    ])
    func recognisesTechnicalText(_ text: String) {
        #expect(ServerText.human(text) == nil)
    }

    @Test(arguments: [
        "Ese correo ya está registrado.",
        "must be 'green', 'red' or 'blue'",
        "can't be blank",
        "The coupon has expired.",
        "String should have at least 12 characters",
        "La ganancia no puede ser negativa.",
    ])
    func keepsHumanText(_ text: String) {
        #expect(ServerText.human(text) == text)
    }

    // MARK: - Markup

    @Test(arguments: [
        ("El correo <b>ya existe</b>.", "El correo ya existe."),
        (
            "Ya tienes cuenta: <a href=\"https://example.com/login?next=/x\">inicia sesión</a>.",
            "Ya tienes cuenta: inicia sesión."
        ),
        ("Tom &amp; Jerry ya est&aacute;n registrados", "Tom & Jerry ya están registrados"),
        ("El nombre &#8220;Ana&#x201D; es corto", "El nombre “Ana” es corto"),
        ("<p>Revisa el correo.</p><p>Ya existe.</p>", "Revisa el correo. Ya existe."),
        ("Línea uno<br/>línea dos", "Línea uno línea dos"),
        ("<speak><prosody rate=\"x-slow\">Correo no válido</prosody></speak>", "Correo no válido"),
        ("<!-- id 42 -->Correo<script>alert(1)</script> no válido", "Correo no válido"),
        ("<b>\u{1B}[31mrojo\u{1B}[0m</b> no vale", "rojo no vale"),
        ("Nombre<i>\u{202E}odacifirev\u{202C}</i> no válido", "Nombreodacifirev no válido"),
        ("&bogus; se queda & así", "&bogus; se queda & así"),
    ])
    func markupKeepsItsWords(_ raw: String, _ heard: String) {
        #expect(ServerText.human(raw) == heard)
    }

    @Test(arguments: [
        "<b></b>", "<a href=\"https://example.com/help\"></a>", "<script>alert('x')</script>", "&lt;b&gt;x&lt;/b&gt;",
        "<a href=\"https://example.com\">https://example.com/reset</a>",
    ])
    func markupWithNothingHumanLeftIsNotSaid(_ raw: String) {
        #expect(ServerText.human(raw) == nil)
    }

    @Test(arguments: ["Bad Request", "Unprocessable Entity", "Too Many Requests", "error"])
    func dropsBareReasonPhrases(_ text: String) {
        #expect(ServerText.human(text) == nil)
    }
}
