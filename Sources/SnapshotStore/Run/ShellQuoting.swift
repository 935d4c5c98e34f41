/// POSIX shell quoting, for command lines the run writes (the manifest's test command) and, through
/// `SnapshotCommand.shellQuote`, the commands a failure offers.
package enum ShellQuoting {
    /// `text` quoted for a POSIX shell when it needs quoting.
    package static func quote(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { s in
            (s.value < 0x80 && (s.properties.isAlphabetic || s.properties.numericType != nil)) || "_-./,:+=@%".unicodeScalars.contains(s)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
