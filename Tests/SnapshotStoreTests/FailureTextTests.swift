import Glibc
import SnapshotMessages
import SnapshotStore
import XCTest

/// FailureText words an outcome built here by hand, with no store: the lines are typed from the message format
/// (README's failure, docs/snapshots.md), so the wording is checked apart from the store that fills the values.
final class FailureTextTests: XCTestCase {
    let root = "/p/__Snapshots__/AppTests/BadgeTests"
    let artifacts = "/p/.build/snapshot-artifacts/AppTests/BadgeTests"

    func mismatch(_ finding: SnapshotFinding, fixes: [SnapshotFix]) -> SnapshotFailure {
        var f = SnapshotFailure(kind: .mismatch, snapshotName: "testBadge.badge", finding: finding)
        f.checkedReference = root + "/testBadge.badge.png"
        f.recordMode = .never
        f.actualDescription = "387×72 px"
        f.referenceDescription = "387×72 px"
        f.tolerance = "exact"
        f.artifactsRoot = "/p/.build/snapshot-artifacts"
        f.artifacts = ["actual", "diff", "composite", "reference"].map {
            SnapshotArtifact(kind: $0, path: artifacts + "/testBadge.badge.png.\($0).png")
        }
        f.failureRecordPath = artifacts + "/testBadge.badge.png.failure.json"
        f.candidateFixes = [.accept(recordPath: artifacts + "/testBadge.badge.png.failure.json"), .rerecord(.failed)]
        f.fixes = fixes
        f.testFilter = "BadgeTests.testBadge"
        return f
    }

    func testAMismatchIsWordedFromItsValues() {
        let summary = "384 of 27864 px differ (1.378%, allowed 0); largest channel Δ 255; changed area (211, 19, 27×32) — exact"
        let f = mismatch(.mismatch(summary: [summary], environmentDifferences: [], rewrite: nil),
                         fixes: [.accept(recordPath: artifacts + "/testBadge.badge.png.failure.json"), .rerecord(.failed)])
        XCTAssertEqual(FailureText.lines(f), [
            "Snapshot testBadge.badge does not match its reference",
            "  /p/__Snapshots__/AppTests/BadgeTests/testBadge.badge.png",
            "  reference: 387×72 px",
            "  actual:    387×72 px",
            "  384 of 27864 px differ (1.378%, allowed 0); largest channel Δ 255; changed area (211, 19, 27×32) — exact",
            "  tolerance: exact",
            "Artifacts:",
            "  actual:    /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.actual.png",
            "  diff:      /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.diff.png",
            "  composite: /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.composite.png",
            "  record:    /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.failure.json",
            "Accept the actual value:  swift run labelsnap accept /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.failure.json",
            "or re-record:  SNAPSHOT_TESTING_RECORD=failed swift test --filter BadgeTests.testBadge",
        ])
        XCTAssertEqual(FailureText.message(f), FailureText.lines(f).joined(separator: "\n"))
        XCTAssertEqual(FailureText.wording.command(.rerecord(.missing), "X.*testFoo"), "SNAPSHOT_TESTING_RECORD=missing swift test --filter 'X.*testFoo'")
    }

    /// A fix keeps the words of its place among the candidates while a record is kept ("or re-record" after an
    /// accept left out); without a record the fixes left are worded from the first.
    func testAFixIsWordedByItsPlace() {
        var f = mismatch(.mismatch(summary: [], environmentDifferences: [], rewrite: nil), fixes: [.rerecord(.failed)])
        XCTAssertEqual(FailureText.lines(f).last, "or re-record:  SNAPSHOT_TESTING_RECORD=failed swift test --filter BadgeTests.testBadge")
        f.failureRecordPath = nil
        XCTAssertEqual(FailureText.lines(f).last, "Re-record it:  SNAPSHOT_TESTING_RECORD=failed swift test --filter BadgeTests.testBadge")
    }

    /// Record mode `failed` rewrote the reference, and the machine that recorded it differs: the environment's
    /// lines name the re-record command; nothing is left to fix.
    func testARewriteAndTheEnvironmentAreWorded() {
        var f = mismatch(.mismatch(summary: ["1 of 4 px differ"], environmentDifferences: ["FreeType 2.13.1 here, 2.12.1 there"],
                                   rewrite: .rewrote), fixes: [])
        f.recordMode = .failed
        f.artifacts = [SnapshotArtifact(kind: "actual", path: artifacts + "/testBadge.badge.png.actual.png")]
        XCTAssertEqual(FailureText.lines(f), [
            "Snapshot testBadge.badge does not match its reference",
            "  The environment differs from the one that recorded the reference: FreeType 2.13.1 here, 2.12.1 there.",
            "  If that change is expected, re-record on this machine (SNAPSHOT_TESTING_RECORD=failed swift test --filter BadgeTests.testBadge); "
                + "otherwise install what recorded it.",
            "  /p/__Snapshots__/AppTests/BadgeTests/testBadge.badge.png",
            "  reference: 387×72 px",
            "  actual:    387×72 px",
            "  1 of 4 px differ",
            "  tolerance: exact",
            "Record mode \"failed\" rewrote the reference with the actual value; run the test again to assert against it.",
            "Artifacts:",
            "  actual:    /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.actual.png",
            "  record:    /p/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.badge.png.failure.json",
        ])
    }

