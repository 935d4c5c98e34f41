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

    static let passCounters = PassCounters()

    final class PassCounters: Sendable {
        let provenByDigest = Atomic<Int>(0)
        let decoded = Atomic<Int>(0)
    }
}

/// A mistake in how an assertion is set up (not in the value): reported as-is, without "producing the value threw".
public struct SnapshotConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
