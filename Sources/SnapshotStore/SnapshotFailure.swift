/// A failed snapshot assertion: what the store found and did, as values, and the message worded from them.
///
/// The store decides and writes; the words are its caller's (`SnapshotWording`): the message is that wording of
/// the values below (`finding`, the reference, descriptions, artifacts, fixes), also written in the failure record.
public struct SnapshotFailure: Error, Sendable, CustomStringConvertible {
    public var kind: SnapshotFailureKind
    /// The full message (docs/snapshots.md): numbers, paths, and the command that fixes it.
    public var message: String
    /// Where the snapshot lives; `nil` only when the location could not be computed.
    package var location: SnapshotLocation?
    /// The machine-readable record, also written to `location.failureRecordPath` when
    /// `recordWritten` is true.
    package var record: SnapshotFailureRecord?
    /// Whether the failure record (and artifacts) were written.
    public var recordWritten: Bool
    /// Whether the reference file was written.
    public var referenceWritten: Bool
    /// What fixes it, as values, in the order the message offers them (empty when nothing is to be done, or
    /// the failure is not the reference's: configuration, a value that could not be produced).
    package var fixes: [SnapshotFix] = []
    /// Every file this check wrote, in the order written: the reference (recorded or rewritten), then under the
    /// artifacts folder the actual value, the format's attachments, the copy of the compared reference and the
    /// failure record. Empty when it wrote nothing (a configuration error, a value that could not be produced).
    package var filesWritten: [String] = []

    /// `<testName>.<id>` (`testBadge.1`); the id is `?` when it could not be worked out.
    package var snapshotName: String
    /// What the check found, and what the record mode did about it.
    package var finding: SnapshotFinding
    /// The reference file checked (nil when nothing was checked).
    package var checkedReference: String? = nil
    /// The record mode in force (nil when it was not worked out).
    package var recordMode: RecordMode? = nil
    /// Whether `CI` is set in the environment the check was given (the reason `never` is the default).
    package var continuousIntegration = false
    /// The format's short descriptions (`120×40 px`) of the actual value and of the reference, when known.
    package var actualDescription: String? = nil
    package var referenceDescription: String? = nil
    /// The format's tolerance (`exact`, `precision 0.99`), when a comparison was made.
    package var tolerance: String? = nil
    /// A folder of references that was named (`LABELSNAP_SNAPSHOTS_DIR`, `snapshotDirectory:`) and did not exist.
    package var namedFolder: SnapshotNamedFolder? = nil
    /// The artifacts written for the failure, in order: the actual value, then the format's attachments (and the
    /// copy of the compared reference, kind `reference`).
    package var artifacts: [SnapshotArtifact] = []
    /// The artifacts folder (`SNAPSHOT_ARTIFACTS`, else `<package root>/.build/snapshot-artifacts`), when the
    /// failure writes there.
    package var artifactsRoot: String? = nil
    /// The artifacts that could not be written, and why.
    package var artifactProblems: [SnapshotArtifactProblem] = []
    /// The failure record this check keeps (nil when it keeps none: `verifySnapshot`, or no artifacts).
    package var failureRecordPath: String? = nil
    /// Why the failure record could not be written.
    package var recordProblem: (any Error)? = nil
    /// Every fix the case offers, before those needing a file that was not written are left out: a fix offered
    /// keeps the words of its place here while a record is kept.
    package var candidateFixes: [SnapshotFix] = []
    /// The `swift test --filter` pattern that runs exactly this test (`SnapshotVerifier.testFilter`), for a re-record.
    package var testFilter: String? = nil

    /// A failure of `kind` with its facts; `message` is left for the wording (`SnapshotWording`) to fill.
    package init(kind: SnapshotFailureKind, snapshotName: String, finding: SnapshotFinding, location: SnapshotLocation? = nil,
                 message: String = "", record: SnapshotFailureRecord? = nil, recordWritten: Bool = false,
                 referenceWritten: Bool = false) {
        self.kind = kind
        self.snapshotName = snapshotName
        self.finding = finding
        self.location = location
        self.message = message
        self.record = record
        self.recordWritten = recordWritten
        self.referenceWritten = referenceWritten
    }

    public var description: String { message }

    /// The reference file's path (`<root>/__Snapshots__/<module>/<file>/<test>.<id>.<ext>`, written or not); nil only
    /// when the location could not be computed.
    public var referencePath: String? { location?.referencePath }
}

