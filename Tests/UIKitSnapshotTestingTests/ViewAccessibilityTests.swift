import Foundation
@testable import UIKitSnapshotTesting
import XCTest

/// The accessibility audit of UILabel subclasses, judged from what they draw. Expected ratios are WCAG 2.2's
/// relative luminance and contrast ratio computed by hand from Apple's published system colours (systemGray
/// #8E8E93, high contrast #6C6C70 light / #AEAEB2 dark; systemGray5 #E5E5EA light, #2C2C2E dark, high contrast
/// #D8D8DC / #363638); sizes from Apple's Dynamic Type table (body: 14 pt at xS, 17 at L, 53 at AX5).
@MainActor
final class ViewAccessibilityTests: XCTestCase {
    let appearances: [ViewMatrixAxis] = [.userInterfaceStyles([.light, .dark]), .contrasts([.normal, .high])]

    func testAGreyChipFailsTextContrastInTheCellsBelowItsThreshold() async throws {
        let report = try verifyLabelAccessibility(of: { _ in makeChip() }, matrix: appearances)
        // 15 pt regular: HIG asks 4.5:1. light 2.597, dark 4.274, high-contrast light 3.679, high-contrast dark 5.453.
        XCTAssertEqual(report.failingCells(.textContrast), ["light-normalContrast", "light-highContrast", "dark-normalContrast"])
        let expected = ["light-normalContrast": 2.597, "light-highContrast": 3.679, "dark-normalContrast": 4.274, "dark-highContrast": 5.453]
        for (cell, ratio) in expected {
            let result = try XCTUnwrap(report.result(.textContrast, in: cell))
            XCTAssertEqual(try XCTUnwrap(result.value), ratio, accuracy: 0.01, cell)
            XCTAssertEqual(result.required, 4.5, cell)
        }
        XCTAssertTrue(report.message.contains("dark, high contrast"), report.message)
    }

    func testAFixedElevenPointBadgeIsFlaggedForDynamicType() async throws {
        let report = try verifyLabelAccessibility(of: { _ in makeChip("New", color: .label, background: .clear, font: .systemFont(ofSize: 11)) },
                                                  matrix: [.contentSizeCategories([.extraSmall, .accessibilityExtraExtraExtraLarge])])
        let result = try XCTUnwrap(report.result(.dynamicType))
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.subject.contains("11 pt at xS, 11 pt at AX5"), result.subject)
        // 11 pt is the HIG's minimum: the size check passes.
        XCTAssertEqual(report.result(.textSize)?.passed, true)
    }

    func testAPreferredFontThatAdjustsIsNotFlagged() async throws {
        let report = try verifyLabelAccessibility(of: { _ in
            let label = makeChip("New", color: .label, background: .clear, font: .preferredFont(forTextStyle: .body))
            label.adjustsFontForContentSizeCategory = true
            return label
        }, matrix: [.contentSizeCategories([.extraSmall, .large, .accessibilityExtraExtraExtraLarge])])
        let result = try XCTUnwrap(report.result(.dynamicType))
        XCTAssertTrue(result.passed, result.subject)
        XCTAssertTrue(result.subject.contains("14 pt at xS, 53 pt at AX5"), result.subject)
    }

    func testAPreferredFontThatDoesNotAdjustIsFlagged() async throws {
        // Made once at the app's size (.large) and never adjusted: 17 pt in every cell, as on a device.
        let report = try verifyLabelAccessibility(of: { _ in makeChip("New", color: .label, background: .clear, font: .preferredFont(forTextStyle: .body)) },
                                                  matrix: [.contentSizeCategories([.extraSmall, .accessibilityExtraExtraExtraLarge])])
        XCTAssertEqual(report.result(.dynamicType)?.passed, false)
        XCTAssertTrue(report.result(.dynamicType)?.subject.contains("17 pt at xS, 17 pt at AX5") == true)
    }

    func testALabelRestyledInTraitCollectionDidChangeGrows() async throws {
        final class Restyled: BadgeLabel {
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                super.traitCollectionDidChange(previous)
                font = .preferredFont(forTextStyle: .body, compatibleWith: traitCollection)
            }
        }
        let report = try verifyLabelAccessibility(of: { _ in
            let label = Restyled()
            label.text = "New"
            return label
        }, matrix: [.contentSizeCategories([.extraSmall, .accessibilityExtraExtraExtraLarge])])
        XCTAssertEqual(report.result(.dynamicType)?.passed, true, report.result(.dynamicType)?.subject ?? "")
    }

    func testACapsuleThatTruncatesAtAccessibilitySizesIsNamed() async throws {
        // "Today" in 108 pt (140 less the 16 pt insets): fits the body font at L (17 pt), not at AX5 (53 pt).
        let report = try verifyLabelAccessibility(of: { _ in
            let label = makeChip("Today", color: .label, background: .clear, font: .preferredFont(forTextStyle: .body))
            label.adjustsFontForContentSizeCategory = true
            return label
        }, matrix: [.contentSizeCategories([.large, .accessibilityExtraExtraExtraLarge])], layout: .fixed(width: 140, height: 60))
        XCTAssertEqual(report.failingCells(.truncation), ["AX5"])
    }

    func testTouchTargetOfAShortBadge() async throws {
        // DejaVu Sans' line is (1901 + 483) / 2048 em (hhea) = 19.79 pt at 17 pt, 20 on the 1x grid; with 8 + 8 pt insets 36 pt.
        let report = try verifyLabelAccessibility(of: { _ in makeChip("New", color: .label, background: .clear, font: UIFont(name: "DejaVuSans", size: 17)) },
                                                  matrix: [.userInterfaceStyles([.light])], interactive: true)
        let result = try XCTUnwrap(report.result(.touchTarget, in: "light"))
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.value, 36)
    }

    func testALabelThatDrawsNoTextCannotBeAudited() async throws {
        XCTAssertThrowsError(try verifyLabelAccessibility(of: { _ in UILabel() }, matrix: [.userInterfaceStyles([.light])])) {
            XCTAssertTrue("\($0)".contains("UILabel drew no text"), "\($0)")
        }
    }
}
