import Foundation
import SnapshotMessages
import SnapshotStore
import TestSupport
import XCTest
import SnapshotReview

/// Where `accept` writes: inside the folder of references the failing assertion used (a custom
/// `snapshotDirectory:` or `LABELSNAP_SNAPSHOTS_DIR` too), and in the checkout it is told to write into,
/// never in another one whose path a record names. Every failure and checkout here is a temporary
/// package, and `checkout` is always given: nothing depends on the working folder (the repository).
final class AcceptLocationTests: XCTestCase {
    var made: TempPackage!, other: TempPackage!
    override func setUpWithError() throws { made = try TempPackage(); other = try TempPackage() }
    override func tearDown() { made = nil; other = nil }

    /// A failure of `testLabel.label` (reference "old", actual "new") in `made`, its references in
    /// `directory` (`snapshotDirectory:`) or where `environment` says.
    func fail(directory: String? = nil, environment: [String: String] = [:], checkout: String?) throws -> PendingFailure {
        let location = try SnapshotLocation.locate(filePath: made.testFile, testName: "testLabel()", name: "label", pathExtension: "txt",
                                                   snapshotDirectory: directory, environment: environment, counter: SnapshotCounter())
        try made.write(Array("old\n".utf8), to: location.referencePath)
        let failure = try XCTUnwrap(SnapshotVerifier.verify("new\n", as: .text, named: "label", record: .never, filePath: made.testFile,
                                                            testName: "testLabel()", environment: environment, counter: SnapshotCounter(),
                                                            snapshotDirectory: directory))
        XCTAssertEqual(failure.record?.snapshotsFolder, location.snapshotsFolder)
        return try XCTUnwrap(try ArtifactsFolders.scan([made.root + "/.build/snapshot-artifacts"], checkout: checkout).failures.first)
    }

    func text(_ path: String) -> String? { (try? String(contentsOfFile: path, encoding: .utf8)) }

    func testAcceptWritesIntoTheSnapshotDirectoryTheAssertionNamed() throws {
        let f = try fail(directory: "References", checkout: made.root)
        let outcome = try f.accept(environment: [:])
        XCTAssertEqual(outcome.reference.path, made.root + "/References/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(outcome.reference.folder, made.root + "/References")
        XCTAssertNil(outcome.reference.note)
        XCTAssertEqual(text(outcome.reference.path), "new\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.snapshots), "__Snapshots__ is not created")
    }

    func testAcceptWritesIntoAnAbsoluteSnapshotsDirectoryOutsideThePackage() throws {
        let shared = other.root + "/shared-references"
        let f = try fail(environment: ["LABELSNAP_SNAPSHOTS_DIR": shared], checkout: made.root)
        // A folder outside the package is written only where this environment names it.
        XCTAssertThrowsError(try f.accept(environment: [:])) {
            XCTAssertTrue("\($0)".contains("its reference was in \(shared), outside its package \(made.root), on the machine that ran the test; set LABELSNAP_SNAPSHOTS_DIR"), "\($0)")
        }
        let outcome = try f.accept(environment: ["LABELSNAP_SNAPSHOTS_DIR": shared])
        XCTAssertEqual(outcome.reference.path, shared + "/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(text(outcome.reference.path), "new\n")
    }

    func testARecordPointingOutsideItsFolderOfReferencesIsRefused() throws {
        var f = try fail(directory: "References", checkout: made.root)
        var record = f.record
        record.reference = made.snapshots + "/FakeTests/BadgeTests/testLabel.label.txt"   // not in References/
        f = PendingFailure(recordPath: f.recordPath, record: record, artifactsRoot: f.artifactsRoot, checkout: made.root)
        XCTAssertThrowsError(try f.accept(environment: [:])) {
            XCTAssertTrue("\($0)".contains("it claims its reference is \(made.snapshots)/FakeTests/BadgeTests/testLabel.label.txt, but a snapshot testLabel.label of test testLabel in \(made.testFile) would have \(made.root)/References/FakeTests/BadgeTests/testLabel.label.txt"), "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.snapshots))
    }

    /// Artifacts made by another clone on this machine (or downloaded from CI): accept writes the
    /// reference at the same place inside this checkout, and leaves the other clone alone.
    func testAcceptFromAnotherCheckoutWritesIntoThisOne() throws {
        let f = try fail(directory: "References", checkout: other.root)
        // This checkout holds the reference the failure was compared with (the same commit).
        try other.write(Array("old\n".utf8), to: other.root + "/References/FakeTests/BadgeTests/testLabel.label.txt")
        try other.write(Array("old\n".utf8), to: other.reference("testLabel.label.txt"))
        let outcome = try f.accept(environment: [:])
        XCTAssertEqual(outcome.reference.path, other.root + "/References/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(outcome.reference.note, "package root \(made.root) is another checkout; writing into this one, \(other.root)")
        XCTAssertEqual(text(outcome.reference.path), "new\n")
        XCTAssertEqual(text(made.root + "/References/FakeTests/BadgeTests/testLabel.label.txt"), "old\n", "the other clone is untouched")

        // The default folder likewise.
        let g = try fail(checkout: other.root)
        XCTAssertEqual(try g.accept(environment: [:]).reference.path, other.reference("testLabel.label.txt"))
        XCTAssertEqual(text(made.reference("testLabel.label.txt")), "old\n")
    }

    /// A folder of references outside the package that made the failure has no place in another checkout
    /// until LABELSNAP_SNAPSHOTS_DIR names it here.
    func testAnOutsideFolderFromAnotherCheckoutNeedsLabelsnapSnapshotsDir() throws {
        let outside = try TempPackage()
        let f = try fail(environment: ["LABELSNAP_SNAPSHOTS_DIR": outside.root + "/refs"], checkout: other.root)
        XCTAssertThrowsError(try f.accept(environment: [:])) {
            XCTAssertTrue("\($0)".contains("its reference was in \(outside.root)/refs, outside its package \(made.root), on the machine that ran the test; set LABELSNAP_SNAPSHOTS_DIR"), "\($0)")
        }
        try other.write(Array("old\n".utf8), to: other.root + "/CI-References/FakeTests/BadgeTests/testLabel.label.txt")
        let outcome = try f.accept(environment: ["LABELSNAP_SNAPSHOTS_DIR": "CI-References"])
        XCTAssertEqual(outcome.reference.path, other.root + "/CI-References/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(text(outcome.reference.path), "new\n")
        XCTAssertEqual(text(outside.root + "/refs/FakeTests/BadgeTests/testLabel.label.txt"), "old\n")
    }
}
