import Foundation
import LabelDescription
import TestSupport
@testable import UIKitSnapshotTesting
import XCTest

@MainActor
final class ViewSnapshotTests: XCTestCase {
    func testALabelSubclassRecordsPassesAndFails() async throws {
        let pkg = try TempPackage()
        let name = "testALabelSubclassRecordsPassesAndFails.badge.png"
        try withSnapshotTesting(environment: [:]) {
            let recorded = verifySnapshot(of: makeBadge(), as: .image(layout: .width(200)), named: "badge", file: pkg.testFile)
            XCTAssertEqual(recorded?.kind, .missingReference, recorded?.message ?? "")
            let png = try XCTUnwrap(pkg.bytes(pkg.reference(name)))
            // The provenance names the model label the base drawText drew: the insets as the rect's, the layer's corners.
            let label = try XCTUnwrap(SnapshotProvenance.read(png: png)?.entries.first { $0.key == "label" }?.value)
            XCTAssertTrue(label.contains("insets=8,16,8,16"), label)
            startSnapshotRun()
            XCTAssertNil(verifySnapshot(of: makeBadge(), as: .image(layout: .width(200)), named: "badge", file: pkg.testFile)?.message)
            startSnapshotRun()
            let changed = verifySnapshot(of: makeBadge("않이 패딩이 왜 없어!"), as: .image(layout: .width(200)), named: "badge", file: pkg.testFile)
            XCTAssertEqual(changed?.kind, .mismatch, changed?.message ?? "")
        }
    }

    func testLayoutListsTheOverrideCalls() async throws {
        let pkg = try TempPackage()
        try withSnapshotTesting(environment: [:]) {
            _ = verifySnapshot(of: makeBadge(), as: .layout(layout: .width(200)), named: "calls", file: pkg.testFile)
            let text = String(decoding: try XCTUnwrap(pkg.bytes(pkg.reference("testLayoutListsTheOverrideCalls.calls.txt"))), as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("view: BadgeLabel, layout: width 200, traits: light L ltr 1x\n"), text)
            // The first pass asks at 32-bit FLT_MAX; bounds { didSet } sets the preferred width, so the second asks there.
            XCTAssertTrue(text.contains("  Auto Layout pass 1 at width 200: intrinsicContentSize = "), text)
            XCTAssertTrue(text.contains("    intrinsicContentSize → textRect(forBounds: (0, 0, 3.4e38, 3.4e38), limitedToNumberOfLines: 0) = "), text)
            XCTAssertTrue(text.contains("intrinsicContentSize → textRect(forBounds: (0, 0, 168, 3.4e38), limitedToNumberOfLines: 0) = "), text)
            XCTAssertTrue(text.contains("    draw → drawText(in: (0, 0, 200, "), text)
            XCTAssertTrue(text.contains("text 1 drawn in (16, 8, 168, "), text)
        }
    }

    func testAViewMatrixDeliversTraitsAndNamesEachCombination() async throws {
        let pkg = try TempPackage()
        var made: [UIUserInterfaceStyle] = []
        let failures = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: { traits in
                made.append(traits.userInterfaceStyle)
                let badge = ThemedBadge()
                badge.font = UIFont(name: "DejaVuSans", size: 17)
                badge.text = "New"
                return badge
            }, matrix: [.userInterfaceStyles([.light, .dark]), .contentSizeCategories([.large, .accessibilityExtraLarge])],
               as: .image, file: pkg.testFile)
        }
        XCTAssertEqual(made, [.light, .dark, .light, .dark])
        XCTAssertEqual(failures.map(\.combination), ["L-light", "L-dark", "AX3-light", "AX3-dark"])
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testAViewMatrixDeliversTraitsAndNamesEachCombination.AX3-dark.png",
                                                       "testAViewMatrixDeliversTraitsAndNamesEachCombination.AX3-light.png",
                                                       "testAViewMatrixDeliversTraitsAndNamesEachCombination.L-dark.png",
                                                       "testAViewMatrixDeliversTraitsAndNamesEachCombination.L-light.png"])
    }

    func testTheFitsCheckNamesTheTruncatedCombination() async throws {
        func badge(_ traits: UITraitCollection) -> UILabel {
            let label = BadgeLabel()
            label.font = UIFont.preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
            label.text = "Today"
            return label
        }
        // At 140 pt (108 inside the insets) "Today" fits the body size at .large (17 pt) but not at AX5 (53 pt), on one line.
        let message = verifyLabelsFit(of: badge, matrix: [.contentSizeCategories([.large, .accessibilityExtraExtraExtraLarge])],
                                      layout: .fixed(width: 140, height: 60))
        XCTAssertTrue(message?.hasPrefix("UILabel is truncated in 1 of 2 combinations:\n  AX5: text 1 shows") == true, message ?? "nil")
        print(message ?? "")
    }

    func testAViewOffTheMainActorIsRefused() async throws {
        let pkg = try TempPackage()
        let badge = makeBadge()
        let path = pkg.testFile
        let message = await Task.detached {
            withSnapshotTesting(environment: [:]) { verifySnapshot(of: badge, as: .image, named: "off", file: path)?.message }
        }.value
        XCTAssertTrue(message?.contains("BadgeLabel is a UIView: snapshot it on the main actor") == true, message ?? "nil")
    }
}
