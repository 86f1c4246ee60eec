import Foundation

/// Which person an e-mail address stands for, for the rule of one account per address.
///
/// Two addresses a person cannot tell apart on a screen, or hear apart from a speech synthesiser, are one address:
/// `registrada@example.com` with a Cyrillic `а` (U+0430) or a long `ſ` (U+017F) in place of the Latin letters, in
/// full-width letters, in capitals, or with an invisible character inside. Their key is the same, so the second
/// one hears "already registered" as the plain duplicate does. The address itself is stored as it was typed.
enum EmailIdentity {
    /// The address's key: compatibility forms folded (NFKC: `ſ` → `s`, full-width → ASCII), each letter of another
    /// script that looks like a Latin one replaced by it, invisible characters dropped, then case folded.
    static func key(_ email: String) -> String {
        // Decomposed, so a look-alike with an accent (Cyrillic `ѐ`) is its base letter and the same accent.
        let decomposed = email.precomposedStringWithCompatibilityMapping.decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            if let latin = latinLookAlikes[scalar] {
                scalars.append(latin)
            } else {
                scalars.append(scalar)
            }
        }
        // Case is folded after the look-alikes: Greek `Η` looks like `H` but `η` like `n`.
        return String(scalars).folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }

    /// Letters of other scripts that look like a Latin letter, each with the letter it looks like, from Unicode's
    /// confusables (UTS #39) for Cyrillic, Greek, Armenian and the Latin extensions: the letters that can pass for
    /// ASCII in an address. Case matters here, as it does to the eye.
    static let latinLookAlikes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic capitals and small letters.
            ("АВЕКМНОРСТХУЅІЈҮӀԚԜҺ", "ABEKMHOPCTXYSIJYlQWh"),
            ("аеорсухѕіјԁһӏԛԝүѵ", "aeopcyxsijdhlqwyv"),
            // Greek capitals and small letters.
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"),
            ("αογινυκϲϳ", "aoyivukcj"),
            // Armenian small letters.
            ("օսհոց", "ouhng"),
            // Latin letters outside ASCII that pass for ASCII ones.
            ("ıȷɑɡɩ", "ijagi"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (others, latin) in pairs {
            for (other, letter) in zip(others.unicodeScalars, latin.unicodeScalars) { table[other] = letter }
        }
        return table
    }()
}
