import SnapshotStore
import SnapshotMessages

/// One failure record found on disk, with its artifact files resolved next to the record (where the
/// assertion wrote them, and where they still are after a CI artifacts folder was downloaded and moved).
package struct PendingFailure: Sendable, Equatable {
    /// Absolute, normalised path of the `.failure.json`.
    package let recordPath: String
    package let record: SnapshotFailureRecord
    /// The artifacts folder (one of `--artifacts`) the record was found under.
    package let artifactsRoot: String
    /// The package root of the checkout that `accept` writes into (`labelsnap` passes the one around its
    /// working folder); nil: the record's own package root, where it exists on this machine.
    package var checkout: String?

    package init(recordPath: String, record: SnapshotFailureRecord, artifactsRoot: String, checkout: String? = nil) {
        self.recordPath = recordPath
        self.record = record
        self.artifactsRoot = artifactsRoot
        self.checkout = checkout
    }

    /// The folder holding the record and its artifacts.
    package var folder: String { PathText.parent(recordPath) }
    /// `BadgeTests` (from the record's test file).
    package var testFileName: String { SnapshotNaming.testFileName(record.testFile) }
    /// `BadgeTests/testBadge.1`, the name shown and accepted on the command line.
    package var displayName: String { testFileName + "/" + record.snapshotName }
    /// `labelsnap accept '<record>'`.
    package var acceptCommand: String { SnapshotCommand.accept(recordPath: recordPath) }
    /// `labelsnap reject '<record>'`.
    package var rejectCommand: String { SnapshotCommand.reject(recordPath: recordPath) }

    /// An artifact named by the record, looked up next to the record. Only files named
    /// `<snapshot>.…` qualify, so a tampered record cannot point accept or reject at other files.
    package func artifact(_ path: String?) -> String? {
        guard let path else { return nil }
        let name = PathText.base(path)
        guard name.hasPrefix(record.snapshotName + "."), name != ".", name != ".." else { return nil }
        return folder + "/" + name
    }
    package var actualPath: String? { artifact(record.actual) }
    package var diffPath: String? { artifact(record.artifacts["diff"]) }
    package var compositePath: String? { artifact(record.artifacts["composite"]) }
    /// The copy of the reference the failure was compared against (records written since the copy
    /// was introduced); nil for older records and for failures without a readable reference.
    package var comparedReferencePath: String? { artifact(record.artifacts["reference"]) }
    /// Artifacts beyond the ones the review knows (`diff`, `composite`, `reference`), by kind: a contact
    /// sheet, a localization sweep… The report shows each one it can read.
    package var extraArtifacts: [(kind: String, path: String)] {
        record.artifacts.keys.sorted()
            .filter { !["diff", "composite", "reference"].contains($0) }
            .compactMap { kind in artifact(record.artifacts[kind]).map { (kind, $0) } }
    }
    /// The contact sheet of the matrix the failure belongs to (`assertSnapshots(of:matrix:)`), next to the record:
    /// shared by the matrix's failures, so it is not one of `artifactFiles` (accept and reject keep it).
    /// Only `<test>.….contact-sheet.png` qualifies.
    package var contactSheetPath: String? {
        guard let path = record.contactSheet else { return nil }
        let name = PathText.base(path)
        guard name.hasPrefix(record.testName + "."), name.hasSuffix(".contact-sheet.png") else { return nil }
        return folder + "/" + name
    }
    /// Whether the actual value is stored as text (`.txt`, `.layout`, … anything but PNG).
    package var isText: Bool { !(record.actual ?? record.reference).hasSuffix(".png") }
    /// Whether `accept` can work: the record names an actual file and that file exists.
    package var canAccept: Bool { actualPath.map(SnapshotFileSystem.exists) ?? false }

    /// Every artifact file of this failure (not the record), deduplicated.
    package var artifactFiles: [String] {
        var seen = Set<String>()
        return ([record.actual] + record.artifacts.keys.sorted().map { record.artifacts[$0] })
            .compactMap { artifact($0) }
            .filter { seen.insert($0).inserted }
    }

    package static func == (a: PendingFailure, b: PendingFailure) -> Bool { a.recordPath == b.recordPath }
}

/// Path text helpers (no file system access).
enum PathText {
    static func base(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
