import CYAML
import VozJSON

/// Builds a `JSONNode` tree from libyaml events: a stack of open mappings and sequences, the anchors seen so far
/// and a count of the values made, aliases included.
struct YAMLTreeBuilder {
    let maxDepth: Int
    let maxValues: Int

    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var values = 0
    private var root: JSONNode?
    private var documents = 0

    init(maxDepth: Int, maxValues: Int) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    // MARK: - Frames

    private struct Anchored {
        var node: JSONNode
        var count: Int
    }

    private struct Frame {
        var isMapping: Bool
        var line: Int
        var column: Int
        var anchor: String?
        /// The values made before this container opened, to count its own.
        var valuesBefore: Int
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        var keys: Set<String> = []
        var pendingKey: (text: String, line: Int, column: Int)?
    }

    // MARK: - Events

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let line = Int(event.start_mark.line) + 1
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            guard documents == 1 else {
                throw YAMLError(line: line, column: column, problem: "the file holds more than one YAML document")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = Self.string(scalar.value, length: scalar.length)
            let tag = scalar.tag.map { String(cString: $0) }
            if var frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                guard frame.keys.insert(text).inserted else {
                    throw YAMLError(line: line, column: column, problem: "the key \"\(text)\" is written twice")
                }
                frame.pendingKey = (text, line, column)
                stack[stack.count - 1] = frame
                return
            }
            let value: JSONValue =
                switch tag {
                case nil where scalar.plain_implicit == 1: YAMLScalar.resolve(text)
                case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                    "tag:yaml.org,2002:null":
                    YAMLScalar.resolve(text)
                default: .string(text)
                }
            try add(JSONNode(value, line: line, column: column), count: 1, anchor: Self.anchor(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.anchor(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(line: line, column: column, problem: "the alias *\(name) names no anchor before it")
            }
            if let frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                throw YAMLError(line: line, column: column, problem: "an alias cannot be a key")
            }
            var node = anchored.node
            (node.line, node.column) = (line, column)
            try add(node, count: anchored.count, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if let frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                throw YAMLError(line: line, column: column, problem: "a key must be a text, not a list or a mapping")
            }
            guard stack.count < maxDepth else {
                throw YAMLError(
                    line: line, column: column, problem: "the document nests deeper than \(maxDepth) levels")
            }
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            stack.append(
                Frame(
                    isMapping: isMapping, line: line, column: column, anchor: Self.anchor(anchor), valuesBefore: values)
            )
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let node = JSONNode(
                frame.isMapping ? .object(frame.members) : .array(frame.elements), line: frame.line,
                column: frame.column)
            let inside = values - frame.valuesBefore
            values = frame.valuesBefore
            try add(node, count: inside + 1, anchor: frame.anchor)
        default:
            break
        }
    }

    /// The document's root; an empty file is refused.
    func finish() throws(YAMLError) -> JSONNode {
        guard let root else { throw YAMLError(line: 1, column: 1, problem: "the file holds no YAML document") }
        return root
    }

    // MARK: - Building

    private mutating func add(_ node: JSONNode, count: Int, anchor: String?) throws(YAMLError) {
        values += count
        guard values <= maxValues else {
            throw YAMLError(
                line: node.line, column: node.column,
                problem: "the aliases expand to more than \(maxValues) values; the file is refused as a YAML bomb")
        }
        if let anchor { anchors[anchor] = Anchored(node: node, count: count) }
        guard var frame = stack.popLast() else {
            root = node
            return
        }
        if frame.isMapping, let key = frame.pendingKey {
            frame.members.append(JSONMember(key: key.text, keyLine: key.line, keyColumn: key.column, value: node))
            frame.pendingKey = nil
        } else {
            frame.elements.append(node)
        }
        stack.append(frame)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
