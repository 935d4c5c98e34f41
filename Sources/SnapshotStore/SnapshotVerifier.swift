import Locking
import SnapshotMessages
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A failed snapshot assertion: the message to report, and what the store did.
public struct SnapshotFailure: Error, Sendable, CustomStringConvertible {
    public var kind: SnapshotFailureKind
    /// The full message (DESIGN.md §3): numbers, paths, and the command that fixes it.
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

    public var description: String { message }

    /// The reference file's path (`<root>/__Snapshots__/<module>/<file>/<test>.<id>.<ext>`, written or not); nil only
    /// when the location could not be computed.
    public var referencePath: String? { location?.referencePath }
}

/// How many passes were decided by a reference's digest and how many by decoding it
/// (`SnapshotVerifier.passCounts`).
public struct SnapshotPassCounts: Equatable, Sendable {
    /// Passes proven by the reference's digest: nothing decoded, nothing compared pixel by pixel.
    public var provenByDigest: Int
    /// Passes that decoded the reference and compared.
    public var decoded: Int

    public init(provenByDigest: Int, decoded: Int) { self.provenByDigest = provenByDigest; self.decoded = decoded }

    /// The passes counted since `earlier`.
    public func since(_ earlier: SnapshotPassCounts) -> SnapshotPassCounts {
        SnapshotPassCounts(provenByDigest: provenByDigest - earlier.provenByDigest, decoded: decoded - earlier.decoded)
    }
}

/// The record-mode logic of a snapshot assertion, independent of any test framework.
public enum SnapshotVerifier {
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
    ///   - environment: the process environment (`SNAPSHOT_TESTING_RECORD`, `CI`, `SNAPSHOT_ARTIFACTS`).
    ///   - counter: numbers unnamed snapshots.
    ///   - testCase: the running test case (`RunningTest.identity`): numbering, claims, and XCTest's re-record filter.
    ///   - testSelection: the running test's own `--filter` pattern (`TestFilter.swiftTesting`) for the re-record
    ///     command; nil: made from `testCase` (`testFilter(for:testCase:)`).
    /// - Returns: `nil` when the assertion passes, else the failure.
    package static func verify<Value>(_ value: Value, as format: SnapshotFormat<Value>, named name: String? = nil,
                                     record: RecordMode? = nil, filePath: String, testName: String,
                                     environment: [String: String] = ProcessEnvironment.current,
                                     counter: SnapshotCounter = .shared, testCase: String? = nil,
                                     fileID: String? = nil, snapshotDirectory: String? = nil,
                                     testCaseArguments: String? = nil, testSelection: String? = nil) -> SnapshotFailure? {
        let location: SnapshotLocation, remembered: RememberedLocation?
        do {
            (location, remembered) = try SnapshotLocation.locateRemembered(
                filePath: filePath, fileID: fileID, testName: testName, name: name, pathExtension: format.pathExtension,
                snapshotDirectory: snapshotDirectory, environment: environment, counter: counter, testCase: testCase)
        } catch {
            let snapshot = SnapshotNaming.testName(testName) + "." + (name.map(SnapshotNaming.sanitize) ?? "?")
            return SnapshotFailure(kind: .configuration, message: "Snapshot \(snapshot) was not checked: \(error)",
                                   location: nil, record: nil, recordWritten: false, referenceWritten: false)
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
            let clash = earlier.rawName.unicodeScalars.elementsEqual(raw.unicodeScalars)
                ? "\(raw) is used by two assertions of one test, at \(earlier.callSite ?? "?") and at \(claim.callSite ?? "?"); both would use "
                    + "\(location.referenceRelativePath). Give each assertion its own `named:`."
                : "\(claim.description) and \(earlier.description) both map to "
                    + "\(location.referenceRelativePath)"
                    + (collisionKey(earlier.rawName) == collisionKey(raw)
                        ? " on a case-insensitive file system such as macOS's (names that differ only in letter case or Unicode "
                            + "normalization are one file there, so they are refused on Linux too)" : "") + ". "
                    + (testCaseArguments != nil ? "Derive each case's `named:` from its arguments."
                                                : "Rename one of the tests, or give the snapshots distinct `named:` values "
                                                    + "(a matrix's axis values, such as its `.texts` keys, name its snapshots). "
                                                    + "An assertion in a helper function is named after the running test when "
                                                    + "the testing library says which it is; where it does not, forward the test's "
                                                    + "`testName: String = #function` (with `fileID:`, `file:` and `line:`) from the helper.")
            return SnapshotFailure(kind: .configuration, message: "Snapshot \(location.snapshotName) was not checked: " + clash,
                                   location: location, record: nil, recordWritten: false, referenceWritten: false)
        }
        let mode: RecordMode
        do {
            mode = try RecordMode.resolve(argument: record, environment: environment)
        } catch {
            return SnapshotFailure(kind: .configuration,
                                   message: "Snapshot \(location.snapshotName) was not checked: \(error)",
                                   location: location, record: nil, recordWritten: false, referenceWritten: false)
        }
        switch Run(location: location, reference: remembered?.referencePath ?? location.referencePath, remembered: remembered,
                   mode: mode, format: format, value: value, testCase: testCase, testSelection: testSelection,
                   environment: environment).verify() {
        case .passed: return nil
        case .failed(let failure): return failure
        }
    }

