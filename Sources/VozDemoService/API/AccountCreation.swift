import Foundation
import VozForm
import VozJSON
import VozLocalization

/// The business rules of `POST /accounts` once the request is framed and its key claimed.
struct AccountCreation {
    let store: DemoStore
    let language: Language
    let passwords: PasswordHasher

    /// libcrypt could not make a salt or a hash, so nothing is stored: the caller answers 500, as for a database
    /// failure.
    struct HashFailure: Error, CustomStringConvertible {
        var description: String { "libcrypt made no salt or no hash" }
    }

    /// The reply for `body`: 201, 403 blocked, 409 duplicate e-mail, or 422 with every field error. A 201 and the
    /// idempotency record that replays it are committed together.
    ///
    /// - Throws: `SQLiteError` or `HashFailure`.
    func create(_ body: JSONNode, key: String?) throws -> HTTPResponse {
        if AccountValidator.isBlocked(body) {
            return ProblemDetails(
                .blocked, title: DemoText.blockedTitle.text(language), status: 403,
                detail: DemoText.blockedDetail.text(language)
            ).response(language: language)
        }
        switch AccountValidator.validate(body) {
        case .invalid(let failures):
            var errors = failures.map { ProblemDetails.FieldError(field: $0.field, detail: $0.text.text(language)) }
            if let text = body["email"]?.string,
                AccountValidator.isValidEmail(text.trimmingCharacters(in: .whitespaces)),
                try store.emailExists(text.trimmingCharacters(in: .whitespaces))
            {
                errors.append(ProblemDetails.FieldError(field: "email", detail: DemoText.emailTaken.text(language)))
                errors.sort { $0.pointer < $1.pointer }
            }
            return validationProblem(errors)
        case .valid(let submission):
            return try insert(submission, key: key)
        }
    }

    private func insert(_ submission: AccountSubmission, key: String?) throws -> HTTPResponse {
        guard let passwordHash = passwords.hash(submission.password) else { throw HashFailure() }
        let account = NewAccount(
            id: UUID().uuidString.lowercased(), name: submission.name, email: submission.email,
            passwordHash: passwordHash, coupon: submission.coupon, plan: submission.plan,
            created: DemoClock.timestamp())
        let body: JSONNode = .object([("id", .string(account.id)), ("email", .string(account.email))])
        let reply = StoredReply(
            status: 201,
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/json"),
                HTTPHeader(name: "Location", value: "/accounts/\(account.id)"),
                HTTPHeader(name: "Content-Language", value: language.rawValue),
            ],
            body: body.data)
        guard try store.create(account, reply: reply, key: key) else {
            return duplicate()
        }
        return HTTPResponse(status: reply.status, headers: reply.headers, body: reply.body)
    }

    /// 409 with the field error on `email`: the duplicate is a conflict with existing state, not a malformed field.
    private func duplicate() -> HTTPResponse {
        ProblemDetails(
            .duplicate, title: DemoText.duplicateTitle.text(language), status: 409,
            detail: DemoText.duplicateDetail.text(language),
            errors: [ProblemDetails.FieldError(field: "email", detail: DemoText.emailTaken.text(language))]
        ).response(language: language)
    }

    private func validationProblem(_ errors: [ProblemDetails.FieldError]) -> HTTPResponse {
        ProblemDetails(
            .validation, title: DemoText.validationTitle.text(language), status: 422,
            detail: DemoText.validationDetail.text(language), errors: errors
        ).response(language: language)
    }
}