/// What a snapshot check found (the part of a failure that differs by case), and what its record mode did.
package enum SnapshotFinding: Sendable {
    /// Nothing was checked: the assertion's setup or its value failed.
    case notChecked(SnapshotNotChecked)
    /// Record mode `all` recorded the actual value.
    case recordedAll(SnapshotRecordedState)
    /// No reference existed, and the record mode (`missing`, `failed`) recorded the actual value.
    case recordedMissing
    /// No reference existed, and record mode `never` recorded nothing.
    case missingNotRecorded
    /// Recording (or moving a reference into place) failed.
    case writeFailed(any Error)
    /// The reference exists but cannot be read; it was left untouched.
    case unreadable(any Error)
    /// The reference (`byteCount` bytes) cannot be decoded; `rewrite` is what record mode `failed` did (nil:
    /// another mode left it untouched).
    case corrupt(any Error, byteCount: Int, rewrite: SnapshotRewrite?)
    /// The actual value differs from the reference: the format's summary lines, the differences of the
    /// environment that recorded the reference, what record mode `failed` did (nil: another mode), and what
    /// changed in the value's own description since the reference was recorded (`SnapshotFormat.valueChanges`).
    case mismatch(summary: [String], environmentDifferences: [String], rewrite: SnapshotRewrite?, valueChanges: [String] = [])
}

/// Why a snapshot was not checked.
package enum SnapshotNotChecked: Sendable {
    /// The snapshot's location or record mode is invalid: the error says why.
    case invalid(any Error)
    /// Producing the value threw (a `SnapshotConfigurationError` is a mistake in the assertion's setup).
    case valueFailed(any Error)
    /// Another snapshot of the run holds the same reference file.
    case clash(SnapshotClash)
}

/// Two snapshots of one run that map to one reference file.
package struct SnapshotClash: Sendable, Equatable {
    /// This snapshot's name as written (`testBadge() named: "dark"`) and its assertion's place, when known.
    package var name: String
    package var callSite: String?
    /// The snapshot that holds the file.
    package var earlierName: String
    package var earlierCallSite: String?
    /// The file both would use, relative to the package root.
    package var referenceRelativePath: String
    /// Whether the two names are one file only where letter case and Unicode normalisation are ignored (macOS).
    package var onlyOnCaseInsensitiveFileSystems: Bool
    /// Whether the test is parameterised (its cases' arguments make their names).
    package var parameterized: Bool
    /// Whether the two are numbered snapshots of two running tests given one `testName:` (a name that is no test's).
    package var numberedInTwoTests: Bool

    package init(name: String, callSite: String?, earlierName: String, earlierCallSite: String?,
                 referenceRelativePath: String, onlyOnCaseInsensitiveFileSystems: Bool, parameterized: Bool,
                 numberedInTwoTests: Bool = false) {
        self.name = name
        self.callSite = callSite
        self.earlierName = earlierName
        self.earlierCallSite = earlierCallSite
        self.referenceRelativePath = referenceRelativePath
        self.onlyOnCaseInsensitiveFileSystems = onlyOnCaseInsensitiveFileSystems
        self.parameterized = parameterized
        self.numberedInTwoTests = numberedInTwoTests
    }

    /// Whether the same name (scalar by scalar) was claimed by two assertions of one test.
    package var sameName: Bool { name.unicodeScalars.elementsEqual(earlierName.unicodeScalars) }
}

/// What record mode `all` found at the reference before it wrote.
package enum SnapshotRecordedState: String, Sendable {
    /// No reference existed.
    case new
    /// The reference held other bytes.
    case changed
    /// The reference held the same bytes (not rewritten).
    case unchanged
}

/// What record mode `failed` did with a reference that failed.
package enum SnapshotRewrite: Sendable {
    /// It was rewritten with the actual value.
    case rewrote
    /// Writing it failed.
    case failed(any Error)
}

/// A named folder of references that did not exist.
package enum SnapshotNamedFolder: Sendable, Equatable {
    /// Recording created it.
    case created(String)
    /// Nothing was recorded (record mode `never`): it is still missing.
    case missing(String)
}

/// A file written to the artifacts folder: its kind (`actual`, `diff`, `composite`, `reference`, a format's own) and path.
package struct SnapshotArtifact: Sendable, Equatable {
    package var kind: String
    package var path: String
    package init(kind: String, path: String) { self.kind = kind; self.path = path }
}

/// An artifact of `kind` that could not be written, and the error.
package struct SnapshotArtifactProblem: Sendable {
    package var kind: String
    package var error: any Error
    package init(kind: String, error: any Error) { self.kind = kind; self.error = error }
}

/// The words of a failure, given to the store by its caller (SnapshotMessages' `FailureText.wording`; the testing
/// module and every other caller pass it): the store decides and writes, and writes the failure record with these
/// words, but spells no sentence or command itself.
package struct SnapshotWording: Sendable {
    /// The whole message of a failure, from its values.
    package var message: @Sendable (SnapshotFailure) -> String
    /// The command of a fix, given the `swift test --filter` pattern of the test (`SnapshotFailure.testFilter`).
    package var command: @Sendable (SnapshotFix, _ testFilter: String) -> String

    package init(message: @escaping @Sendable (SnapshotFailure) -> String,
                 command: @escaping @Sendable (SnapshotFix, _ testFilter: String) -> String) {
        self.message = message
        self.command = command
    }
}

extension SnapshotFailure {
    /// This failure with its message: `wording`'s of its values.
    package func worded(by wording: SnapshotWording) -> SnapshotFailure {
        var failure = self
        failure.message = wording.message(self)
        return failure
    }
}