    /// Like `verify`, for a value that could not be produced: reports `error` as the failure.
    package static func failure(producing error: any Error, named name: String? = nil, pathExtension: String,
                               filePath: String, testName: String,
                               environment: [String: String] = ProcessEnvironment.current,
                               counter: SnapshotCounter = .shared, testCase: String? = nil,
                               fileID: String? = nil, snapshotDirectory: String? = nil) -> SnapshotFailure {
        let location = try? SnapshotLocation.locate(filePath: filePath, fileID: fileID, testName: testName, name: name,
                                                    pathExtension: pathExtension, snapshotDirectory: snapshotDirectory,
                                                    environment: environment, counter: counter, testCase: testCase)
        if let location { recordUse(location) }
        let snapshot = location?.snapshotName ?? SnapshotNaming.testName(testName) + "." + (name.map(SnapshotNaming.sanitize) ?? "?")
        return SnapshotFailure(kind: .valueFailed,
                               message: "Snapshot \(snapshot) was not checked: " +
                                   (error is SnapshotConfigurationError ? "" : "producing the value threw: ") + "\(error)",
                               location: location, record: nil, recordWritten: false, referenceWritten: false)
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
                                                artifactsRoot: location.artifactsRoot)
        }
    }

    /// Where `note` sends what an assertion changed on disk without failing (a reference moved into its
    /// module's folder); nil: standard error, which `swift test` shows. Tests set it to collect the notes.
    @TaskLocal package static var noteSink: (@Sendable (String) -> Void)?

    /// False inside `verifySnapshot` / `verifyLabelSnapshot`, which return the failure instead of reporting it: a
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

    /// `SNAPSHOT_TESTING_RECORD=<mode> swift test --filter '…'` (the pattern of `testFilter`).
    package static func recordCommand(_ mode: RecordMode, for location: SnapshotLocation, testCase: String? = nil,
                                     selection: String? = nil) -> String {
        SnapshotCommand.rerecord(variable: RecordMode.environmentVariable, mode: "\(mode)",
                                 filter: testFilter(for: location, testCase: testCase, selection: selection))
    }

    /// How the passes of this process were decided, counted since it started (all threads): by the
    /// reference's digest (`SnapshotFormat.provesMatch`, nothing decoded) or by decoding the reference
    /// and comparing. Tests and `make bench` read it to see that passes do not decode.
    public static var passCounts: SnapshotPassCounts {
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

    /// Why an artifact was not written. A file where the artifacts folder (or a folder above it) must be
    /// is the value of `SNAPSHOT_ARTIFACTS` (`SNAPSHOT_ARTIFACTS=/etc/passwd`), not a file to move away.
    static func artifactProblem(_ error: any Error, artifactsRoot: String) -> String {
        if case .notADirectory(let path)? = error as? SnapshotStoreError, artifactsRoot == path || artifactsRoot.hasPrefix(path + "/") {
            return "the artifacts folder \(artifactsRoot) cannot be made: \(path) is a file, not a folder. "
                + "Point \(SnapshotLocation.artifactsVariable) at a folder (unset, artifacts go to <package root>/\(SnapshotLocation.defaultArtifactsFolder))"
        }
        // The advice for a folder that cannot be written is given once, by `artifactsNotWritableAdvice`.
        if case .notWritable(let path, let code)? = error as? SnapshotStoreError {
            return "cannot write \(path): \(errnoName(code)) (\(errnoText(code)))"
        }
        return "\(error)"
    }

    /// The one line of advice when artifacts could not be written because a folder is not writable: point
    /// `SNAPSHOT_ARTIFACTS` elsewhere. Making the folder writable may not be this user's to do (a shared or
    /// another user's checkout), and record mode `never` still writes artifacts.
    static func artifactsNotWritableAdvice(_ errors: [any Error], artifactsRoot: String) -> [String] {
        guard errors.contains(where: { if case .notWritable? = $0 as? SnapshotStoreError { true } else { false } }) else { return [] }
        return ["The artifacts folder \(artifactsRoot) is not writable: point \(SnapshotLocation.artifactsVariable) at a folder you can write "
                + "(unset, artifacts go to <package root>/\(SnapshotLocation.defaultArtifactsFolder))."]
    }

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

        let encoded = EncodedCache()

        /// The command that re-records this snapshot under `mode` (`SnapshotVerifier.recordCommand`).
        func recordCommand(_ mode: RecordMode) -> String {
            SnapshotVerifier.recordCommand(mode, for: location, testCase: testCase, selection: testSelection)
        }

        /// The actual value's file bytes, encoded at most once.
        func actualBytes() throws -> [UInt8] {
            if let bytes = encoded.bytes { return bytes }
            let bytes = try format.encode(value)
            encoded.bytes = bytes
            return bytes
        }
        var actualDescription: String { format.describe(value) }

        /// The outcome of the run. A pass exists only as `ComparedMatch`, which only `compare` makes:
        /// every other path (missing, dangling, unreadable, racing) records or fails (VerifierPropertyTests: a dangling link once passed with nothing compared).
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
                    return .failed(fail(.missingReference, referenceWritten: true, withArtifacts: false, lines: [
                        "No reference was found for snapshot \(location.snapshotName): recorded \(actualDescription) to",
                        "  \(reference)",
                        "Record mode \"\(mode)\" wrote the missing reference. Look at it, commit it, and run the test again to assert against it.",
                    ] + createdFolderNote(createsFolder)))
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
                let state: String
                let createsFolder = old == nil && createsNamedFolder
                if old == bytes {
                    state = "unchanged"
                } else {
                    try SnapshotFileSystem.writeAtomically(bytes, to: reference, existing: .replace, sync: true)
                    state = old == nil ? "new" : "changed"
                }
                return fail(.recorded, referenceWritten: state != "unchanged", withArtifacts: false, lines: [
                    "Record mode is \"all\": recorded snapshot \(location.snapshotName) (\(actualDescription), \(state)) to",
                    "  \(reference)",
                    "Remove record mode (the record: argument, or \(RecordMode.environmentVariable)=all) and run the test again to assert against it.",
                ] + createdFolderNote(createsFolder))
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

        func createdFolderNote(_ created: Bool) -> [String] {
            guard created else { return [] }
            return ["Created \(location.snapshotsFolder), the folder of references named by \(SnapshotLocation.snapshotsDirectoryVariable) "
                    + "or snapshotDirectory: (it did not exist): check the path if you expected existing references there."]
        }

        func missingUnderNever() -> SnapshotFailure {
            fail(.missingReference, referenceWritten: false, withArtifacts: true, includeActual: true, lines: [
                "No reference was found for snapshot \(location.snapshotName) at",
                "  \(reference)",
                "Record mode is \"never\"\(RecordMode.isCI(environment) ? " (CI is set)" : ""), so nothing was recorded. The actual value is \(actualDescription).",
            ] + (createsNamedFolder ? ["The folder of references \(location.snapshotsFolder), named by \(SnapshotLocation.snapshotsDirectoryVariable) "
                                       + "or snapshotDirectory:, does not exist: check the path."] : []), fixes: [.rerecord(.missing), .accept(recordPath: location.failureRecordPath)])
        }

        func unreadable(_ error: any Error) -> SnapshotFailure {
            fail(.unreadableReference, referenceWritten: false, withArtifacts: true, includeActual: true, lines: [
                "The reference of snapshot \(location.snapshotName) cannot be read: \(error)",
                "  \(reference)",
                "It was left untouched.",
            ], fixes: [.repairOrRerecord(.missing)])
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
                var written = false
                var lines = [
                    "The reference of snapshot \(location.snapshotName) is corrupt: \(error)",
                    "  \(reference) (\(bytes.count) bytes)",
                ]
                if mode == .failed {
                    do {
                        try SnapshotFileSystem.writeAtomically(try actualBytes(), to: reference, existing: .replace, sync: true)
                        written = true
                        lines.append("Record mode \"failed\" replaced it with the actual value (\(actualDescription)); run the test again to assert against it.")
                    } catch {
                        lines.append("Record mode \"failed\" could not replace it: \(error)")
                    }
                } else {
                    lines.append("It was left untouched (record mode \"\(mode)\").")
                }
                return .failed(fail(.corruptReference, referenceWritten: written, withArtifacts: true, includeActual: true,
                                    lines: lines, fixes: written ? [] : [.rerecord(.failed), .accept(recordPath: location.failureRecordPath)]))
            }
            guard let mismatch = format.compare(referenceValue, value) else {
                SnapshotVerifier.passCounters.decoded.add(1, ordering: .relaxed)
                removeStaleArtifacts()
                return .passed(ComparedMatch())
            }
            var lines = ["Snapshot \(location.snapshotName) does not match its reference"]
            let environment = format.environmentDifferences?(bytes) ?? []
            if !environment.isEmpty {
                lines.append("  The environment differs from the one that recorded the reference: " + environment.joined(separator: "; ") + ".")
                lines.append("  If that change is expected, re-record on this machine (\(recordCommand(.failed))); otherwise install what recorded it.")
            }
            lines += [
                "  \(reference)",
                "  reference: \(format.describe(referenceValue))",
                "  actual:    \(actualDescription)",
            ]
            lines += mismatch.summary.map { "  " + $0 }
            lines.append("  tolerance: \(format.tolerance)")
            var written = false
            if mode == .failed {
                do {
                    try SnapshotFileSystem.writeAtomically(try actualBytes(), to: reference, existing: .replace, sync: true)
                    written = true
                    lines.append("Record mode \"failed\" rewrote the reference with the actual value; run the test again to assert against it.")
                } catch {
                    lines.append("Record mode \"failed\" could not rewrite the reference: \(error)")
                }
            }
            return .failed(fail(.mismatch, referenceWritten: written, withArtifacts: true, includeActual: true,
                                mismatch: mismatch, referenceDescription: format.describe(referenceValue),
                                comparedReference: bytes, lines: lines,
                                fixes: written ? [] : [.accept(recordPath: location.failureRecordPath), .rerecord(.failed)]))
        }

        func writeFailed(_ error: any Error) -> SnapshotFailure {
            fail(.writeFailed, referenceWritten: false, withArtifacts: false, lines: [
                "Snapshot \(location.snapshotName) could not be recorded (record mode \"\(mode)\"): \(error)",
                "  \(reference)",
            ])
        }

        /// Builds the failure; with `withArtifacts`, writes the actual value, the mismatch's
        /// attachments and the failure record (artifact errors are added to the message).
        func fail(_ kind: SnapshotFailureKind, referenceWritten: Bool, withArtifacts: Bool,
                  includeActual: Bool = false, mismatch: SnapshotMismatch? = nil,
                  referenceDescription: String? = nil, comparedReference: [UInt8]? = nil,
                  lines: [String], fixes: [SnapshotFix] = []) -> SnapshotFailure {
            // A failure may leave a record: the next pass looks for it again.
            remembered?.artifactsClean.store(false, ordering: .releasing)
            var message = lines
            var written = referenceWritten ? [reference] : []
            var offered = Array(fixes.indices)
            var record: SnapshotFailureRecord?
            var recordWritten = false
            let keepsRecord = SnapshotVerifier.writesFailureRecord
            if withArtifacts && !keepsRecord {
                // An earlier failure's record of this snapshot would name the images written now: it goes.
                try? SnapshotArtifacts.removeFailure(recordAt: location.failureRecordPath)
            }
            if withArtifacts {
                var artifactLines: [String] = []
                var problems: [String] = []
                var artifactErrors: [any Error] = []
                var actualPath: String?
                var attachmentPaths: [String: String] = [:]
                if includeActual {
                    do {
                        try SnapshotFileSystem.writeAtomically(try actualBytes(), to: location.actualPath)
                        actualPath = location.actualPath
                        written.append(location.actualPath)
                        artifactLines.append("  actual:    \(location.actualPath)")
                    } catch {
                        artifactErrors.append(error)
                        problems.append("actual: " + SnapshotVerifier.artifactProblem(error, artifactsRoot: location.artifactsRoot))
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
                        let label = attachment.kind + ":"
                        if attachment.kind != "reference" {  // a copy for the report, not something to open
                            artifactLines.append("  \(label.padding(toLength: max(label.count, 10), withPad: " ", startingAt: 0)) \(path)")
                        }
                    } catch {
                        artifactErrors.append(error)
                        problems.append("\(attachment.kind): " + SnapshotVerifier.artifactProblem(error, artifactsRoot: location.artifactsRoot))
                    }
                }
                // A fix keeps the words of its place in the list offered, also when one before it is left out.
                // An accept needs the actual file and the record it reads.
                offered = fixes.indices.filter { (actualPath != nil && keepsRecord) || !fixes[$0].needsActualFile }
                // Without a record the accept is never offered: the fixes left are worded from the first.
                let fixLines = offered.enumerated().map { fixes[$1].line(at: keepsRecord ? $1 : $0, rerecordCommand: recordCommand) }
                let tail = (artifactLines.isEmpty ? [] : ["Artifacts:"] + artifactLines
                            + (keepsRecord ? ["  record:    \(location.failureRecordPath)"] : []))
                    + problems.map { "Artifact not written: \($0)" } + fixLines
                message += tail
                let full = message.joined(separator: "\n")
                var r = SnapshotFailureRecord(
                    version: SnapshotFailureRecord.currentVersion, kind: kind, testName: location.testName,
                    testFile: location.testFilePath, snapshotName: location.snapshotName, packageRoot: location.packageRoot,
                    reference: reference, referenceRelative: location.referenceRelativePath, actual: actualPath,
                    artifacts: attachmentPaths, recordMode: mode, referenceWritten: referenceWritten,
                    referenceDescription: referenceDescription, actualDescription: actualDescription,
                    tolerance: format.tolerance, metrics: mismatch?.metrics ?? [:], summary: mismatch?.summary ?? [],
                    message: full, acceptCommand: actualPath == nil ? nil : SnapshotCommand.accept(recordPath: location.failureRecordPath),
                    rerecordCommand: recordCommand(kind == .missingReference ? .missing : .failed),
                    recordedAt: Self.timestamp(),
                    referenceDigest: (try? SnapshotFileSystem.readIfPresent(reference))?.map(SnapshotFailureRecord.digest))
                r.snapshotsFolder = location.snapshotsFolder
                do {
                    if keepsRecord {
                        try SnapshotFileSystem.writeAtomically(try r.jsonBytes(), to: location.failureRecordPath)
                        recordWritten = true
                        written.append(location.failureRecordPath)
                    }
                } catch {
                    message = message.filter { !$0.hasPrefix("  record:") }
                    message.append("Failure record not written: " + SnapshotVerifier.artifactProblem(error, artifactsRoot: location.artifactsRoot))
                    artifactErrors.append(error)
                }
                if (keepsRecord && !recordWritten) || !problems.isEmpty {
                    message += SnapshotVerifier.artifactsNotWritableAdvice(artifactErrors, artifactsRoot: location.artifactsRoot)
                    r.message = message.joined(separator: "\n")
                }
                record = r
            } else {
                message += offered.map { fixes[$0].line(at: $0, rerecordCommand: recordCommand) }
            }
            return SnapshotFailure(kind: kind, message: message.joined(separator: "\n"), location: location,
                                   record: record, recordWritten: recordWritten, referenceWritten: referenceWritten,
                                   fixes: offered.map { fixes[$0] }, filesWritten: written)
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
