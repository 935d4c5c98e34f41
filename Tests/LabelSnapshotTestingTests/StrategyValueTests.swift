import Foundation
import LabelSnapshotTesting
import TestSupport
import XCTest

extension Snapshotting where Value == PaddedLabel, Format == String {
    /// A strategy of a test's own, one value: the number of lines the label lays out, as text.
    static let lineCount = Snapshotting<String, String>.text.pullback { (label: PaddedLabel) in
        "\(try label.makeLayout().lines.count) lines\n"
    }
}

/// A label strategy is a value: a `Snapshotting` pulled back to labels works in the single assertion and the
/// matrix like the built-in ones, and `.layout` is the text format pulled back through the layout's description.
final class StrategyValueTests: XCTestCase {
    func testAStrategyOfYourOwnRecordsPassesAndFails() throws {
        let pkg = try TempPackage()
        var label = PaddedLabel("one\ntwo", font: .default(size: 12))
        label.numberOfLines = 0
        try withSnapshotTesting(environment: [:]) {
            let first = try XCTUnwrap(verifySnapshot(of: label, as: .lineCount, named: "n", file: pkg.testFile, testName: "testCount()")?.message)
            XCTAssertTrue(first.hasPrefix("No reference was found"), first)
            // Two lines: the text has one hard break and no line is wrapped.
            XCTAssertEqual(pkg.bytes(pkg.reference("testCount.n.txt")), Array("2 lines\n".utf8))
            startSnapshotRun()
            XCTAssertNil(verifySnapshot(of: label, as: .lineCount, named: "n", file: pkg.testFile, testName: "testCount()")?.message)
            label.text = "one\ntwo\nthree"
            startSnapshotRun()
            let changed = try XCTUnwrap(verifySnapshot(of: label, as: .lineCount, named: "n", file: pkg.testFile, testName: "testCount()")?.message)
            XCTAssertTrue(changed.hasPrefix("Snapshot testCount.n does not match its reference"), changed)
        }
    }

    func testPullbacksCompose() throws {
        let pkg = try TempPackage()
        var label = PaddedLabel("a\nb\nc", font: .default(size: 12))
        label.numberOfLines = 0
        let count = Snapshotting<Int, String>(format: .text) { "\($0) lines\n" }
            .pullback { (label: PaddedLabel) in try label.makeLayout().lines.count }
        withSnapshotTesting(environment: [:]) {
            _ = verifySnapshot(of: label, as: count, named: "c", file: pkg.testFile, testName: "testC()")?.message
        }
        XCTAssertEqual(pkg.bytes(pkg.reference("testC.c.txt")), Array("3 lines\n".utf8))
    }

    func testTheMatrixTakesAStrategyOfYourOwn() throws {
        let pkg = try TempPackage()
        var label = PaddedLabel("Wrapping words", font: .default(size: 12))
        label.numberOfLines = 0
        let failures = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: label, matrix: [.widths([400, 30])], as: .lineCount, file: pkg.testFile, testName: "testWrap()")
        }
        XCTAssertEqual(failures?.failures.map(\.combination), ["w400", "w30"])
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testWrap.w30.txt", "testWrap.w400.txt"])
        // 400 pt holds both words on one line; 30 pt cannot hold either word with the other.
        XCTAssertEqual(pkg.bytes(pkg.reference("testWrap.w400.txt")), Array("1 lines\n".utf8))
        XCTAssertNotEqual(pkg.bytes(pkg.reference("testWrap.w30.txt")), Array("1 lines\n".utf8))
    }

    func testLayoutIsTheTextFormatPulledBackThroughTheLayoutsDescription() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("Layout", font: .default(size: 12))
        withSnapshotTesting(environment: [:]) {
            _ = verifySnapshot(of: label, as: .layout, named: "l", file: pkg.testFile, testName: "testL()")?.message
        }
        XCTAssertEqual(pkg.bytes(pkg.reference("testL.l.txt")), Array(try label.makeLayout().layoutDescription.utf8))
    }

    func testTheContactSheetGivenToOneLabelIsASetupFailureBeforeTheLabelsOwnError() throws {
        let pkg = try TempPackage()
        struct Unmade: Error {}
        func unmade() throws -> PaddedLabel { throw Unmade() }
        for label in [{ PaddedLabel("Sheet", font: .default(size: 12)) }, unmade] {
            let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
                verifySnapshot(of: try label(), as: .contactSheet, named: "s", file: pkg.testFile, testName: "testSheet()")?.message
            })
            XCTAssertTrue(message.contains(".contactSheet snapshots a matrix: use assertSnapshots(of:matrix:as: .contactSheet)"),
                          message)
        }
        XCTAssertEqual(pkg.list(pkg.referenceFolder), [])
    }
}
