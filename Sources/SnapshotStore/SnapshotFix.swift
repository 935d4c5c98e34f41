/// What fixes a failed snapshot, as a value: the failure's wording spells it, and a fix that
/// needs a file the run did not write is left out by its case (an `accept` without an actual file).
package enum SnapshotFix: Sendable, Equatable {
    /// Accept the actual file as the reference (the accept command of the failure record at `recordPath`).
    case accept(recordPath: String)
    /// Run the test again under this record mode (the re-record command of `SnapshotFailure.testFilter`).
    case rerecord(RecordMode)
    /// An unreadable reference: fix its permissions, or delete it and re-record under this mode.
    case repairOrRerecord(RecordMode)
    /// Something other than a regular file (a FIFO, a folder) where the reference belongs: delete it and
    /// re-record under this mode (permissions are not the problem).
    case deleteAndRerecord(RecordMode)

    /// Whether the fix needs the actual file in the artifacts folder.
    package var needsActualFile: Bool {
        if case .accept = self { return true }
        return false
    }
}
