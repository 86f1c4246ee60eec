/// Why a YAML text cannot be read into a document. Each case says where (1-based line and column) and what.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line of the problem, from 1.
    public var line: Int
    /// The column of the problem, from 1.
    public var column: Int
    /// What is wrong, as a phrase for the spec's author ("the key \"name\" is written twice").
    public var problem: String

    public init(line: Int, column: Int, problem: String) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String { "line \(line), column \(column): \(problem)" }
}
