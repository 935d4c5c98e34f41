import SnapshotStore

/// The words of a snapshot failure, one place for every view: the message of the store's outcome (a
/// `SnapshotFailure`'s values), which the assertions report and the failure record keeps for `review`, the report,
/// `labelsnap accept` and the plugin; and the numbers of a record as those views show them (`FailureNumbers.swift`).
package enum FailureText {
    /// The wording the store is given (`SnapshotVerifier.verify(…, wording:)`): the message and the fixes' commands.
    package static let wording = SnapshotWording(message: { message($0) }, command: { command($0, testFilter: $1) })

    /// The whole message, its lines joined by newlines.
    package static func message(_ f: SnapshotFailure) -> String { lines(f).joined(separator: "\n") }

    /// The message line by line: what was found, the named folder's note, the artifacts and their problems, the fixes.
    package static func lines(_ f: SnapshotFailure) -> [String] {
        findingLines(f) + folderLines(f) + tailLines(f)
    }

    /// The command of `fix`: `labelsnap accept <record>`, or the test run again under a record mode.
    package static func command(_ fix: SnapshotFix, testFilter: String) -> String {
        switch fix {
        case .accept(let recordPath): return SnapshotCommand.accept(recordPath: recordPath)
        case .rerecord(let mode), .repairOrRerecord(let mode), .deleteAndRerecord(let mode):
            return SnapshotCommand.rerecord(variable: RecordMode.environmentVariable, mode: "\(mode)", filter: testFilter)
        }
    }

    /// The fix's line of the message when it is the `position`-th (from 0) fix offered: the first is a
    /// sentence, a later one an alternative ("or …").
    package static func line(_ fix: SnapshotFix, at position: Int, testFilter: String) -> String {
        let command = command(fix, testFilter: testFilter)
        switch fix {
        case .accept:
            return (position == 0 ? "Accept the actual value:  " : "or accept the actual file:  ") + command
        case .rerecord(let mode):
            return (position > 0 ? "or re-record:  " : mode == .missing ? "Record it:  " : "Re-record it:  ") + command
        case .repairOrRerecord:
            return "Fix its permissions, or delete it and re-record:  " + command
        case .deleteAndRerecord:
            return "It is not a regular file: delete it and re-record:  " + command
        }
    }

    private static func findingLines(_ f: SnapshotFailure) -> [String] {
        let name = f.snapshotName, reference = f.checkedReference ?? "?", actual = f.actualDescription ?? "?"
        let mode = f.recordMode.map { "\($0)" } ?? "?"
        switch f.finding {
        case .notChecked(let why):
            return ["Snapshot \(name) was not checked: " + notCheckedReason(why)]
        case .recordedAll(let state):
            return [
                "Record mode is \"all\": recorded snapshot \(name) (\(actual), \(state.rawValue)) to",
                "  \(reference)",
                "Remove record mode (the record: argument, or \(RecordMode.environmentVariable)=all) and run the test again to assert against it.",
            ]
        case .recordedMissing:
            return [
                "No reference was found for snapshot \(name): recorded \(actual) to",
                "  \(reference)",
                "Record mode \"\(mode)\" wrote the missing reference. Look at it, commit it, and run the test again to assert against it.",
            ]
        case .missingNotRecorded:
            return [
                "No reference was found for snapshot \(name) at",
                "  \(reference)",
                "Record mode is \"never\"\(f.continuousIntegration ? " (CI is set)" : ""), so nothing was recorded. The actual value is \(actual).",
            ]
        case .writeFailed(let error):
            return ["Snapshot \(name) could not be recorded (record mode \"\(mode)\"): \(error)", "  \(reference)"]
        case .unreadable(let error):
            return ["The reference of snapshot \(name) cannot be read: \(error)", "  \(reference)", "It was left untouched."]
        case .corrupt(let error, let byteCount, let rewrite):
            let outcome: String
            switch rewrite {
            case .rewrote?: outcome = "Record mode \"failed\" replaced it with the actual value (\(actual)); run the test again to assert against it."
            case .failed(let error)?: outcome = "Record mode \"failed\" could not replace it: \(error)"
            case nil: outcome = "It was left untouched (record mode \"\(mode)\")."
            }
            return ["The reference of snapshot \(name) is corrupt: \(error)", "  \(reference) (\(byteCount) bytes)", outcome]
        case .mismatch(let summary, let environment, let rewrite, let valueChanges):
            var lines = ["Snapshot \(name) does not match its reference"]
            if !valueChanges.isEmpty {  // the value of a label snapshot: its properties
                lines.append("  The label changed since the reference was recorded: " + valueChanges.joined(separator: "; ") + ".")
            }
            if !environment.isEmpty {
                lines.append("  The environment differs from the one that recorded the reference: " + environment.joined(separator: "; ") + ".")
                lines.append("  If that change is expected, re-record on this machine (\(command(.rerecord(.failed), testFilter: f.testFilter ?? "?"))); "
                             + "otherwise install what recorded it.")
            }
            lines += ["  \(reference)", "  reference: \(f.referenceDescription ?? "?")", "  actual:    \(actual)"]
            lines += summary.map { "  " + $0 }
            lines.append("  tolerance: \(f.tolerance ?? "?")")
            switch rewrite {
            case .rewrote?: lines.append("Record mode \"failed\" rewrote the reference with the actual value; run the test again to assert against it.")
            case .failed(let error)?: lines.append("Record mode \"failed\" could not rewrite the reference: \(error)")
            case nil: break
            }
            return lines
        }
    }

    private static func notCheckedReason(_ why: SnapshotNotChecked) -> String {
        switch why {
        case .invalid(let error): return "\(error)"
        case .valueFailed(let error): return (error is SnapshotConfigurationError ? "" : "producing the value threw: ") + "\(error)"
        case .clash(let c):
            func described(_ name: String, _ site: String?) -> String { name + (site.map { " at " + $0 } ?? "") }
            if c.sameName {
                return "\(c.name) is used by two assertions of one test, at \(c.earlierCallSite ?? "?") and at \(c.callSite ?? "?"); both would use "
                    + "\(c.referenceRelativePath). Give each assertion its own `named:`."
            }
            return "\(described(c.name, c.callSite)) and \(described(c.earlierName, c.earlierCallSite)) both map to \(c.referenceRelativePath)"
                + (c.onlyOnCaseInsensitiveFileSystems
                    ? " on a case-insensitive file system such as macOS's (names that differ only in letter case or Unicode "
                        + "normalization are one file there, so they are refused on Linux too)" : "") + ". "
                + (c.parameterized ? "Derive each case's `named:` from its arguments."
                                   : (c.numberedInTwoTests
                                        ? "A `testName:` given to two tests (`testName: \"sharedBadge\"`) maps both to one "
                                            + "file, and each test's unnamed snapshots are numbered on their own, so they "
                                            + "cannot share it; to share a reference on purpose give both assertions one `named:`. "
                                        : "")
                                       + "Rename one of the tests, or give the snapshots distinct `named:` values "
                                       + "(a matrix's axis values, such as its `.texts` keys, name its snapshots). "
                                       + "An assertion in a helper function is named after the running test when "
                                       + "the testing library says which it is; where it does not, forward the test's "
                                       + "`testName: String = #function` (with `fileID:`, `file:` and `line:`) from the helper.")
        }
    }

    private static func folderLines(_ f: SnapshotFailure) -> [String] {
        let variable = SnapshotLocation.snapshotsDirectoryVariable
        switch f.namedFolder {
        case .created(let folder)?:
            return ["Created \(folder), the folder of references named by \(variable) "
                    + "or snapshotDirectory: (it did not exist): check the path if you expected existing references there."]
        case .missing(let folder)?:
            return ["The folder of references \(folder), named by \(variable) or snapshotDirectory:, does not exist: check the path."]
        case nil:
            return []
        }
    }

    /// The artifacts written, those not written, the fixes offered, a record not written and the advice for a folder
    /// that cannot be written.
    private static func tailLines(_ f: SnapshotFailure) -> [String] {
        let root = f.artifactsRoot ?? "?"
        func entry(_ kind: String, _ path: String) -> String {
            let label = kind + ":"
            return "  \(label.padding(toLength: max(label.count, 10), withPad: " ", startingAt: 0)) \(path)"
        }
        // The copy of the compared reference is for the report, not something to open.
        let listed = f.artifacts.filter { $0.kind != "reference" }.map { entry($0.kind, $0.path) }
        var lines = listed.isEmpty ? [] : ["Artifacts:"] + listed
        if !listed.isEmpty, let record = f.failureRecordPath, f.recordProblem == nil { lines.append(entry("record", record)) }
        lines += f.artifactProblems.map { "Artifact not written: \($0.kind): " + artifactProblem($0.error, artifactsRoot: root) }
        // A fix keeps the words of its place among the candidates while a record is kept; without one the
        // accept is never offered, and the fixes left are worded from the first.
        let filter = f.testFilter ?? "?"
        lines += f.fixes.enumerated().map { offered, fix in
            let place = f.failureRecordPath != nil ? (f.candidateFixes.firstIndex(of: fix) ?? offered) : offered
            return line(fix, at: place, testFilter: filter)
        }
        if let problem = f.recordProblem { lines.append("Failure record not written: " + artifactProblem(problem, artifactsRoot: root)) }
        let errors = f.artifactProblems.map(\.error) + (f.recordProblem.map { [$0] } ?? [])
        if errors.contains(where: { if case .notWritable? = $0 as? SnapshotStoreError { true } else { false } }) {
            // Making the folder writable may not be this user's to do (a shared or another user's checkout), and record
            // mode `never` still writes artifacts: point SNAPSHOT_ARTIFACTS elsewhere.
            lines.append("The artifacts folder \(root) is not writable: point \(SnapshotLocation.artifactsVariable) at a folder you can write "
                         + "(unset, artifacts go to <package root>/\(SnapshotLocation.defaultArtifactsFolder)).")
        }
        return lines
    }

    /// Why an artifact was not written. A file where the artifacts folder (or a folder above it) must be
    /// is the value of `SNAPSHOT_ARTIFACTS` (`SNAPSHOT_ARTIFACTS=/etc/passwd`), not a file to move away.
    package static func artifactProblem(_ error: any Error, artifactsRoot: String) -> String {
        if case .notADirectory(let path)? = error as? SnapshotStoreError, artifactsRoot == path || artifactsRoot.hasPrefix(path + "/") {
            return "the artifacts folder \(artifactsRoot) cannot be made: \(path) is a file, not a folder. "
                + "Point \(SnapshotLocation.artifactsVariable) at a folder (unset, artifacts go to <package root>/\(SnapshotLocation.defaultArtifactsFolder))"
        }
        // The advice for a folder that cannot be written is given once, after the problems.
        if case .notWritable(let path, let code)? = error as? SnapshotStoreError {
            return "cannot write \(path): \(errnoName(code)) (\(errnoText(code)))"
        }
        return "\(error)"
    }
}
