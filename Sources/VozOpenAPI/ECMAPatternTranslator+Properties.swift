/// `\p{…}` and `\P{…}`: the names ECMA-262 defines, exactly as it spells them (ICU would take looser spellings).
extension ECMAPatternTranslator {
    /// General_Category values, long and short, with their aliases (`digit`, `punct`, `Combining_Mark`).
    static let generalCategories: Set<String> = [
        "L", "Letter", "LC", "Cased_Letter", "Lu", "Uppercase_Letter", "Ll", "Lowercase_Letter", "Lt",
        "Titlecase_Letter", "Lm", "Modifier_Letter", "Lo", "Other_Letter", "M", "Mark", "Combining_Mark", "Mn",
        "Nonspacing_Mark", "Mc", "Spacing_Mark", "Me", "Enclosing_Mark", "N", "Number", "Nd", "Decimal_Number",
        "digit", "Nl", "Letter_Number", "No", "Other_Number", "P", "Punctuation", "punct", "Pc",
        "Connector_Punctuation", "Pd", "Dash_Punctuation", "Ps", "Open_Punctuation", "Pe", "Close_Punctuation", "Pi",
        "Initial_Punctuation", "Pf", "Final_Punctuation", "Po", "Other_Punctuation", "S", "Symbol", "Sm",
        "Math_Symbol", "Sc", "Currency_Symbol", "Sk", "Modifier_Symbol", "So", "Other_Symbol", "Z", "Separator",
        "Zs", "Space_Separator", "Zl", "Line_Separator", "Zp", "Paragraph_Separator", "C", "Other", "Cc", "Control",
        "cntrl", "Cf", "Format", "Cs", "Surrogate", "Co", "Private_Use", "Cn", "Unassigned",
    ]

    /// ECMA-262's binary properties (table "Binary Unicode property aliases"), long and short names.
    static let binaryProperties: Set<String> = [
        "ASCII", "ASCII_Hex_Digit", "AHex", "Alphabetic", "Alpha", "Any", "Assigned", "Bidi_Control", "Bidi_C",
        "Bidi_Mirrored", "Bidi_M", "Case_Ignorable", "CI", "Cased", "Changes_When_Casefolded", "CWCF",
        "Changes_When_Casemapped", "CWCM", "Changes_When_Lowercased", "CWL", "Changes_When_NFKC_Casefolded", "CWKCF",
        "Changes_When_Titlecased", "CWT", "Changes_When_Uppercased", "CWU", "Dash", "Default_Ignorable_Code_Point",
        "DI", "Deprecated", "Dep", "Diacritic", "Dia", "Emoji", "Emoji_Component", "EComp", "Emoji_Modifier", "EMod",
        "Emoji_Modifier_Base", "EBase", "Emoji_Presentation", "EPres", "Extended_Pictographic", "ExtPict", "Extender",
        "Ext", "Grapheme_Base", "Gr_Base", "Grapheme_Extend", "Gr_Ext", "Hex_Digit", "Hex", "IDS_Binary_Operator",
        "IDSB", "IDS_Trinary_Operator", "IDST", "ID_Continue", "IDC", "ID_Start", "IDS", "Ideographic", "Ideo",
        "Join_Control", "Join_C", "Logical_Order_Exception", "LOE", "Lowercase", "Lower", "Math",
        "Noncharacter_Code_Point", "NChar", "Pattern_Syntax", "Pat_Syn", "Pattern_White_Space", "Pat_WS",
        "Quotation_Mark", "QMark", "Radical", "Regional_Indicator", "RI", "Sentence_Terminal", "STerm",
        "Soft_Dotted", "SD", "Terminal_Punctuation", "Term", "Unified_Ideograph", "UIdeo", "Uppercase", "Upper",
        "Variation_Selector", "VS", "White_Space", "space", "XID_Continue", "XIDC", "XID_Start", "XIDS",
    ]

    /// The property escape starting at `start` (the index is past `\p`), in ICU's spelling.
    mutating func property(negated: Bool, start: Int) throws(PatternRefusal) -> String {
        guard peek(0) == "{" else { throw PatternRefusal(.malformed, written(from: start, count: 2)) }
        var end = index + 1
        var name = ""
        while end < scalars.count, scalars[end] != "}" {
            name.unicodeScalars.append(scalars[end])
            end += 1
        }
        let written = self.written(from: start, count: end - start + 1)
        guard end < scalars.count else { throw PatternRefusal(.malformed, written) }
        index = end + 1
        let letter = negated ? "P" : "p"
        let parts = name.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1 where Self.generalCategories.contains(name):
            return "\\\(letter){gc=\(name)}"
        case 1 where Self.binaryProperties.contains(name):
            return "\\\(letter){\(name)}"
        case 2 where ["General_Category", "gc"].contains(parts[0]) && Self.generalCategories.contains(parts[1]):
            return "\\\(letter){gc=\(parts[1])}"
        case 2 where ["Script", "sc", "Script_Extensions", "scx"].contains(parts[0]) && Self.isScriptName(parts[1]):
            // ICU knows every script ECMA-262 does; a name it does not know fails to compile and is refused then.
            let key = parts[0].hasPrefix("Script_") || parts[0] == "scx" ? "scx" : "sc"
            return "\\\(letter){\(key)=\(parts[1])}"
        default:
            throw PatternRefusal(.unknownProperty, written)
        }
    }

    /// A script's name as Unicode writes it (`Greek`, `Grek`, `Old_Italic`): ICU would also take `greek`.
    private static func isScriptName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }
    }
}
