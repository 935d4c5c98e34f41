import Support
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One assertion's run: locate the reference, compare or record, report the failure.
extension SnapshotVerifier {
    /// Made only by `Run.compare` when the comparison matched: the one way to pass.
    struct ComparedMatch { fileprivate init() {} }

    enum Outcome {
        case passed(ComparedMatch)
        case failed(SnapshotFailure)
    }

    final class EncodedCache {
        var bytes: [UInt8]?
    }

    struct Run<Value> {
        let location: SnapshotLocation
        /// `location.referencePath`.
        let reference: String
        /// What this process already knows of the snapshot (named snapshots only).
        let remembered: RememberedLocation?
        let mode: RecordMode
        let format: SnapshotFormat<Value>
        let value: Value
        /// The running test case (`RunningTest.identity`), for the re-record command.
        let testCase: String?
        /// The running test's own `--filter` pattern (`TestFilter.swiftTesting`), when it gave one.
        let testSelection: String?
        /// The environment the record mode was resolved from (injected: `withSnapshotTesting(environment:)`),
        /// so the "(CI is set)" note never disagrees with the mode.
        let environment: [String: String]
        /// The words of a failure, the caller's.
        let wording: SnapshotWording

        let encoded = EncodedCache()

        /// The actual value's file bytes, encoded at most once.
        func actualBytes() throws -> [UInt8] {
            if let bytes = encoded.bytes { return bytes }
            let bytes = try format.encode(value)
            encoded.bytes = bytes
            return bytes
        }
        var actualDescription: String { format.describe(value) }

        /// The outcome of the run. A pass exists only as `ComparedMatch`, which only `compare` makes:
        /// every other path (missing, dangling, unreadable, racing) records or fails (VerifierPropertyTests: a dangling link never passes).
        func verify() -> Outcome {
            if mode == .all { return .failed(recordAll()) }
            return attempt(retryAfterRace: true)
        }

        /// Reads the reference and compares; when it was missing and another writer created it while we
        /// recorded, reads once more. A second race is a failure, never a pass.
        func attempt(retryAfterRace: Bool) -> Outcome {
            let bytes: [UInt8]?
            do {
                bytes = try SnapshotFileSystem.readIfPresent(reference)
            } catch {
                return .failed(unreadable(error))
            }
            if let bytes { return compare(bytes) }
            if let target = SnapshotFileSystem.danglingLinkTarget(reference) {
                return .failed(unreadable(SnapshotStoreError.danglingLink(path: reference, target: target)))
            }
            if let legacy = location.legacyReferencePath, let outcome = compareLegacy(legacy) { return outcome }
            if mode == .never { return .failed(missingUnderNever()) }
            do {
                let bytes = try actualBytes()
                let createsFolder = createsNamedFolder
                if try SnapshotFileSystem.writeAtomically(bytes, to: reference, existing: .keep, sync: true) {
                    return .failed(fail(.missingReference, .recordedMissing, referenceWritten: true, withArtifacts: false,
                                        namedFolder: createsFolder ? .created(location.snapshotsFolder) : nil))
                }
            } catch {
                return .failed(writeFailed(error))
            }
            // Created meanwhile by a parallel run (or something else sits at the path): compare against it.
            if retryAfterRace { return attempt(retryAfterRace: false) }
            return .failed(unreadable(SnapshotStoreError.io(operation: "reading (it appeared and vanished while recording)",
                                                            path: reference, errno: ENOENT)))
        }

        /// A reference recorded before references were keyed by module: moved into place (kept where it
        /// is under `never`, which writes nothing) and compared. Nil when there is none.
        func compareLegacy(_ legacy: String) -> Outcome? {
            guard let bytes = try? SnapshotFileSystem.readIfPresent(legacy) else { return nil }
            if mode != .never {
                do {
                    try SnapshotFileSystem.moveWithoutReplacing(legacy, to: reference)
                } catch {
                    return .failed(writeFailed(error))
                }
                // A pass says nothing, and the file moved in the checkout: say what moved, so that the change
                // `git status` shows is explained (and a reference moved back by hand is not moved again in silence).
                SnapshotVerifier.note("Moved the reference of snapshot \(location.snapshotName) from the layout before test module folders:\n"
                                      + "  \(legacy)\n  to \(reference)\n"
                                      + "References are kept per test module (<snapshots>/<TestModule>/<TestFile>/); commit the move.")
            }
            return compare(bytes)
        }

        func recordAll() -> SnapshotFailure {
            do {
                let bytes = try actualBytes()
                let old = try? SnapshotFileSystem.readIfPresent(reference)
                let state: SnapshotRecordedState
                let createsFolder = old == nil && createsNamedFolder
                if old == bytes {
                    state = .unchanged
                } else {
                    try SnapshotFileSystem.writeAtomically(bytes, to: reference, existing: .replace, sync: true)
                    state = old == nil ? .new : .changed
                }
                return fail(.recorded, .recordedAll(state), referenceWritten: state != .unchanged, withArtifacts: false,
                            namedFolder: createsFolder ? .created(location.snapshotsFolder) : nil)
            } catch {
                return writeFailed(error)
            }
        }

