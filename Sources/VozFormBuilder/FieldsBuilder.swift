import VozForm

/// Collects the fields of a form written in Swift, in the order they are written: the order they are asked in.
///
/// `if`, `if`/`else`, `for` and optional fields work as they do in any result builder, so a form can leave out a
/// field the tool does not need.
@resultBuilder
public enum FieldsBuilder {
    /// One field.
    public static func buildExpression(_ field: Field) -> [Field] { [field] }
    /// Several fields at once, in their order.
    public static func buildExpression(_ fields: [Field]) -> [Field] { fields }
    /// The fields of each statement, in the order written.
    public static func buildBlock(_ parts: [Field]...) -> [Field] { parts.flatMap { $0 } }
    /// The fields of an `if` that ran, or none.
    public static func buildOptional(_ part: [Field]?) -> [Field] { part ?? [] }
    /// The fields of the `if` branch taken.
    public static func buildEither(first part: [Field]) -> [Field] { part }
    /// The fields of the `else` branch taken.
    public static func buildEither(second part: [Field]) -> [Field] { part }
    /// The fields of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[Field]]) -> [Field] { parts.flatMap { $0 } }
}
