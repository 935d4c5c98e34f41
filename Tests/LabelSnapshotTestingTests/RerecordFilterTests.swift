import Foundation
import TestSupport
import LabelSnapshotTesting
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// The re-record command a failure prints must re-record that one test and nothing else (before, Swift
/// Testing's `--filter 'AppTests.*badge'` re-recorded every failing test whose id held "badge", and matched
/// nothing for a raw-identifier test). This test bundle is run again as a child process on helper tests whose
/// references are made to fail, and the printed filter is run as `swift test` would run it.
enum RerecordFilterHelper {
    static let fileVariable = "LABELSNAP_TEST_RERECORD_FILE"
    static let valueVariable = "LABELSNAP_TEST_RERECORD_VALUE"
    static var isChild: Bool { ProcessInfo.processInfo.environment[fileVariable] != nil }

    /// The helper's snapshot: the text of `valueVariable`, in the throw-away package's file.
    static func check(_ testName: String = #function) -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let file = environment[fileVariable], let value = environment[valueVariable] else { return nil }
        return verifySnapshot(of: value, as: .text, named: "v", writesFailureRecord: true, file: file, testName: testName)?.message   // with its record
    }

    /// A package whose test file has this file's name, so the module is this one (`LabelSnapshotTestingTests`,
    /// from `#fileID`), as for a real test.
    static func package() throws -> (pkg: TempPackage, file: String, references: String, records: String) {
        let pkg = try TempPackage()
        let file = pkg.root + "/Tests/LabelSnapshotTestingTests/RerecordFilterTests.swift"
        return (pkg, file, pkg.snapshots + "/LabelSnapshotTestingTests/RerecordFilterTests",
                pkg.root + "/artifacts/LabelSnapshotTestingTests/RerecordFilterTests")
    }

    static func run(_ arguments: [String], in pkg: TempPackage, file: String, value: String, record: String) throws -> (status: Int32, output: String) {
        try TestBundleProcess.run(arguments, in: pkg.root,
                                  environment: [fileVariable: file, valueVariable: value, "SNAPSHOT_TESTING_RECORD": record,
                                                "SNAPSHOT_ARTIFACTS": pkg.root + "/artifacts", "LABELSNAP_SNAPSHOTS_DIR": nil],
                                  captureOutput: true)
    }

    /// The `--filter` pattern of a failure record's re-record command (`… --filter '<pattern>'`).
    static func filter(ofRecord path: String) throws -> String {
        let command = try SnapshotFailureRecord.load(path).rerecordCommand
        guard let start = command.range(of: "--filter '")?.upperBound, command.hasSuffix("'") else { return command }
        return String(command[start..<command.index(before: command.endIndex)])
    }

