import Foundation

/// The commands a snapshot failure offers, written once: the assertion's message and failure record
/// (SnapshotStore), `review`, the report and the matrix's hint (SnapshotReview, LabelSnapCLI,
/// LabelSnapshotTesting) all spell them from here, and the store names no tool of its own.
package enum SnapshotCommand {
    /// `labelsnap accept <the failure record at recordPath>`.
    package static func accept(recordPath: String) -> String {
        "labelsnap accept " + shellQuote(recordPath)
    }

    /// `labelsnap reject <the failure record at recordPath>`.
    package static func reject(recordPath: String) -> String {
        "labelsnap reject " + shellQuote(recordPath)
    }

    /// The matrix's hint: `Review: labelsnap review · accept them all: labelsnap accept <file>/<test>`.
    package static func reviewOrAcceptAll(selection: String) -> String {
        "Review: labelsnap review · accept them all: labelsnap accept " + shellQuote(selection)
    }

    /// `<variable>=<mode> swift test --filter '<filter>'`: the test run again under a record mode
    /// (`variable` is the record-mode variable, `SNAPSHOT_TESTING_RECORD`).
    package static func rerecord(variable: String, mode: String, filter: String) -> String {
        "\(variable)=\(mode) swift test --filter \(shellQuote(filter))"
    }

    /// `text` quoted for a POSIX shell when it needs quoting.
    package static func shellQuote(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { s in
            (s.value < 0x80 && (s.properties.isAlphabetic || s.properties.numericType != nil)) || "_-./,:+=@%".unicodeScalars.contains(s)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
