/// Where a generated field came from in the description, kept beside the form (not in it) so `voz audit` can
/// tell a label somebody wrote from one that is only a property name.
public struct FieldProvenance: Sendable, Equatable {
    /// Where the label's words came from.
    public enum LabelSource: String, Sendable, Equatable {
        /// A `title` somebody wrote.
        case title
        /// A `title` that is only the property name re-cased, as pydantic and FastAPI write one for every field
        /// (`passenger_name` → "Passenger Name").
        case autoTitle = "auto-title"
        /// No `title`: the property name in words.
        case name
    }

    /// The property (or parameter) name as the description writes it.
    public var property: String
    /// Where the field's label came from, which tells the audit whether anybody wrote it.
    public var label: LabelSource
    /// The label of the nested object whose words lead the field's label ("Address" in "Address street").
    public var parent: String?

    /// The provenance of a field made from `property`, its label taken from `label`, under `parent` if nested.
    public init(property: String, label: LabelSource, parent: String? = nil) {
        self.property = property
        self.label = label
        self.parent = parent
    }

    /// The key of a field in `OpenAPIFormBuilder.Output.provenance`: its id, after the ids of the groups that
    /// hold it, joined by `/` (which no generated id contains).
    public static func key(_ ids: [String]) -> String {
        ids.joined(separator: "/")
    }
}
