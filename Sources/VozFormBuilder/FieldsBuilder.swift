import VozForm

/// Collects the fields of a form written in Swift, in the order they are written: the order they are asked in.
///
/// `if`, `if`/`else`, `for` and optional fields work as they do in any result builder, so a form can leave out a
/// field the tool does not need.
@resultBuilder
public enum FieldsBuilder {
    public static func buildExpression(_ field: Field) -> [Field] { [field] }
    public static func buildExpression(_ fields: [Field]) -> [Field] { fields }
    public static func buildBlock(_ parts: [Field]...) -> [Field] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Field]?) -> [Field] { part ?? [] }
    public static func buildEither(first part: [Field]) -> [Field] { part }
    public static func buildEither(second part: [Field]) -> [Field] { part }
    public static func buildArray(_ parts: [[Field]]) -> [Field] { parts.flatMap { $0 } }
}
