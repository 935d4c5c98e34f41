import Support
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How many passes were decided by a reference's digest and how many by decoding it
/// (`SnapshotVerifier.passCounts`).
package struct SnapshotPassCounts: Equatable, Sendable {
    /// Passes proven by the reference's digest: nothing decoded, nothing compared pixel by pixel.
    package var provenByDigest: Int
    /// Passes that decoded the reference and compared.
    package var decoded: Int

    package init(provenByDigest: Int, decoded: Int) { self.provenByDigest = provenByDigest; self.decoded = decoded }

    /// The passes counted since `earlier`.
    package func since(_ earlier: SnapshotPassCounts) -> SnapshotPassCounts {
        SnapshotPassCounts(provenByDigest: provenByDigest - earlier.provenByDigest, decoded: decoded - earlier.decoded)
    }
}

/// The record-mode logic of a snapshot assertion, independent of any test framework.
package enum SnapshotVerifier {
    /// Checks `value` against its reference and records according to the record mode:
    ///
    /// | reference   | `all`          | `missing`        | `failed`           | `never`          |
    /// |-------------|----------------|------------------|--------------------|------------------|
    /// | missing     | write, fail    | write, fail      | write, fail        | fail             |
    /// | matches     | write*, fail   | pass             | pass               | pass             |
    /// | differs     | write, fail    | fail             | rewrite, fail      | fail             |
    /// | corrupt     | write, fail    | fail (untouched) | rewrite, fail      | fail (untouched) |
    ///
    /// (*) an identical file is not rewritten. Failures other than "recorded" write artifacts
    /// (actual, the format's attachments, a `SnapshotFailureRecord`) under the artifacts root;
    /// a pass removes stale artifacts of the same snapshot.
    /// - Parameters:
    ///   - value: the actual value.
    ///   - format: how it is stored and compared.
    ///   - name: the `named:` value, or `nil` for the test's next counter value.
    ///   - record: the `record:` argument (wins over the environment).
    ///   - filePath: the test file (`#filePath`).
    ///   - testName: the test function (`#function`).
    ///   - environment: the process environment (`SNAPSHOT_TESTING_RECORD`, `CI`, `SNAPSHOT_ARTIFACTS`), as the entry
    ///     point read it: the store reads none.
    ///   - counter: numbers unnamed snapshots.
    ///   - testCase: the running test case (`RunningTest.identity`): numbering, claims, and XCTest's re-record filter.
    ///   - testSelection: the running test's own `--filter` pattern (`TestFilter.swiftTesting`) for the re-record
    ///     command; nil: made from `testCase` (`testFilter(for:testCase:)`).
    ///   - wording: the words of a failure (SnapshotMessages' `FailureText.wording`): its message and the commands its
    ///     record offers.
    /// - Returns: `nil` when the assertion passes, else the failure.
    package static func verify<Value>(_ value: Value, as format: SnapshotFormat<Value>, named name: String? = nil,
                                     record: RecordMode? = nil, filePath: String, testName: String,
                                     environment: [String: String],
                                     counter: SnapshotCounter = .shared, testCase: String? = nil,
                                     fileID: String? = nil, snapshotDirectory: String? = nil,
                                     testCaseArguments: String? = nil, testSelection: String? = nil,
                                     wording: SnapshotWording) -> SnapshotFailure? {
        let location: SnapshotLocation, remembered: RememberedLocation?
        do {
            (location, remembered) = try SnapshotLocation.locateRemembered(
                filePath: filePath, fileID: fileID, testName: testName, name: name, pathExtension: format.pathExtension,
                snapshotDirectory: snapshotDirectory, environment: environment, counter: counter, testCase: testCase)
        } catch {
            return SnapshotFailure(kind: .configuration, snapshotName: unlocatedName(testName: testName, name: name),
                                   finding: .notChecked(.invalid(error))).worded(by: wording)
        }
        // Once per named snapshot and process the memo answers (a pass asserted again); else the set of uses.
        if remembered?.useRecorded.exchange(true, ordering: .acquiringAndReleasing) != true { recordUse(location) }
        // What the file stands for: a named snapshot of a test name (tests may share one on purpose, by
        // passing the same testName:), or the n-th unnamed snapshot of one running test case.
        // A case of a parameterised test names its arguments: two cases with one `named:` are two snapshots.
        let raw = testName + " " + (name.map { "named: \"\($0)\"" } ?? "#" + location.identifier + (testCase.map { " of " + $0 } ?? ""))
            + (testCaseArguments.map { " with arguments (\($0))" } ?? "")
        let key = remembered?.collisionKey ?? cachedCollisionKey(location.referencePath)
        let claim = SnapshotClaim(rawName: raw, callSite: SnapshotCallSite.current, testCase: testCase)
        if let earlier = counter.claim(reference: key, claim)
            ?? (location.keepsRunFiles
                ? SnapshotRunClaims.claim(key: key, claim, artifactsRoot: location.artifactsRoot, environment: environment) : nil) {
            let clash = SnapshotClash(name: raw, callSite: claim.callSite, earlierName: earlier.rawName, earlierCallSite: earlier.callSite,
                                      referenceRelativePath: location.referenceRelativePath,
                                      onlyOnCaseInsensitiveFileSystems: collisionKey(earlier.rawName) == collisionKey(raw),
                                      parameterized: testCaseArguments != nil,
                                      numberedInTwoTests: name == nil && testCase != nil && earlier.testCase != nil
                                          && earlier.testCase != testCase)
            return SnapshotFailure(kind: .configuration, snapshotName: location.snapshotName, finding: .notChecked(.clash(clash)),
                                   location: location).worded(by: wording)
        }
        let mode: RecordMode
        do {
            mode = try RecordMode.resolve(argument: record, environment: environment)
        } catch {
            return SnapshotFailure(kind: .configuration, snapshotName: location.snapshotName, finding: .notChecked(.invalid(error)),
                                   location: location).worded(by: wording)
        }
        switch Run(location: location, reference: remembered?.referencePath ?? location.referencePath, remembered: remembered,
                   mode: mode, format: format, value: value, testCase: testCase, testSelection: testSelection,
                   environment: environment, wording: wording).verify() {
        case .passed: return nil
        case .failed(let failure): return failure
        }
    }

    /// Like `verify`, for a value that could not be produced: reports `error` as the failure.
    package static func failure(producing error: any Error, named name: String? = nil, pathExtension: String,
                               filePath: String, testName: String,
                               environment: [String: String],
                               counter: SnapshotCounter = .shared, testCase: String? = nil,
                               fileID: String? = nil, snapshotDirectory: String? = nil,
                               wording: SnapshotWording) -> SnapshotFailure {
        let location = try? SnapshotLocation.locate(filePath: filePath, fileID: fileID, testName: testName, name: name,
                                                    pathExtension: pathExtension, snapshotDirectory: snapshotDirectory,
                                                    environment: environment, counter: counter, testCase: testCase)
        if let location { recordUse(location) }
        let snapshot = location?.snapshotName ?? unlocatedName(testName: testName, name: name)
        return SnapshotFailure(kind: .valueFailed, snapshotName: snapshot, finding: .notChecked(.valueFailed(error)),
                               location: location).worded(by: wording)
    }

    /// The name of a snapshot whose location is unknown (its configuration was refused): `testBadge.badge`, and for an
    /// unnamed one, whose number was never taken, `testBadge (unnamed)`.
    static func unlocatedName(testName: String, name: String?) -> String {
        SnapshotNaming.testName(testName) + (name.map { "." + SnapshotNaming.sanitize($0) } ?? " (unnamed)")
    }

    /// Whether reading the reference failed because something other than a regular file is there.
    static func isNotARegularFile(_ error: any Error) -> Bool {
        if case .notARegularFile? = error as? SnapshotStoreError { return true }
        return false
    }

    /// Notes in the run's manifest that this snapshot's reference is used (also its place before module
    /// folders, which `never` compares where it is), for `labelsnap orphans`.
    static func recordUse(_ location: SnapshotLocation) {
        // Once per reference and process: the manifest already has its lines (a pass asserted again).
        let key = location.referencePath + "\u{0}" + location.snapshotsFolder + "\u{0}" + location.artifactsRoot
        guard usesRecorded.withLock({ $0.insert(key).inserted }) else { return }
        // Hidden temporaries of a recording that was killed are removed from the reference's folder.
        SnapshotFileSystem.removeAbandonedTemporaries(in: SnapshotFileSystem.parentFolder(location.referencePath))
        guard location.keepsRunFiles else { return }
        for reference in [location.referencePath] + (location.legacyReferencePath.map { [$0] } ?? []) {
            SnapshotRunManifestWriter.recordUse(reference: reference, snapshotsFolder: location.snapshotsFolder,
                                                artifactsRoot: SnapshotLocation.normalize(location.artifactsRoot))
        }
    }

    /// Where `note` sends what an assertion changed on disk without failing (a reference moved into its
    /// module's folder); nil: standard error, which `swift test` shows. Tests set it to collect the notes.
    @TaskLocal package static var noteSink: (@Sendable (String) -> Void)?

    /// False inside `verifySnapshot` / `verifySnapshots` (unless `writesFailureRecord: true`), which return the failure: a
    /// failure there writes its images (actual, diff, composite) but no failure record, so nothing is left
    /// pending for `labelsnap review`, `accept` or the report, and the message offers no `accept`.
    @TaskLocal package static var writesFailureRecord = true

    /// `body` with no failure record written (`writesFailureRecord` false).
    package static func returningOnly<R>(_ body: () -> R) -> R { $writesFailureRecord.withValue(false, operation: body) }

    /// Tells the user something an assertion did that no failure message reports.
    static func note(_ text: String) {
        if let noteSink { noteSink(text) } else { FileHandle.standardError.write(Data(("note: " + text + "\n").utf8)) }
    }

    /// The name under which two paths are the same file on a case-insensitive, normalisation-insensitive
    /// file system (APFS and HFS+ as macOS formats them by default): canonically decomposed, lower-cased.
    /// `named: "Dark"` and `"dark"`, or "é" precomposed and decomposed, are one file there.
    package static func collisionKey(_ path: String) -> String {
        path.decomposedStringWithCanonicalMapping.lowercased()
    }

    /// `collisionKey`, remembered per path (Foundation's decomposition is a sizeable part of a pass).
    static func cachedCollisionKey(_ path: String) -> String {
        if let key = collisionKeys.withLock({ $0[path] }) { return key }
        let key = collisionKey(path)
        collisionKeys.withLock { keys in
            if keys.count >= 4096 { keys.removeAll() }
            keys[path] = key
        }
        return key
    }

    private static let collisionKeys = Locked<[String: String]>([:])

    /// References whose use this process has noted (`recordUse`), with their artifacts root.
    private static let usesRecorded = Locked<Set<String>>([])

    /// The `swift test --filter` pattern that runs exactly this test (`TestFilter`): `selection` when the running
    /// test gave one (a Swift Testing test's id), else the XCTest case when `testCase` is XCTest's name of it
    /// (`<Class>.<testName>`), else the test's name in any suite of its module.
    package static func testFilter(for location: SnapshotLocation, testCase: String? = nil, selection: String? = nil) -> String {
        if let selection { return selection }
        // XCTest's `Class.test`, not a Swift Testing id (`Module.Suite.test()`) nor the first case's stand-in
        // (`Module/File.swift.test`, when no observer saw the case start).
        let name = testCase?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        if let module = location.moduleName, name.count == 2, name[1] == location.testName, !name[0].isEmpty, !name[0].contains("/") {
            return TestFilter.xctest(moduleName: module, className: String(name[0]), testName: location.testName)
        }
        return TestFilter.anyTest(named: location.testName, moduleName: location.moduleName)
    }

    /// How the passes of this process were decided, counted since it started (all threads): by the
    /// reference's digest (`SnapshotFormat.provesMatch`, nothing decoded) or by decoding the reference
    /// and comparing. Tests and `make bench` read it to see that passes do not decode.
    package static var passCounts: SnapshotPassCounts {
        SnapshotPassCounts(provenByDigest: passCounters.provenByDigest.load(ordering: .relaxed),
                           decoded: passCounters.decoded.load(ordering: .relaxed))
    }

    private static let passCounters = PassCounters()

    private final class PassCounters: Sendable {
        let provenByDigest = Atomic<Int>(0)
        let decoded = Atomic<Int>(0)
    }

    /// Made only by `Run.compare` when the comparison matched: the one way to pass.
    private struct ComparedMatch { fileprivate init() {} }

    private enum Outcome {
        case passed(ComparedMatch)
        case failed(SnapshotFailure)
    }

    private final class EncodedCache {
        var bytes: [UInt8]?
    }

    private struct Run<Value> {
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

/// A mistake in how an assertion is set up (not in the value): reported as-is, without "producing the value threw".
public struct SnapshotConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
