import Foundation
import LabelSnapshotTesting
import TestSupport
import XCTest

/// Identity and location: two targets never share a reference, references moved from the
/// layout before modules are found, a checkout whose sources are not where they were built finds its
/// references only through a named folder and otherwise records nothing.
final class IdentityTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    private func check(_ text: String, file: String, named: String? = "x", record: RecordMode? = nil,
                       env: [String: String] = [:], directory: String? = nil, testName: String = "testBadge()") -> SnapshotFailure? {
        withSnapshotTesting(record: record, environment: env) {
            verifySnapshot(of: text, as: .text, named: named, snapshotDirectory: directory, writesFailureRecord: true, file: file, testName: testName)
        }
    }

    func testTwoTargetsWithTheSameFileNamesKeepSeparateReferences() throws {
        let a = pkg.root + "/Tests/AppTests/BadgeTests.swift", b = pkg.root + "/Tests/KitTests/BadgeTests.swift"
        for _ in 0..<2 {   // record twice, as SNAPSHOT_TESTING_RECORD=all run for each target
            XCTAssertEqual(check("from app", file: a, record: .all)?.kind, .recorded)
            XCTAssertEqual(check("from kit", file: b, record: .all)?.kind, .recorded)
        }
        XCTAssertEqual(pkg.bytes(pkg.snapshots + "/AppTests/BadgeTests/testBadge.x.txt"), Array("from app".utf8))
        XCTAssertEqual(pkg.bytes(pkg.snapshots + "/KitTests/BadgeTests/testBadge.x.txt"), Array("from kit".utf8))
        XCTAssertNil(check("from app", file: a))
        XCTAssertNil(check("from kit", file: b))
        // The artifacts are kept apart the same way.
        XCTAssertEqual(check("changed", file: a)?.location?.failureRecordPath,
                       pkg.root + "/.build/snapshot-artifacts/AppTests/BadgeTests/testBadge.x.txt.failure.json")
    }

    func testTheModuleComesFromFileIDWhenItNamesTheSameFile() {
        XCTAssertEqual(SnapshotLocation.moduleName(fileID: "Kit/BadgeTests.swift", filePath: "/p/Sources/Odd/BadgeTests.swift",
                                                   packageRoot: "/p"), "Kit")
        XCTAssertEqual(SnapshotLocation.moduleName(fileID: "Other/Helper.swift", filePath: "/p/Tests/AppTests/BadgeTests.swift",
                                                   packageRoot: "/p"), "AppTests")
        XCTAssertNil(SnapshotLocation.moduleName(fileID: nil, filePath: "/p/BadgeTests.swift", packageRoot: "/p"))
    }

    func testAReferenceOfTheLayoutBeforeModulesIsMovedNotReRecorded() throws {
        let legacy = pkg.snapshots + "/BadgeTests/testBadge.x.txt"
        try pkg.write(Array("kept".utf8), to: legacy)
        // `never` (CI) compares against it where it is and writes nothing.
        XCTAssertNil(check("kept", file: pkg.testFile, record: .never))
        XCTAssertEqual(pkg.bytes(legacy), Array("kept".utf8))
        // Any other mode moves it into the module's folder, then compares.
        XCTAssertNil(check("kept", file: pkg.testFile))
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.x.txt")), Array("kept".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots + "/BadgeTests"), "the emptied folder is removed")
        // A moved reference that no longer matches fails like any other.
        XCTAssertEqual(check("changed", file: pkg.testFile)?.kind, .mismatch)
    }

    func testAMovedSourceTreeFailsWithoutAFolderAndRecordsNothing() throws {
        // Sources compiled at a path that has no Package.swift above it here (built elsewhere, moved since).
        let elsewhere = pkg.root + "/moved"
        try FileManager.default.createDirectory(atPath: elsewhere + "/Tests/AppTests", withIntermediateDirectories: true)
        let file = elsewhere + "/Tests/AppTests/BadgeTests.swift"
        let outside = SnapshotLocation.absolutePath(NSTemporaryDirectory()) + "/labelsnap-moved-\(getpid())/Tests/AppTests/BadgeTests.swift"
        let failure = try XCTUnwrap(check("hello", file: outside))
        XCTAssertEqual(failure.kind, SnapshotFailureKind.configuration)
        XCTAssertTrue(failure.message.contains("no Package.swift was found in \(SnapshotFileSystem.parentFolder(outside)) or any folder above it"), failure.message)
        XCTAssertTrue(failure.message.contains("LABELSNAP_SNAPSHOTS_DIR") && failure.message.contains("snapshotDirectory:"), failure.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: SnapshotFileSystem.parentFolder(outside)), "nothing is created next to the test file")
        _ = file
    }

    func testAMovedCheckoutFindsItsReferencesThroughTheEnvironmentOrTheArgument() throws {
        // Record in the package, then look from a test file path that is no longer inside it.
        XCTAssertEqual(check("hello", file: pkg.testFile)?.kind, .missingReference)
        let built = SnapshotLocation.absolutePath(NSTemporaryDirectory()) + "/labelsnap-built-\(getpid())/Tests/FakeTests/BadgeTests.swift"
        XCTAssertNil(check("hello", file: built, env: ["LABELSNAP_SNAPSHOTS_DIR": pkg.snapshots]))
        XCTAssertNil(check("hello", file: built, directory: pkg.snapshots))
        XCTAssertEqual(check("other", file: built, directory: pkg.snapshots)?.kind, .mismatch)
        // A relative folder is taken from the package root; the argument wins over the environment.
        try FileManager.default.createDirectory(atPath: pkg.root + "/References", withIntermediateDirectories: true)
        XCTAssertEqual(check("in references", file: pkg.testFile, env: ["LABELSNAP_SNAPSHOTS_DIR": "/nonexistent"],
                             directory: "References")?.kind, .missingReference)
        XCTAssertEqual(pkg.bytes(pkg.root + "/References/FakeTests/BadgeTests/testBadge.x.txt"), Array("in references".utf8))
        // withSnapshotTesting scopes the folder too (a new run: the same `named:` from another line).
        startSnapshotRun()
        let scoped = withSnapshotTesting(snapshotDirectory: pkg.root + "/References", environment: [:]) {
            verifySnapshot(of: "in references", as: .text, named: "x", file: pkg.testFile, testName: "testBadge()")?.message
        }
        XCTAssertNil(scoped)
    }

    func testTheSameXCTestCaseRunTwiceInOneProcessNumbersFromOneAgain() throws {
        RepeatedCase.package = pkg
        RepeatedCase.messages = []
        for _ in 0..<3 {
            let run = RepeatedCase(name: "testTwoUnnamed", testClosure: { try ($0 as! RepeatedCase).testTwoUnnamed() })
            run.run()   // XCTest's own machinery: the observer sees each start
        }
        XCTAssertEqual(RepeatedCase.messages.count, 6)
        XCTAssertEqual(RepeatedCase.messages.prefix(2).map { $0?.hasPrefix("No reference was found") }, [true, true])
        XCTAssertEqual(Array(RepeatedCase.messages.dropFirst(2)).compactMap { $0 }, [], "the repeats pass on .1 and .2")
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testTwoUnnamed.1.txt", "testTwoUnnamed.2.txt"])
    }
}

/// Run by `testTheSameXCTestCaseRunTwiceInOneProcessNumbersFromOneAgain` (also on its own: then it
/// only records into a throw-away package).
final class RepeatedCase: XCTestCase {
    nonisolated(unsafe) static var package: TempPackage?
    nonisolated(unsafe) static var messages: [String?] = []

    func testTwoUnnamed() throws {
        let pkg = try Self.package ?? TempPackage()
        withSnapshotTesting(environment: [:]) {
            Self.messages.append(verifySnapshot(of: "one", as: .text, file: pkg.testFile)?.message)
            Self.messages.append(verifySnapshot(of: "two", as: .text, file: pkg.testFile)?.message)
        }
    }
}
