/// The words of a label made from a property name that a voice reads wrong: an initialism written as a word
/// ("Cvc", "Iban", read as one syllable), an abbreviation ("Ref", "Qty"), a word without a vowel ("Txn"). The form
/// builder spells the initialisms in capitals, which a voice reads letter by letter; the audit flags the rest.
package enum LabelWords {
    /// Initialisms a form asks for, lower case: a voice reads "IBAN" letter by letter, "Iban" as a word. "id" and
    /// "url" are left out: read as words they are still understood, and reviewers accept "Booking id".
    package static let initialisms: Set<String> = [
        "api", "bic", "cif", "cnpj", "cpf", "csc", "curp", "cvc", "cvv", "dni", "dns", "dob", "duns", "ean", "ein",
        "eori", "gps", "gtin", "iban", "imei", "ip", "isbn", "iso", "mfa", "moto", "naics", "nie", "nif", "otp", "pdf",
        "rfc", "sku", "sms", "ssn", "tos", "totp", "upc", "uri", "utc", "uuid", "vat", "vin", "vrn",
    ]

    /// Short forms a voice reads as they are written, not as the word they stand for.
    package static let abbreviations: Set<String> = [
        "acct", "addr", "amt", "cfg", "cnt", "cust", "desc", "dept", "dst", "idx", "img", "msg", "nr", "num", "pwd",
        "qty", "ref", "seq", "src", "tmp", "txn", "usr",
    ]

    /// `word` as a label writes it: an initialism in capitals, anything else as it is.
    package static func spelled(_ word: String) -> String {
        initialisms.contains(word.lowercased()) ? word.uppercased() : word
    }

    /// The first word of `label` a voice reads wrong, as written; nil when every word reads as meant.
    package static func misread(in label: String) -> String? {
        let words = label.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return words.first { word in
            let lower = word.lowercased()
            // Written in capitals, an initialism is spelled out; a lone letter or a number is read as it is.
            guard word.count > 1, word.contains(where: \.isLetter), word != word.uppercased() else { return false }
            if initialisms.contains(lower) || abbreviations.contains(lower) { return true }
            return word.allSatisfy(\.isLetter) && !lower.contains(where: "aeiouyáéíóúàèìòùâêîôûäëïöüãõ".contains)
        }
    }
}
