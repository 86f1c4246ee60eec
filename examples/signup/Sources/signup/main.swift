import Foundation
import VozKit

let address = CommandLine.arguments.dropFirst().first.flatMap(URL.init(string:)) ?? URL(filePath: "/dev/null")
let signUp = Form("Sign up", locale: "en", sendTo: address) {
    Field.text("Full name", id: "name").required().hint("As on your ID.")
    Field.email("E-mail", id: "email").required()
    Field.secret("Password", id: "password").required().minLength(8)
    Field.choice("Plan", id: "plan", options: [.option("Free", value: "free"), .option("Pro", value: "pro")])
    Field.confirm("I accept the terms", id: "terms").required()
}
do {
    let outcome = try await signUp.run()
    if case .rejected(let rejection) = outcome.ending {
        print("Not signed up:", rejection.fields.map { "\($0.label), \($0.message)" }.joined(separator: "; "))
    }
    exit(outcome.exitStatus)
} catch {
    error.exit()
}
