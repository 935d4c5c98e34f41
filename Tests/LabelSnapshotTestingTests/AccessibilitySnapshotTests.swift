import Foundation
@testable import LabelSnapshotTesting
import Localization
import Imaging
import TestSupport
import XCTest

/// The audit as snapshots: `.accessibility` records a text reference a change in any cell fails, the contact
/// sheet strategy a PNG, and a failing `assertLabelAccessibility` leaves its JSON and sheet for the report.
final class AccessibilitySnapshotTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func chip() -> PaddedLabel {
        var label = PaddedLabel("Filter", font: .scaled(Font(path: Self.dejaVu, size: 15), relativeTo: .subheadline),
                                insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.textColor = .systemGray
        label.backgroundColor = .systemGray5
        label.cornerConfiguration = .capsule()
        return label
    }

    func testAccessibilityIsATextReference() throws {
        let pkg = try TempPackage()
        var label = chip()
        try withSnapshotTesting(environment: [:]) {
            let first = try XCTUnwrap(verifySnapshot(of: label, as: .accessibility, named: "a11y", file: pkg.testFile, testName: "testChip()")?.message)
            XCTAssertTrue(first.hasPrefix("No reference was found"), first)
            let text = String(decoding: try XCTUnwrap(pkg.bytes(pkg.reference("testChip.a11y.txt"))), as: UTF8.self)
            let lines = text.split(separator: "\n")
            // The scope, the two label-wide checks, then one line per cell of the default 48.
            XCTAssertEqual(lines.count, 3 + 48)
            XCTAssertEqual(lines.first.map(String.init),
                           "accessibility audit: HIG; 48 cells: xS–AX5 × light, dark × normal contrast, high contrast; over systemBackground")
            XCTAssertTrue(lines.contains { $0.hasPrefix("L-dark-highContrast (") && $0.contains("✓ text contrast 5.45:1 ≥ 4.5:1") }, text)
            startSnapshotRun()
            XCTAssertNil(verifySnapshot(of: label, as: .accessibility, named: "a11y", file: pkg.testFile, testName: "testChip()")?.message)
            // A darker grey in dark high contrast only: that cell's line changes.
            label.textColor = .dynamic(light: .systemGray, dark: .systemGray, highContrastLight: .systemGray, highContrastDark: .white)
            startSnapshotRun()
            let changed = try XCTUnwrap(verifySnapshot(of: label, as: .accessibility, named: "a11y", file: pkg.testFile, testName: "testChip()")?.message)
            XCTAssertTrue(changed.contains("does not match its reference"), changed)
            XCTAssertTrue(changed.contains("L-dark-highContrast"), changed)
        }
    }

    func testContactSheetStrategyRecordsAPNG() throws {
        let pkg = try TempPackage()
        try withSnapshotTesting(environment: [:]) {
            _ = verifySnapshot(of: chip(), as: .accessibilityContactSheet(), named: "sheet", file: pkg.testFile, testName: "testChip()")?.message
            let png = try XCTUnwrap(pkg.bytes(pkg.reference("testChip.sheet.png")))
            let sheet = try PNGCodec.decode(png)
            XCTAssertGreaterThan(sheet.width, 200)
            startSnapshotRun()
            XCTAssertNil(verifySnapshot(of: chip(), as: .accessibilityContactSheet(), named: "sheet", file: pkg.testFile, testName: "testChip()")?.message)
        }
    }

    /// A failing audit leaves its JSON (what `labelsnap report` reads) and contact sheet; a pass removes them.
    func testAFailureWritesItsArtifactsAndAPassRemovesThem() throws {
        let pkg = try TempPackage()
        let context = withSnapshotTesting(environment: [:]) {
            SnapshotContext(fileID: "FakeTests/BadgeTests.swift", filePath: pkg.testFile, testName: "testChip()", line: 1, snapshotDirectory: nil)
        }
        let message = try XCTUnwrap(auditFailure({ chip() }, matrix: LabelMatrixAxis.accessibilityAudit, options: .init(), named: nil, in: context))
        let base = pkg.root + "/.build/snapshot-artifacts/accessibility/FakeTests/BadgeTests/testChip.accessibility"
        XCTAssertTrue(message.hasSuffix("Contact sheet: \(base).png"), message)
        let document = try AuditDocument.decode(try XCTUnwrap(pkg.bytes(base + ".json")))
        XCTAssertEqual(document.failing, ["textContrast"])
        XCTAssertEqual(document.cells.count, 48)
        XCTAssertEqual(document.contactSheet, base + ".png")
        XCTAssertNotNil(pkg.bytes(base + ".png"))
        var passing = chip()
        passing.textColor = .label
        XCTAssertNil(auditFailure({ passing }, matrix: LabelMatrixAxis.accessibilityAudit, options: .init(), named: nil, in: context))
        XCTAssertNil(pkg.bytes(base + ".json"))
        XCTAssertNil(pkg.bytes(base + ".png"))
    }

    /// `assertSnapshot(of:as:)` takes the strategy, as swift-snapshot-testing's does.
    func testAssertSnapshotTakesAccessibility() throws {
        let pkg = try TempPackage()
        withSnapshotTesting(record: .all, environment: [:]) {
            _ = verifySnapshot(of: PaddedLabel("OK", font: .preferred(.body)), as: .accessibility(matrix: [.userInterfaceStyles([.light, .dark])]),
                                    named: "ok", file: pkg.testFile, testName: "testOK()")?.message
        }
        let text = String(decoding: pkg.bytes(pkg.reference("testOK.ok.txt")) ?? [], as: UTF8.self)
        XCTAssertEqual(text.split(separator: "\n").count, 1 + 1 + 2, text)   // scope, text size, two cells (no Dynamic Type axis)
        XCTAssertTrue(try verifyLabelAccessibility(of: PaddedLabel("OK", font: .preferred(.body))).passed)
    }
}