        /// Whether recording now creates a folder of references that was named (`LABELSNAP_SNAPSHOTS_DIR`,
        /// `snapshotDirectory:`) and does not exist: a mistyped path would otherwise record every reference
        /// anew without a word. Asked only on the way to recording.
        var createsNamedFolder: Bool {
            location.snapshotsFolder != location.packageRoot + "/" + SnapshotLocation.snapshotsFolderName
                && !SnapshotFileSystem.exists(location.snapshotsFolder)
        }

        func missingUnderNever() -> SnapshotFailure {
            fail(.missingReference, .missingNotRecorded, referenceWritten: false, withArtifacts: true, includeActual: true,
                 namedFolder: createsNamedFolder ? .missing(location.snapshotsFolder) : nil,
                 fixes: [.rerecord(.missing), .accept(recordPath: location.failureRecordPath)])
        }

        func unreadable(_ error: any Error) -> SnapshotFailure {
            fail(.unreadableReference, .unreadable(error), referenceWritten: false, withArtifacts: true, includeActual: true,
                 fixes: [SnapshotVerifier.isNotARegularFile(error) ? .deleteAndRerecord(.missing) : .repairOrRerecord(.missing)])
        }

        /// What record mode `failed` does with a reference that failed: rewrites it with the actual value.
        func rewrite() -> SnapshotRewrite {
            do {
                try SnapshotFileSystem.writeAtomically(try actualBytes(), to: reference, existing: .replace, sync: true)
                return .rewrote
            } catch {
                return .failed(error)
            }
        }

        func compare(_ bytes: [UInt8]) -> Outcome {
            // This machine decoded the file's image chunks before and found the actual value's pixels:
            // pass without decoding. Anything not remembered is decoded (and remembered) below.
            let memo = DecodedImageMemo(packageRoot: location.packageRoot)
            if let proves = format.provesMatch, proves(bytes, value, memo) {
                SnapshotVerifier.passCounters.provenByDigest.add(1, ordering: .relaxed)
                removeStaleArtifacts()
                return .passed(ComparedMatch())
            }
            let referenceValue: Value
            do {
                referenceValue = try format.decode(bytes)
                format.rememberDecoded?(bytes, referenceValue, memo)
            } catch {
                let rewrite = mode == .failed ? rewrite() : nil
                let written = if case .rewrote? = rewrite { true } else { false }
                return .failed(fail(.corruptReference, .corrupt(error, byteCount: bytes.count, rewrite: rewrite), referenceWritten: written,
                                    withArtifacts: true, includeActual: true,
                                    fixes: written ? [] : [.rerecord(.failed), .accept(recordPath: location.failureRecordPath)]))
            }
            guard let mismatch = format.compare(referenceValue, value) else {
                SnapshotVerifier.passCounters.decoded.add(1, ordering: .relaxed)
                removeStaleArtifacts()
                return .passed(ComparedMatch())
            }
            let environment = format.environmentDifferences?(bytes) ?? []
            let valueChanges = format.valueChanges?(bytes) ?? []
            let rewrite = mode == .failed ? rewrite() : nil
            let written = if case .rewrote? = rewrite { true } else { false }
            return .failed(fail(.mismatch, .mismatch(summary: mismatch.summary, environmentDifferences: environment, rewrite: rewrite,
                                                     valueChanges: valueChanges),
                                referenceWritten: written, withArtifacts: true, includeActual: true,
                                mismatch: mismatch, referenceDescription: format.describe(referenceValue),
                                comparedReference: bytes,
                                fixes: written ? [] : [.accept(recordPath: location.failureRecordPath), .rerecord(.failed)]))
        }

        func writeFailed(_ error: any Error) -> SnapshotFailure {
            fail(.writeFailed, .writeFailed(error), referenceWritten: false, withArtifacts: false)
        }