    /// The names in `listing` (one a line, `--list-tests`) the pattern selects as SwiftPM and Swift Testing do:
    /// anywhere in the name.
    static func selected(by pattern: String, in names: [String]) throws -> [String] {
        let regex = try Regex(pattern)
        return names.filter { $0.firstMatch(of: regex) != nil }
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
}

#if canImport(Testing)
/// Helpers run only in the child process: three tests whose names hold "badge".
@Suite struct RerecordFilterHelpers {
    @Test(.enabled(if: RerecordFilterHelper.isChild)) func badge() { #expect(RerecordFilterHelper.check() == nil) }
    @Test(.enabled(if: RerecordFilterHelper.isChild)) func badgeLayout() { #expect(RerecordFilterHelper.check() == nil) }
    @Test(.enabled(if: RerecordFilterHelper.isChild)) func `badge in dark mode`() { #expect(RerecordFilterHelper.check() == nil) }
}

@Suite struct RerecordFilterTests {
    @Test func swiftTestingReRecordCommandSelectsExactlyItsTest() throws {
        guard TestBundleProcess.bundle != nil else { return }   // not run from a SwiftPM test bundle
        let (pkg, file, references, records) = try RerecordFilterHelper.package()
        func run(_ filter: String, value: String, record: String) throws -> (status: Int32, output: String) {
            try RerecordFilterHelper.run(["--testing-library", "swift-testing", "--filter", filter], in: pkg, file: file, value: value, record: record)
        }
        let helpers = "RerecordFilterHelpers/"
        let names = ["badge.v.txt", "badge-in-dark-mode.v.txt", "badgeLayout.v.txt"].map { "RerecordFilterHelpers." + $0 }
        _ = try run(helpers, value: "one", record: "missing")
        #expect(pkg.list(references) == names.sorted())
        let failing = try run(helpers, value: "two", record: "never")
        #expect(failing.status != 0, "all three fail")

        // The id as `--list-tests` prints it, escaped, from `^` to the `/` before the source location.
        let module = "^LabelSnapshotTestingTests\\.RerecordFilterHelpers/"
        let badge = try RerecordFilterHelper.filter(ofRecord: records + "/RerecordFilterHelpers.badge.v.txt.failure.json")
        #expect(badge == module + "badge\\(\\)/")
        let raw = try RerecordFilterHelper.filter(ofRecord: records + "/RerecordFilterHelpers.badge-in-dark-mode.v.txt.failure.json")
        #expect(raw == module + "`badge in dark mode`\\(\\)/")

        // Running the printed filter re-records that test only; the other two still hold "one".
        let rerecorded = try run(badge, value: "two", record: "failed")
        #expect(rerecorded.output.contains("1 test"), "\(rerecorded.output.suffix(1_500))")
        #expect(RerecordFilterHelper.text(references + "/RerecordFilterHelpers.badge.v.txt") == "two")
        #expect(RerecordFilterHelper.text(references + "/RerecordFilterHelpers.badgeLayout.v.txt") == "one")
        #expect(RerecordFilterHelper.text(references + "/RerecordFilterHelpers.badge-in-dark-mode.v.txt") == "one")
        _ = try run(raw, value: "two", record: "failed")
        #expect(RerecordFilterHelper.text(references + "/RerecordFilterHelpers.badge-in-dark-mode.v.txt") == "two")
        #expect(RerecordFilterHelper.text(references + "/RerecordFilterHelpers.badgeLayout.v.txt") == "one")
    }
}
#endif

#if canImport(XCTest)
/// Helper cases, run only in the child process.
final class RerecordFilterXCTestHelpers: XCTestCase {
    override func setUpWithError() throws { try XCTSkipUnless(RerecordFilterHelper.isChild) }
    func testBadge() { XCTAssertNil(RerecordFilterHelper.check()) }
    func testBadgeLayout() { XCTAssertNil(RerecordFilterHelper.check()) }
}

final class RerecordFilterXCTests: XCTestCase {
    /// The first case of a process, run from the bundle without a test's specifier (the class only), is known
    /// by its class too (the observer is installed when the bundle loads): its filter selects it alone among the
    /// bundle's XCTest tests (`--list-tests`, matched as SwiftPM matches).
    func testFirstCaseOfABundleRunSelectsExactlyItsTest() throws {
        guard TestBundleProcess.bundle != nil else { return }
        let (pkg, file, references, records) = try RerecordFilterHelper.package()
        let helpers = "LabelSnapshotTestingTests.RerecordFilterXCTestHelpers"
        _ = try RerecordFilterHelper.run([helpers], in: pkg, file: file, value: "one", record: "missing")
        XCTAssertEqual(pkg.list(references), ["testBadge.v.txt", "testBadgeLayout.v.txt"])
        let failing = try RerecordFilterHelper.run([helpers], in: pkg, file: file, value: "two", record: "never")
        XCTAssertNotEqual(failing.status, 0)
        let badge = try RerecordFilterHelper.filter(ofRecord: records + "/testBadge.v.txt.failure.json")
        XCTAssertEqual(badge, "^LabelSnapshotTestingTests\\.RerecordFilterXCTestHelpers/testBadge$")
        let listing = try TestBundleProcess.run(["--list-tests"], in: pkg.root, captureOutput: true).output
        let names = listing.split(separator: "\n").map(String.init).filter { $0.hasPrefix("LabelSnapshotTestingTests.") }
        XCTAssertGreaterThan(names.count, 10)
        XCTAssertEqual(try RerecordFilterHelper.selected(by: badge, in: names), [helpers + "/testBadge"])
    }

    /// A `testName:` that is no test's (`"sharedBadge"`) names the files, not the test to run: the re-record command
    /// selects the running case (before, `'^LabelSnapshotTestingTests\.(.*/)?sharedBadge(\([^)]*\)/|$)'`, which ran nothing).
    func testRerecordFilterOfACustomTestNameSelectsTheRunningTest() throws {
        let (pkg, file, _, _) = try RerecordFilterHelper.package()
        defer { withExtendedLifetime(pkg) {} }
        let failure = withSnapshotTesting(record: .never, environment: [:]) {
            verifySnapshot(of: "a", as: .text, named: "v", writesFailureRecord: true, file: file, testName: "sharedBadge")
        }
        let command = try XCTUnwrap(failure?.record?.rerecordCommand)
        XCTAssertTrue(command.hasSuffix(" swift test --filter "
            + "'^LabelSnapshotTestingTests\\.RerecordFilterXCTests/testRerecordFilterOfACustomTestNameSelectsTheRunningTest$'"),
                      command)
    }
}
#endif
