import Foundation

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int)
    case real(Double)
    case text(String)
    case blob(Data)
}
