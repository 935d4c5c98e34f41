import Foundation
import SnapshotMessages
import SnapshotStore
import TestSupport
import XCTest

/// One rule for a named folder of references (`snapshotDirectory:` or `LABELSNAP_SNAPSHOTS_DIR`): the filesystem root,
/// the package root, the artifacts folder either way round, the build folder and a source folder are refused with the
/// reason, and nothing is recorded; a `__Snapshots__` folder beside the test files is fine. `snapshotDirectory: "/"`
/// recorded at the filesystem root, `".build/snapshot-artifacts"` was accepted while the reverse was refused, and
/// `"Sources/App"` recorded PNGs into a source target.
final class ReferencesFolderRuleTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    func verify(directory: String?, named: String? = "label", env: [String: String] = [:],
                record: RecordMode = .never) -> SnapshotFailure? {
        SnapshotVerifier.verify("x\n", as: .text, named: named, record: record, filePath: pkg.testFile, testName: "testLabel()",
                                environment: env, counter: SnapshotCounter(), snapshotDirectory: directory)
    }

    func testFoldersThatCannotHoldReferencesAreRefused() throws {
        let scratch = pkg.root + "/scratch"
        let cases: [(String?, [String: String], String)] = [
            ("/", [:], "snapshotDirectory: \"/\" names /, which is the filesystem root, so it cannot hold references and nothing was recorded."),
            (".", [:], "names \(pkg.root), which is the package root \(pkg.root)"),
            ("..", [:], "which is above the package root \(pkg.root)"),
            (".build/snapshot-artifacts", [:], "names \(pkg.root)/.build/snapshot-artifacts, which is the artifacts folder"),
            (".build/references", [:], "which is inside the build folder \(pkg.root)/.build"),
            (scratch, ["SNAPSHOT_ARTIFACTS": scratch + "/artifacts"], "names \(scratch), which holds the artifacts folder \(scratch)/artifacts"),
            ("Sources/App", [:], "names \(pkg.root)/Sources/App, which is inside the source folder \(pkg.root)/Sources/App"),
            ("Tests", [:], "which is the source folder \(pkg.root)/Tests, whose subfolders are targets"),
            (nil, ["LABELSNAP_SNAPSHOTS_DIR": "Tests/FakeTests"], "LABELSNAP_SNAPSHOTS_DIR=Tests/FakeTests names \(pkg.root)/Tests/FakeTests, which is inside the source folder"),
        ]
        for (directory, env, expected) in cases {
            for named in ["label", nil] {
                let failure = try XCTUnwrap(verify(directory: directory, named: named, env: env), "\(directory ?? "")")
                XCTAssertEqual(failure.kind, .configuration, failure.message)
                XCTAssertTrue(failure.message.contains(expected), failure.message)
                XCTAssertTrue(failure.message.hasPrefix("Snapshot testLabel\(named == nil ? " (unnamed)" : ".label") was not checked: "),
                              "an unnamed snapshot is not called testLabel.?: \(failure.message)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/FakeTests"))
        XCTAssertEqual(pkg.list(pkg.root + "/Tests/FakeTests"), [])
        XCTAssertEqual(pkg.list(scratch), [])
    }

    /// swift-snapshot-testing keeps `__Snapshots__` beside the test files: a folder of that name in a test target is fine.
    func testASnapshotsFolderBesideTheTestFilesIsAllowed() throws {
        let failure = try XCTUnwrap(verify(directory: "Tests/FakeTests/__Snapshots__", record: .missing))
        XCTAssertEqual(failure.kind, .missingReference, failure.message)
        XCTAssertNotNil(pkg.bytes(pkg.root + "/Tests/FakeTests/__Snapshots__/FakeTests/BadgeTests/testLabel.label.txt"))
    }

    /// A file where the folder should be is said to be one (it was a bare ENOTDIR from reading the reference).
    func testAFileNamedAsTheFolderIsSaidToBeAFile() throws {
        let failure = try XCTUnwrap(verify(directory: nil, env: ["LABELSNAP_SNAPSHOTS_DIR": "Package.swift"]))
        XCTAssertEqual(failure.kind, .configuration)
        XCTAssertTrue(failure.message.contains("LABELSNAP_SNAPSHOTS_DIR=Package.swift names \(pkg.root)/Package.swift, which is a file, not a folder"),
                      failure.message)
        XCTAssertFalse(failure.message.contains("ENOTDIR"), failure.message)
        let below = try XCTUnwrap(verify(directory: "Package.swift/refs"))
        XCTAssertTrue(below.message.contains("which lies below \(pkg.root)/Package.swift, a file, not a folder"), below.message)
    }
}
