import TestSupport
import Foundation
import XCTest
import LabelSnapshotTesting

final class VerifySnapshotTests: XCTestCase {
    func testVerifySnapshotRecordsThenPasses() throws {
        let pkg = try TempPackage()
        try withSnapshotTesting(environment: [:]) {
            let first = try XCTUnwrap(verifySnapshot(of: "badge", as: .text, file: pkg.testFile)?.message)
            XCTAssertTrue(first.hasPrefix("No reference was found for snapshot testVerifySnapshotRecordsThenPasses.1"), first)
            XCTAssertEqual(pkg.bytes(pkg.reference("testVerifySnapshotRecordsThenPasses.1.txt")), Array("badge".utf8))
        }
        // The counter went on to 2; a named snapshot uses its name.
        withSnapshotTesting(environment: [:]) {
            XCTAssertNotNil(verifySnapshot(of: "second", as: .text, file: pkg.testFile)?.message)
            XCTAssertNil((verifySnapshot(of: "badge", as: .text, file: pkg.testFile, testName: "testVerifySnapshotRecordsThenPasses()")?.message)
                            .flatMap { $0.contains("testVerifySnapshotRecordsThenPasses.3") ? nil : $0 })
        }
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testVerifySnapshotRecordsThenPasses.1.txt",
                                                       "testVerifySnapshotRecordsThenPasses.2.txt",
                                                       "testVerifySnapshotRecordsThenPasses.3.txt"])
    }

    func testRecordArgumentWinsOverScopeAndEnvironment() throws {
        let pkg = try TempPackage()
        withSnapshotTesting(record: .never, environment: ["SNAPSHOT_TESTING_RECORD": "all"]) {
            // Scope `never` beats the environment's `all`.
            let never = verifySnapshot(of: "x", as: .text, named: "a", file: pkg.testFile)?.message
            XCTAssertTrue(never?.contains("Record mode is \"never\"") == true, never ?? "nil")
            XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots))
            // The argument beats the scope (in another run: one test may not assert one `named:` from two lines).
            startSnapshotRun()
            let all = verifySnapshot(of: "x", as: .text, named: "a", record: .all, file: pkg.testFile)?.message
            XCTAssertTrue(all?.hasPrefix("Record mode is \"all\"") == true, all ?? "nil")
            XCTAssertEqual(pkg.bytes(pkg.reference("testRecordArgumentWinsOverScopeAndEnvironment.a.txt")), Array("x".utf8))
        }
    }

    func testThrowingValueFails() throws {
        struct RenderFailed: Error, CustomStringConvertible { var description: String { "font not found: /nope.ttf" } }
        let pkg = try TempPackage()
        func render() throws -> String { throw RenderFailed() }
        let failure = try withSnapshotTesting(environment: [:]) { verifySnapshot(of: try render(), as: .text, file: pkg.testFile)?.message }
        XCTAssertEqual(failure, "Snapshot testThrowingValueFails.1 was not checked: producing the value threw: font not found: /nope.ttf")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots))
    }

    func testSnapshotFailureGivesTheRecord() throws {
        let pkg = try TempPackage()
        try pkg.write(Array("one\n".utf8), to: pkg.reference("testSnapshotFailureGivesTheRecord.x.txt"))
        let env = ["SNAPSHOT_ARTIFACTS": pkg.root + "/ci-artifacts"]
        let failure = try XCTUnwrap(withSnapshotTesting(environment: env) {
            verifySnapshot(of: "two\n", as: .text, named: "x", writesFailureRecord: true, file: pkg.testFile)
        })
        XCTAssertEqual(failure.kind, .mismatch)
        XCTAssertEqual(failure.record?.actual, pkg.root + "/ci-artifacts/FakeTests/BadgeTests/testSnapshotFailureGivesTheRecord.x.txt.actual.txt")
        XCTAssertEqual(pkg.bytes(pkg.root + "/ci-artifacts/FakeTests/BadgeTests/testSnapshotFailureGivesTheRecord.x.txt.actual.txt"), Array("two\n".utf8))
    }

    /// verify… returns the failure instead of reporting it: it writes the images its message names, but no
    /// failure record, so review, accept and the report have nothing pending; the …Failure variant (what the
    /// assertion reports) writes one.
    func testVerifyLeavesNoPendingFailure() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("Badge", font: .default(size: 12))
        let missing = try XCTUnwrap(withSnapshotTesting(record: .never, environment: [:]) {
            verifySnapshot(of: label, as: .image, named: "missing", file: pkg.testFile)?.message
        })
        XCTAssertTrue(missing.hasPrefix("No reference was found for snapshot testVerifyLeavesNoPendingFailure.missing"), missing)
        XCTAssertFalse(missing.contains("labelsnap accept"), missing)
        XCTAssertFalse(missing.contains("record:"), missing)
        XCTAssertTrue(missing.contains("  actual:    " + pkg.artifacts + "/testVerifyLeavesNoPendingFailure.missing.png.actual.png"), missing)
        XCTAssertEqual(pkg.list(pkg.artifacts), ["testVerifyLeavesNoPendingFailure.missing.png.actual.png"])

        // A mismatch: actual and diff images, no record; a record an earlier report left for it goes.
        try pkg.write(Array("one\n".utf8), to: pkg.reference("testVerifyLeavesNoPendingFailure.x.txt"))
        let reported = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: "two\n", as: .text, named: "x", writesFailureRecord: true, file: pkg.testFile)
        })
        XCTAssertTrue(reported.recordWritten)
        startSnapshotRun()
        let returned = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: "three\n", as: .text, named: "x", file: pkg.testFile)?.message
        })
        XCTAssertTrue(returned.contains("Re-record it:"), returned)
        XCTAssertFalse(returned.contains("labelsnap accept"), returned)
        XCTAssertEqual(pkg.list(pkg.artifacts), ["testVerifyLeavesNoPendingFailure.missing.png.actual.png",
                                                 "testVerifyLeavesNoPendingFailure.x.txt.actual.txt",
                                                 "testVerifyLeavesNoPendingFailure.x.txt.diff"])
        XCTAssertEqual(pkg.bytes(pkg.artifacts + "/testVerifyLeavesNoPendingFailure.x.txt.actual.txt"), Array("three\n".utf8))
    }

    /// 200 snapshots recorded from concurrent tasks, then asserted concurrently: every file is
    /// whole and holds its own input. Unnamed snapshots from a task group's children could be numbered only by
    /// which finishes first: the first is numbered, every later one is refused (it needs a `named:`).
    func testParallelRecordingOf200Snapshots() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        let inputs = (0..<200).map { i in "snapshot \(i)\n" + String(repeating: "line of text \(i)\n", count: 50 + i) }
        let env: [String: String] = [:]
        let failures = await withSnapshotTesting(environment: env) {
            await withTaskGroup(of: String?.self) { group in
                for (i, text) in inputs.enumerated() {
                    group.addTask { verifySnapshot(of: text, as: .text, named: "n\(i)", file: file, testName: "testParallel()")?.message }
                    group.addTask { verifySnapshot(of: text, as: .text, file: file, testName: "testParallelUnnamed()")?.message }
                }
                var all: [String?] = []
                for await f in group { all.append(f) }
                return all
            }
        }
        XCTAssertEqual(failures.count, 400)
        let recorded = failures.filter { $0?.hasPrefix("No reference was found") == true }
        XCTAssertEqual(recorded.count, 201, "the 200 named and the first unnamed one")
        let refused = failures.compactMap { $0 }.filter { !$0.hasPrefix("No reference was found") }
        XCTAssertEqual(refused.count, 199)
        for message in refused { XCTAssertTrue(message.contains("named:"), message) }
        for (i, text) in inputs.enumerated() {
            XCTAssertEqual(pkg.bytes(pkg.reference("testParallel.n\(i).txt")), Array(text.utf8))
        }
        let first = pkg.bytes(pkg.reference("testParallelUnnamed.1.txt")).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(first.map(inputs.contains) == true, "the numbered one is whole and one of the inputs")
        XCTAssertEqual(pkg.list(pkg.referenceFolder).count, 201, "no temporary files left")
        // Asserting them all again in parallel (another run) passes.
        startSnapshotRun()
        let again = await withSnapshotTesting(environment: env) {
            await withTaskGroup(of: String?.self) { group in
                for (i, text) in inputs.enumerated() {
                    group.addTask { verifySnapshot(of: text, as: .text, named: "n\(i)", file: file, testName: "testParallel()")?.message }
                }
                var all: [String] = []
                for await f in group { if let f { all.append(f) } }
                return all
            }
        }
        XCTAssertEqual(again, [])
    }
}
