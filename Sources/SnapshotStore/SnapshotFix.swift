import SnapshotMessages

/// What fixes a failed snapshot, as a value: the failure message words it (`line(at:)`), and a fix that
/// needs a file the run did not write is left out by its case (an `accept` without an actual file).
package enum SnapshotFix: Sendable, Equatable {
    /// Accept the actual file as the reference (`SnapshotCommand.accept`).
    case accept(recordPath: String)
    /// Run the test again under this record mode (`SnapshotVerifier.recordCommand`, `SnapshotCommand.rerecord`).
    case rerecord(RecordMode)
    /// An unreadable reference: fix its permissions, or delete it and re-record under this mode.
    case repairOrRerecord(RecordMode)

    /// Whether the fix needs the actual file in the artifacts folder.
    package var needsActualFile: Bool {
        if case .accept = self { return true }
        return false
    }

    /// The fix's line of the message when it is the `position`-th (from 0) fix offered: the first is a
    /// sentence, a later one an alternative ("or …"). `rerecordCommand` gives the command of a mode.
    package func line(at position: Int, rerecordCommand: (RecordMode) -> String) -> String {
        switch self {
        case .accept(let recordPath):
            return (position == 0 ? "Accept the actual value:  " : "or accept the actual file:  ")
                + SnapshotCommand.accept(recordPath: recordPath)
        case .rerecord(let mode):
            let lead = position > 0 ? "or re-record:  " : mode == .missing ? "Record it:  " : "Re-record it:  "
            return lead + rerecordCommand(mode)
        case .repairOrRerecord(let mode):
            return "Fix its permissions, or delete it and re-record:  " + rerecordCommand(mode)
        }
    }
}
