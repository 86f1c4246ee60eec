import Foundation
import Testing
import VozKit

@testable import VozDemoService

/// Issue 25, section 5: the demo said "coupon" and "Gutschein" of a field the French and German forms call "Code de
/// réduction" and "Rabattcode". What the service says of a field names it as the bundled form of that language does.
@Suite struct DemoWordingTests {
    static let accountForms = [
        "crear-cuenta.json", "create-account.json", "creer-un-compte.json", "konto-anlegen.json", "crea-account.json",
        "criar-conta.json",
    ]

    static func examples(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/\(name)").path
    }

    @Test(arguments: accountForms)
    func theExpiredCouponMessageNamesTheFieldAsTheFormDoes(form name: String) throws {
        let form = try FormFile.load(path: Self.examples(name)).form
        let language = Language.resolve(formLocale: form.locale, environment: [:])
        let label = try #require(form.field(id: "coupon")?.label)
        let message = DemoText.couponExpired.text(language).lowercased()
        let words = label.lowercased().split(separator: " ").filter { $0.count >= 4 }
        #expect(words.contains { message.contains($0) }, "\(language): \(message) / \(label)")
    }
}