    /// A missing reference under `never` with CI set, in a named folder that does not exist, whose artifacts
    /// folder cannot be written: the accept is left out, the record's problem and the advice follow the fixes.
    func testMissingUnderNeverWithNothingWritable() {
        var f = SnapshotFailure(kind: .missingReference, snapshotName: "testBadge.1", finding: .missingNotRecorded)
        f.checkedReference = "/p/Refs/AppTests/BadgeTests/testBadge.1.png"
        f.recordMode = .never
        f.continuousIntegration = true
        f.actualDescription = "40×20 px"
        f.namedFolder = .missing("/p/Refs")
        f.artifactsRoot = "/ro/artifacts"
        f.artifactProblems = [SnapshotArtifactProblem(kind: "actual", error: SnapshotStoreError.notWritable(path: "/ro/artifacts", errno: EACCES))]
        f.failureRecordPath = "/ro/artifacts/AppTests/BadgeTests/testBadge.1.png.failure.json"
        f.recordProblem = SnapshotStoreError.notWritable(path: "/ro/artifacts", errno: EACCES)
        f.candidateFixes = [.rerecord(.missing), .accept(recordPath: "/ro/artifacts/AppTests/BadgeTests/testBadge.1.png.failure.json")]
        f.fixes = [.rerecord(.missing)]
        f.testFilter = "BadgeTests.testBadge"
        XCTAssertEqual(FailureText.lines(f), [
            "No reference was found for snapshot testBadge.1 at",
            "  /p/Refs/AppTests/BadgeTests/testBadge.1.png",
            "Record mode is \"never\" (CI is set), so nothing was recorded. The actual value is 40×20 px.",
            "The folder of references /p/Refs, named by LABELSNAP_SNAPSHOTS_DIR or snapshotDirectory:, does not exist: check the path.",
            "Artifact not written: actual: cannot write /ro/artifacts: EACCES (Permission denied)",
            "Record it:  SNAPSHOT_TESTING_RECORD=missing swift test --filter BadgeTests.testBadge",
            "Failure record not written: cannot write /ro/artifacts: EACCES (Permission denied)",
            "The artifacts folder /ro/artifacts is not writable: point SNAPSHOT_ARTIFACTS at a folder you can write "
                + "(unset, artifacts go to <package root>/.build/snapshot-artifacts).",
        ])
    }

    /// Record mode `all` and a snapshot that was not checked, each one sentence of its values.
    func testRecordedAndNotChecked() {
        var f = SnapshotFailure(kind: .recorded, snapshotName: "testBadge.1", finding: .recordedAll(.changed))
        f.checkedReference = root + "/testBadge.1.png"
        f.actualDescription = "40×20 px"
        f.namedFolder = .created("/p/Refs")
        XCTAssertEqual(FailureText.lines(f), [
            "Record mode is \"all\": recorded snapshot testBadge.1 (40×20 px, changed) to",
            "  /p/__Snapshots__/AppTests/BadgeTests/testBadge.1.png",
            "Remove record mode (the record: argument, or SNAPSHOT_TESTING_RECORD=all) and run the test again to assert against it.",
            "Created /p/Refs, the folder of references named by LABELSNAP_SNAPSHOTS_DIR or snapshotDirectory: (it did not exist): "
                + "check the path if you expected existing references there.",
        ])
        let clash = SnapshotClash(name: "testA() named: \"Dark\"", callSite: "AppTests/A.swift:3", earlierName: "testA() named: \"dark\"",
                                  earlierCallSite: "AppTests/A.swift:2", referenceRelativePath: "__Snapshots__/AppTests/A/testA.dark.png",
                                  onlyOnCaseInsensitiveFileSystems: true, parameterized: true)
        let refused = SnapshotFailure(kind: .configuration, snapshotName: "testA.Dark", finding: .notChecked(.clash(clash)))
        XCTAssertEqual(FailureText.lines(refused), [
            "Snapshot testA.Dark was not checked: testA() named: \"Dark\" at AppTests/A.swift:3 and testA() named: \"dark\" at AppTests/A.swift:2 "
                + "both map to __Snapshots__/AppTests/A/testA.dark.png on a case-insensitive file system such as macOS's (names that differ "
                + "only in letter case or Unicode normalization are one file there, so they are refused on Linux too). "
                + "Derive each case's `named:` from its arguments.",
        ])
        let threw = SnapshotFailure(kind: .valueFailed, snapshotName: "testA.1",
                                    finding: .notChecked(.valueFailed(SnapshotStoreError.notADirectory(path: "/x"))))
        XCTAssertEqual(FailureText.lines(threw), ["Snapshot testA.1 was not checked: producing the value threw: \(SnapshotStoreError.notADirectory(path: "/x"))"])
    }
}