        /// Builds the failure of `finding`; with `withArtifacts`, writes the actual value, the mismatch's
        /// attachments and the failure record (what could not be written is part of the failure).
        func fail(_ kind: SnapshotFailureKind, _ finding: SnapshotFinding, referenceWritten: Bool, withArtifacts: Bool,
                  includeActual: Bool = false, mismatch: SnapshotMismatch? = nil,
                  referenceDescription: String? = nil, comparedReference: [UInt8]? = nil,
                  namedFolder: SnapshotNamedFolder? = nil, fixes: [SnapshotFix] = []) -> SnapshotFailure {
            // A failure may leave a record: the next pass looks for it again.
            remembered?.artifactsClean.store(false, ordering: .releasing)
            var f = SnapshotFailure(kind: kind, snapshotName: location.snapshotName, finding: finding, location: location,
                                    referenceWritten: referenceWritten)
            f.checkedReference = reference
            f.recordMode = mode
            f.continuousIntegration = RecordMode.isCI(environment)
            f.actualDescription = actualDescription
            f.referenceDescription = referenceDescription
            f.tolerance = format.tolerance
            f.namedFolder = namedFolder
            let filter = SnapshotVerifier.testFilter(for: location, testCase: testCase, selection: testSelection)
            f.testFilter = filter
            f.candidateFixes = fixes
            f.fixes = fixes
            var written = referenceWritten ? [reference] : []
            guard withArtifacts else {
                f.filesWritten = written
                return f.worded(by: wording)
            }
            let keepsRecord = SnapshotVerifier.writesFailureRecord
            if !keepsRecord {
                // An earlier failure's record of this snapshot would name the images written now: it goes.
                try? SnapshotArtifacts.removeFailure(recordAt: location.failureRecordPath)
            }
            f.artifactsRoot = location.artifactsRoot
            f.failureRecordPath = keepsRecord ? location.failureRecordPath : nil
            var actualPath: String?
            var attachmentPaths: [String: String] = [:]
            if includeActual {
                do {
                    try SnapshotFileSystem.writeAtomically(try actualBytes(), to: location.actualPath)
                    actualPath = location.actualPath
                    written.append(location.actualPath)
                    f.artifacts.append(SnapshotArtifact(kind: "actual", path: location.actualPath))
                } catch {
                    f.artifactProblems.append(SnapshotArtifactProblem(kind: "actual", error: error))
                }
            }
            // A copy of the reference that was compared (`<snapshot>.reference.<ext>`): the report shows
            // it, not whatever `__Snapshots__` holds later (after an accept, a pull, another commit).
            var attachments = mismatch?.attachments ?? []
            if let comparedReference, keepsRecord {
                attachments.append(SnapshotAttachment(kind: "reference", pathExtension: format.pathExtension) { comparedReference })
            }
            for attachment in attachments {
                // "actual" and "failure" name the verifier's own artifacts.
                let kind = ["actual", "failure"].contains(attachment.kind) ? "format-" + attachment.kind : attachment.kind
                let path = location.artifactPath(kind, pathExtension: attachment.pathExtension)
                do {
                    try SnapshotFileSystem.writeAtomically(try attachment.bytes(), to: path)
                    attachmentPaths[attachment.kind] = path
                    written.append(path)
                    f.artifacts.append(SnapshotArtifact(kind: attachment.kind, path: path))
                } catch {
                    f.artifactProblems.append(SnapshotArtifactProblem(kind: attachment.kind, error: error))
                }
            }
            // An accept needs the actual file and the record it reads.
            f.fixes = fixes.filter { (actualPath != nil && keepsRecord) || !$0.needsActualFile }
            f = f.worded(by: wording)
            var record = SnapshotFailureRecord(
                version: SnapshotFailureRecord.currentVersion, kind: kind, testName: location.testName,
                testFile: location.testFilePath, snapshotName: location.snapshotName, packageRoot: location.packageRoot,
                reference: reference, referenceRelative: location.referenceRelativePath, actual: actualPath,
                artifacts: attachmentPaths, recordMode: mode, referenceWritten: referenceWritten,
                referenceDescription: referenceDescription, actualDescription: actualDescription,
                tolerance: format.tolerance, metrics: mismatch?.metrics ?? [:], summary: mismatch?.summary ?? [],
                message: f.message,
                acceptCommand: actualPath == nil ? nil : wording.command(.accept(recordPath: location.failureRecordPath), filter),
                rerecordCommand: wording.command(.rerecord(kind == .missingReference ? .missing : .failed), filter),
                recordedAt: Self.timestamp(),
                referenceDigest: (try? SnapshotFileSystem.readIfPresent(reference))?.map(SnapshotFailureRecord.digest))
            record.snapshotsFolder = location.snapshotsFolder
            if keepsRecord {
                do {
                    try SnapshotFileSystem.writeAtomically(try record.jsonBytes(), to: location.failureRecordPath)
                    f.recordWritten = true
                    written.append(location.failureRecordPath)
                } catch {
                    // Accept reads the record: without one (a full disk) it is not offered.
                    f.recordProblem = error
                    f.fixes.removeAll(where: \.needsActualFile)
                    f = f.worded(by: wording)
                    record.message = f.message
                }
            }
            f.record = record
            f.filesWritten = written
            return f
        }

        /// A pass removes the failure record (and artifacts) an earlier failure of this snapshot left. Looked
        /// for once per process and snapshot: only a failure writes one, and each failure here clears the flag.
        func removeStaleArtifacts() {
            if remembered?.artifactsClean.load(ordering: .acquiring) == true { return }
            let recordPath = location.failureRecordPath
            if SnapshotFileSystem.exists(recordPath) {
                try? SnapshotArtifacts.removeFailure(recordAt: recordPath)
                try? SnapshotFileSystem.removeIfPresent(recordPath)
            }
            remembered?.artifactsClean.store(true, ordering: .releasing)
        }

        static func timestamp() -> String {
            let f = ISO8601DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC")
            return f.string(from: Date())
        }
    }
}
