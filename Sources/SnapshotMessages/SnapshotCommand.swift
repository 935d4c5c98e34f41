import SnapshotRun

/// The commands a snapshot failure offers, written once: the assertion's message and failure record
/// (`FailureText`, which the store is given), `review`, the report and the matrix's hint (SnapshotReview,
/// LabelSnapCLI, LabelSnapshotTesting) all spell them from here, and the store names no tool of its own.
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

    /// `text` quoted for a POSIX shell when it needs quoting (SnapshotRun's `ShellQuoting`, which the run manifest uses).
    package static func shellQuote(_ text: String) -> String { ShellQuoting.quote(text) }
}
