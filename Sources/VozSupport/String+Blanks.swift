extension String {
    /// The text without leading or trailing spaces.
    package var trimmingBlanks: String {
        var characters = Substring(self)
        while characters.first == " " { characters.removeFirst() }
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }
}
