import Foundation
import LabelSnapshotTesting
import Imaging
import TestSupport
import XCTest

/// A matrix is checked at the assertion the user wrote: its combinations' claims name the caller's file and
/// line (not the library's), and `assertSnapshot(of: label, precision:)` takes the tolerance
/// `assertLabelSnapshot` takes.
final class MatrixCallSiteTests: XCTestCase {
    let file = "LabelSnapshotTestingTests/MatrixCallSiteTests.swift"
    let axes: [LabelMatrixAxis] = [.scales([1, 2])]

    func testAMatrixRefusalNamesTheCallersLines() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("Matrix", font: .default(size: 12), insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        let (first, firstLine) = (withSnapshotTesting(environment: [:]) { verifySnapshots(of: label, matrix: axes, named: "m", file: pkg.testFile, testName: "testM()") }, #line)
        let (second, secondLine) = (withSnapshotTesting(environment: [:]) { verifySnapshots(of: label, matrix: axes, named: "m", file: pkg.testFile, testName: "testM()") }, #line)
        XCTAssertEqual(first?.failures.map { $0.failure.kind }, [.missingReference, .missingReference])
        let refusals = try XCTUnwrap(second).failures
        XCTAssertEqual(refusals.map(\.combination), ["1x", "2x"])
        for (refusal, scale) in zip(refusals, ["1x", "2x"]) {
            XCTAssertEqual(refusal.failure.kind, .configuration)
            XCTAssertEqual(refusal.failure.message, "Snapshot testM.m.\(scale) was not checked: testM() named: \"m.\(scale)\" is used by "
                + "two assertions of one test, at \(file):\(firstLine) and at \(file):\(secondLine); both would use "
                + "__Snapshots__/FakeTests/BadgeTests/testM.m.\(scale).png. Give each assertion its own `named:`.")
        }
    }

    func testAMatrixCombinationAndASingleAssertionOfOneNameNameBothLines() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("One", font: .default(size: 12))
        let (single, singleLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: label, as: .image, named: "1x", file: pkg.testFile, testName: "testMixed()")?.message }, #line)
        let (matrix, matrixLine) = (withSnapshotTesting(environment: [:]) { verifySnapshots(of: label, matrix: [.scales([1])], file: pkg.testFile, testName: "testMixed()") }, #line)
        XCTAssertTrue(single?.hasPrefix("No reference was found") == true, single ?? "nil")
        let message = try XCTUnwrap(matrix?.failures.first?.failure.message)
        XCTAssertTrue(message.contains("at \(file):\(singleLine) and at \(file):\(matrixLine);"), message)
        XCTAssertFalse(message.contains("MatrixAssertion.swift"), message)
    }

    func testAssertSnapshotOfALabelTakesPrecision() throws {
        let folder = NSTemporaryDirectory() + "/labelsnap-precision-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reference = PaddedLabel("Hello", font: .default(size: 14), insets: EdgeInsets(top: 20, left: 40, bottom: 20, right: 40))
        reference.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
        var actual = reference
        actual.text = "Hellp"
        let (before, after) = (try reference.render(), try actual.render())
        // Counted here, pixel by pixel: a few differ, far fewer than the 10 % the assertion below allows.
        XCTAssertEqual([before.width, before.height], [after.width, after.height])
        let differing = (0..<before.width * before.height).filter { before.pixels[$0 * 4..<$0 * 4 + 4] != after.pixels[$0 * 4..<$0 * 4 + 4] }.count
        XCTAssertGreaterThan(differing, 0)
        XCTAssertLessThan(Double(differing) / Double(before.width * before.height), 0.1)
        let path = folder + "/refs/LabelSnapshotTestingTests/MatrixCallSiteTests/testAssertSnapshotOfALabelTakesPrecision.p.png"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(try PNGCodec.encode(before)).write(to: URL(fileURLWithPath: path))
        withSnapshotTesting(record: .never, environment: ["SNAPSHOT_ARTIFACTS": folder + "/artifacts"]) {
            assertSnapshot(of: actual, as: .image(precision: 0.9), named: "p", snapshotDirectory: folder + "/refs")
        }
    }
}
