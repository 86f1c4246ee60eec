/// Whether a value typed at a field marked `iban` is an IBAN (ISO 13616): two letters of a country, two check
/// digits, then the country's account number, as long as that country's IBANs are, and a remainder of 1 modulo 97.
///
/// A field that says it wants an IBAN and takes "1" lets the person send something the bank will refuse, and read
/// back as "hidden" it cannot even be heard wrong: what is wrong is said at once, without reading the value back.
enum IBANCheck {
    /// What is wrong with a value that is not an IBAN.
    enum Problem: Equatable {
        /// Not two letters, two digits, then letters and digits (or too short to be one).
        case shape
        /// The length the country's IBANs have, and the length typed.
        case length(country: String, expected: Int, typed: Int)
        /// The check digits do not fit the rest: a character was mistyped, left out or swapped.
        case checkDigits
    }

    /// The letters and digits of `text`, upper-cased, with the spaces and hyphens it may be written with removed.
    static func compact(_ text: String) -> String {
        text.filter { $0 != " " && $0 != "-" && $0 != "\u{00A0}" }.uppercased()
    }

    /// What is wrong with `text` as an IBAN, nil when it is one.
    static func problem(in text: String) -> Problem? {
        let characters = Array(compact(text))
        guard characters.count >= 5, characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            characters[0].isLetter, characters[1].isLetter, characters[2].isNumber, characters[3].isNumber
        else { return .shape }
        let country = String(characters[0..<2])
        if let expected = lengths[country] {
            guard characters.count == expected else {
                return .length(country: country, expected: expected, typed: characters.count)
            }
        } else if !(15...34).contains(characters.count) {
            // A country the registry added after this list: only the bounds every IBAN keeps.
            return .shape
        }
        return SensitiveShape.mod97(characters) == 1 ? nil : .checkDigits
    }

    /// The length of each country's IBANs, from the SWIFT IBAN registry (ISO 13616).
    static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]
}
