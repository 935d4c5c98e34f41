import SnapshotStore

/// The commands a snapshot failure offers, written once: the assertion's message and failure record
/// (`FailureText`, which the store is given), `review`, the report and the matrix's hint (SnapshotReview,
/// LabelSnapCLI, LabelSnapshotTesting) all spell them from here, and the store names no tool of its own.
package enum SnapshotCommand {
    /// `labelsnap` as it runs in a package: `swift run labelsnap`, which SwiftPM builds and runs in any package that
    /// depends on LabelSnapshot (and in this one), where a bare `labelsnap` is on no `PATH`. The CLI words the commands
    /// it shows the way it was started (`shownCommand`: the plugin's, or `labelsnap` when `PATH` found it).
    package static let program = "swift run labelsnap"

    /// `swift run labelsnap <arguments>`.
    package static func labelsnap(_ arguments: String) -> String { program + " " + arguments }

    /// `swift run labelsnap accept <the failure record at recordPath>`.
    package static func accept(recordPath: String) -> String {
        labelsnap("accept " + shellQuote(recordPath))
    }

    /// `swift run labelsnap reject <the failure record at recordPath>`.
    package static func reject(recordPath: String) -> String {
        labelsnap("reject " + shellQuote(recordPath))
    }

    /// The matrix's hint: `Review: swift run labelsnap review · accept them all: swift run labelsnap accept <file>/<test>`.
    package static func reviewOrAcceptAll(selection: String) -> String {
        "Review: \(labelsnap("review")) · accept them all: \(labelsnap("accept " + shellQuote(selection)))"
    }

    /// `<variable>=<mode> swift test --filter '<filter>'`: the test run again under a record mode
    /// (`variable` is the record-mode variable, `SNAPSHOT_TESTING_RECORD`).
    package static func rerecord(variable: String, mode: String, filter: String) -> String {
        "\(variable)=\(mode) swift test --filter \(shellQuote(filter))"
    }

    /// `text` quoted for a POSIX shell when it needs quoting (SnapshotRun's `ShellQuoting`, which the run manifest uses).
    package static func shellQuote(_ text: String) -> String { ShellQuoting.quote(text) }
}
