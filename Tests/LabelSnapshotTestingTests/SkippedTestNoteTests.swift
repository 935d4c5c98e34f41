import Foundation
@testable import LabelSnapshotTesting
import SnapshotStore
import XCTest

/// An XCTest case skipped with `XCTSkip` is noted in this process's run manifest (`skipped<TAB>Class.test`), so
/// `labelsnap orphans` does not take its references for unused ones. The first case skips, the second reads
/// the manifest this process writes (XCTest runs a class's cases in source order).
final class SkippedTestNoteTests: XCTestCase {
    nonisolated(unsafe) static var skippedRan = false

    func testASkippedCase() throws {
        _ = SkippedTestObserver.shared   // as the first assertion of a process installs it
        Self.skippedRan = true
        throw XCTSkip("skipped on purpose: SkippedTestNoteTests checks that the skip is noted")
    }

    func testBTheSkipIsInTheManifest() throws {
        guard SnapshotRunManifestWriter.isActive else { throw XCTSkip("not running inside a SwiftPM test bundle") }
        guard Self.skippedRan else { throw XCTSkip("run with testASkippedCase (the whole class)") }
        // The manifest the test bundle's constructor opened in the package's artifacts folder (swift test runs
        // in the package root).
        let root = FileManager.default.currentDirectoryPath + "/.build/snapshot-artifacts"
        guard FileManager.default.fileExists(atPath: root + "/" + SnapshotRunManifest.folderName) else {
            throw XCTSkip("no run manifest under \(root): not run from the package root")
        }
        let noted = SnapshotRunManifest.runs(in: root).flatMap(\.processes).flatMap(\.skippedTests)
        XCTAssertTrue(noted.contains { $0.hasSuffix("SkippedTestNoteTests.testASkippedCase") }, "\(noted)")
        XCTAssertFalse(noted.contains { $0.hasSuffix("testBTheSkipIsInTheManifest") })
    }
}
