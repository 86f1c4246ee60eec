/// Why a YAML text cannot be read into a document. Each case says where (1-based line and column) and what.
package struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line of the problem, from 1.
    package var line: Int
    /// The column of the problem, from 1.
    package var column: Int
    /// What is wrong, as a phrase for the spec's author ("the key \"name\" is written twice").
    package var problem: String

    package init(line: Int, column: Int, problem: String) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    package var description: String { "line \(line), column \(column): \(problem)" }
}
