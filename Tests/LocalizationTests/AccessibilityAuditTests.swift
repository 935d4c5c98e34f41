import TestSupport
import Foundation
import LabelSnapshotTesting
import XCTest

/// The accessibility audit on labels built for each check, its expected cells and numbers worked out by hand: the
/// colours typed from Apple's HIG table, the sizes from its Dynamic Type table, widths from FreeType alone.
final class AccessibilityAuditTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// HIG "Typography": the subheadline style by category, xS … AX5.
    static let subheadline: [Double] = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
    static let sizes = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    func luminance(_ c: (Double, Double, Double)) -> Double {
        func linear(_ v: Double) -> Double { let s = v / 255; return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }
    func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        (max(luminance(a), luminance(b)) + 0.05) / (min(luminance(a), luminance(b)) + 0.05)
    }

    /// A 15 pt subheadline chip, `systemGray` on `systemGray5`, in DejaVu Sans scaled with Dynamic Type.
    func chip() -> PaddedLabel {
        var label = PaddedLabel("Filter", font: .scaled(Font(path: Self.dejaVu, size: 15), relativeTo: .subheadline),
                                insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.textColor = .systemGray
        label.backgroundColor = .systemGray5
        return label
    }

    /// The issue's chip: fails in the cells where its ratio is below HIG's threshold for its size there, names them,
    /// and says where it passes.
    func testGrayChipFailsWhereContrastIsBelowThreshold() throws {
        let report = try verifyLabelAccessibility(of: chip())
        // systemGray on systemGray5 per cell, from the HIG table: light, dark, light high, dark high.
        let cells: [(String, Double)] = [
            ("light-normalContrast", ratio((142, 142, 147), (229, 229, 234))), ("light-highContrast", ratio((108, 108, 112), (216, 216, 220))),
            ("dark-normalContrast", ratio((142, 142, 147), (44, 44, 46))), ("dark-highContrast", ratio((174, 174, 178), (54, 54, 56))),
        ]
        var expected: [String] = []
        for (i, size) in Self.sizes.enumerated() {
            for (cell, r) in [cells[0], cells[1], cells[2], cells[3]] {
                let name = size + "-" + cell
                let required = Self.subheadline[i] >= 18 ? 3.0 : 4.5   // HIG: 18 pt and larger 3:1
                let result = try XCTUnwrap(report.result(.textContrast, in: name))
                XCTAssertEqual(result.value ?? 0, r, accuracy: 1e-9, name)
                XCTAssertEqual(result.required, required, name)
                XCTAssertEqual(result.pointSize ?? 0, Self.subheadline[i], accuracy: 1e-9, name)
                if r < required { expected.append(name) }
            }
        }
        XCTAssertEqual(Set(report.failingCells(.textContrast)), Set(expected))
        XCTAssertEqual(expected.count, 12 + 5 + 5)   // light everywhere; dark and light high below 18 pt only
        XCTAssertEqual(report.failingChecks, [.textContrast])
        let message = report.message
        XCTAssertTrue(message.contains("2.5:1 < 4.5:1 (HIG, 12–17 pt regular): systemGray on systemGray5 over systemBackground — "
            + "light, normal contrast at xS–xL"), message)
        XCTAssertTrue(message.contains("4.2:1 < 4.5:1 (HIG, 12–17 pt regular): systemGray on systemGray5 over systemBackground — "
            + "dark, normal contrast at xS–xL"), message)
        XCTAssertTrue(message.contains("2.5:1 < 3:1 (HIG, 19–49 pt regular)"), message)
        XCTAssertTrue(message.contains("5.4:1 — dark, high contrast, all sizes"), message)
        XCTAssertEqual(message.components(separatedBy: "Text contrast:").count, 2, "each failing check once")
    }

    /// WCAG AAA holds the same chip to 7:1 (4.5:1 from 18 pt), so dark high contrast fails below 18 pt too.
    func testStandardsChangeTheThreshold() throws {
        let aaa = try verifyLabelAccessibility(of: chip(), matrix: [.contentSizeCategories([.large, .accessibilityMedium])], standard: .wcagAAA)
        XCTAssertEqual(aaa.result(.textContrast, in: "L")?.required, 7)
        XCTAssertEqual(aaa.result(.textContrast, in: "AX1")?.required, 4.5)
        XCTAssertEqual(ContrastStandard.wcagAA.requiredRatio(pointSize: 14, bold: true), 3)
        XCTAssertEqual(ContrastStandard.wcagAA.requiredRatio(pointSize: 13.9, bold: true), 4.5)
        XCTAssertEqual(ContrastStandard.hig.requiredRatio(pointSize: 11, bold: true), 3)
        XCTAssertEqual(ContrastStandard.hig.requiredRatio(pointSize: 17.9, bold: false), 4.5)
    }

    /// `isEnabled = false` scales the text's alpha by tertiaryLabel's 0.3 (255 → 77), flattened by hand over white:
    /// 255 − 77 = 178 grey. `alpha = 0.5` fades the whole drawing: black on systemGray5 at half over white.
    func testDisabledAndAlphaCompositedByHand() throws {
        var disabled = PaddedLabel("Off", font: Font(path: Self.dejaVu, size: 17))
        disabled.isEnabled = false
        let d = try verifyLabelAccessibility(of: disabled, matrix: [.userInterfaceStyles([.light])])
        XCTAssertEqual(d.result(.textContrast, in: "light")?.value ?? 0, ratio((178, 178, 178), (255, 255, 255)), accuracy: 1e-9)
        XCTAssertEqual(d.result(.textContrast, in: "light")?.subject, "label (disabled) over systemBackground")
        var faded = PaddedLabel("Half", font: Font(path: Self.dejaVu, size: 17))
        faded.backgroundColor = .systemGray5
        faded.alpha = 0.5
        let f = try verifyLabelAccessibility(of: faded, matrix: [.userInterfaceStyles([.light])])
        // Text 0 → 127.5; background 229, 229, 234 → 242, 242, 244.5.
        XCTAssertEqual(f.result(.textContrast, in: "light")?.value ?? 0, ratio((127.5, 127.5, 127.5), (242, 242, 244.5)), accuracy: 1e-9)
        XCTAssertEqual(f.result(.textContrast, in: "light")?.subject, "label on systemGray5 at alpha 0.5 over systemBackground")
        // A run's own alpha: secondaryLabel (60-60-67 at 0.6) over white is 138-138-142.2.
        var secondary = PaddedLabel("Sub", font: Font(path: Self.dejaVu, size: 17))
        secondary.textColor = .secondaryLabel
        let s = try verifyLabelAccessibility(of: secondary, matrix: [.userInterfaceStyles([.light])])
        XCTAssertEqual(s.result(.textContrast, in: "light")?.value ?? 0, ratio((138, 138, 142.2), (255, 255, 255)), accuracy: 1e-9)
    }

    func testNonTextContrastIsOptIn() throws {
        var tag = PaddedLabel("Tag", font: Font(path: Self.dejaVu, size: 17))
        tag.backgroundColor = .systemGray6
        let light: [LabelMatrixAxis] = [.userInterfaceStyles([.light])]
        XCTAssertNil(try verifyLabelAccessibility(of: tag, matrix: light).result(.nonTextContrast, in: "light"))
        let shape = try XCTUnwrap(try verifyLabelAccessibility(of: tag, matrix: light, nonTextContrast: true).result(.nonTextContrast, in: "light"))
        XCTAssertFalse(shape.passed)
        XCTAssertEqual(shape.value ?? 0, ratio((242, 242, 247), (255, 255, 255)), accuracy: 1e-9)   // 1.12:1
        XCTAssertEqual(shape.subject, "background systemGray6 against systemBackground")
        tag.borderWidth = 1
        tag.borderColor = .systemGray
        let bordered = try XCTUnwrap(try verifyLabelAccessibility(of: tag, matrix: light, nonTextContrast: true).result(.nonTextContrast, in: "light"))
        XCTAssertTrue(bordered.passed)
        XCTAssertEqual(bordered.value ?? 0, ratio((142, 142, 147), (255, 255, 255)), accuracy: 1e-9)   // 3.26:1
    }

    /// A fixed 11 pt badge is flagged for Dynamic Type (it is not below the 11 pt minimum); a preferred font is not;
    /// 10 pt fails the size check; without a content size axis Dynamic Type is not judged.
    func testFixedFontFlaggedPreferredNot() throws {
        let badge = PaddedLabel("NEW", font: Font(path: Self.dejaVu, size: 11), insets: EdgeInsets(top: 2, left: 6, bottom: 2, right: 6))
        let report = try verifyLabelAccessibility(of: badge)
        XCTAssertEqual(report.failingChecks, [.dynamicType])
        XCTAssertEqual(report.result(.textSize)?.value, 11)
        XCTAssertTrue(report.message.contains("Dynamic Type: a fixed 11 pt font does not grow with Dynamic Type"), report.message)
        XCTAssertTrue(try verifyLabelAccessibility(of: PaddedLabel("NEW", font: .preferred(.caption1))).passed)
        XCTAssertTrue(try verifyLabelAccessibility(of: PaddedLabel("NEW", font: .scaled(Font(path: Self.dejaVu, size: 11), relativeTo: .caption1))).passed)
        let small = try verifyLabelAccessibility(of: PaddedLabel("NEW", font: .scaled(Font(path: Self.dejaVu, size: 10), relativeTo: .caption2)))
        XCTAssertEqual(small.failingChecks, [.textSize])
        XCTAssertTrue(small.message.contains("Text size: 10 pt < 11 pt"), small.message)
        let noSizes = try verifyLabelAccessibility(of: badge, matrix: [.userInterfaceStyles([.light, .dark])])
        XCTAssertNil(noSizes.result(.dynamicType))
        XCTAssertTrue(noSizes.passed)
    }

    /// A capsule as wide as its text needs at xxxL truncates from AX1 on, in every appearance and contrast.
    func testCapsuleTruncatingAtAccessibilitySizes() throws {
        let ref = try FontReference(path: Self.dejaVu, text: "Tomorrow…")
        let insets = 12.0
        // Between the text's width at xxxL (21 pt) and at AX1 (25 pt).
        let width = (insets * 2 + (ref.width("Tomorrow", pointSize: 21) + ref.width("Tomorrow", pointSize: 25)) / 2).rounded()
        var capsule = PaddedLabel("Tomorrow", font: .scaled(Font(path: Self.dejaVu, size: 15), relativeTo: .subheadline),
                                  insets: EdgeInsets(top: 4, left: insets, bottom: 4, right: insets))
        capsule.cornerConfiguration = .capsule()
        let axes = LabelMatrixAxis.accessibilityAudit + [.widths([CGFloat(width)])]
        let report = try verifyLabelAccessibility(of: capsule, matrix: axes)
        let failing = report.failingCells(.truncation)
        XCTAssertEqual(Set(failing.map { String($0.split(separator: "-")[1]) }), ["AX1", "AX2", "AX3", "AX4", "AX5"])
        XCTAssertEqual(failing.count, 5 * 4)
        XCTAssertEqual(report.failingChecks, [.truncation])
        XCTAssertTrue(report.message.contains("truncated (tail) — light and dark, normal contrast and high contrast at AX1–AX5"), report.message)
        let ax1 = try XCTUnwrap(report.result(.truncation, in: failing[0]))
        XCTAssertEqual(ax1.measure, "text \(SweepReport.points(FontReference.px(ref.width("Tomorrow", pointSize: 25), 1))) pt wide in "
            + "\(SweepReport.points(width - 2 * insets)) pt")
    }

    /// Bounds shorter than a line: the line is drawn anyway, outside them; a touch target below 44 pt.
    func testClippingAndTouchTarget() throws {
        var short = PaddedLabel("Tall", font: Font(path: Self.dejaVu, size: 17))
        short.bounds = CGRect(x: 0, y: 0, width: 80, height: 12)
        let light: [LabelMatrixAxis] = [.userInterfaceStyles([.light])]
        let clipped = try verifyLabelAccessibility(of: short, matrix: light, interactive: true)
        XCTAssertEqual(clipped.result(.truncation, in: "light")?.subject, "glyphs outside the bounds")
        let target = try XCTUnwrap(clipped.result(.touchTarget, in: "light"))
        XCTAssertFalse(target.passed)
        XCTAssertEqual(target.measure, "80 × 12 pt")
        short.bounds = CGRect(x: 0, y: 0, width: 80, height: 44)
        let roomy = try verifyLabelAccessibility(of: short, matrix: light, interactive: true)
        XCTAssertTrue(roomy.passed, roomy.message)
        XCTAssertNil(try verifyLabelAccessibility(of: short, matrix: light).result(.touchTarget, in: "light"))
    }

    /// The `.accessibility` text: one line per cell, numbers to 2 decimals (4.54:1 for #767676 on white).
    func testReferenceText() throws {
        var grey = PaddedLabel("Grey", font: .preferred(.body))
        grey.textColor = try Color(hex: "#767676")
        let report = try verifyLabelAccessibility(of: grey, matrix: [.contentSizeCategories([.large]), .userInterfaceStyles([.light])])
        XCTAssertEqual(AuditWording.reference(report).split(separator: "\n").last.map(String.init),
                       "L-light (\(SweepReport.points(report.cells[0].width)) × \(SweepReport.points(report.cells[0].height)) pt): "
                       + "✓ text contrast 4.54:1 ≥ 4.5:1 (HIG, 17 pt regular): #767676 over systemBackground · ✓ truncation fits")
    }

    /// The style file takes "background" and "interactive"; `labelsnap audit`'s cells (the style's width, the
    /// height each size needs) word the same checks as the assertion over `.widths([90])`.
    func testStyleKeysAndTheCommandsCells() throws {
        let json = """
        {"font": "DejaVu Sans", "textStyle": "subheadline", "insets": [4, 10, 4, 10], "width": 90,
         "textColor": "systemGray", "backgroundColor": "systemGray5", "background": "secondarySystemBackground", "interactive": true}
        """
        let style = try LabelStyle(json: Array(json.utf8), file: "chip.json")
        XCTAssertEqual(style.background, .secondarySystemBackground)
        XCTAssertTrue(style.interactive)
        XCTAssertThrowsError(try LabelStyle(json: Array(#"{"width": 90, "background": "grey"}"#.utf8), file: "s.json")) {
            XCTAssertTrue("\($0)".contains("s.json:1: \"background\": invalid colour \"grey\""), "\($0)")
        }
        let matrix = try AuditMatrix.style(style, text: "Filter", language: nil)
        let command = try AccessibilityAuditor.audit(try style.auditLabel(text: "Filter", language: nil), matrix: matrix, options: style.auditOptions())
        var label = style.label
        label.text = "Filter"
        let assertion = try verifyLabelAccessibility(of: label, matrix: LabelMatrixAxis.accessibilityAudit + [.widths([90])],
                                                     background: .secondarySystemBackground, interactive: true)
        XCTAssertEqual(command.failingChecks, [.textContrast, .truncation, .touchTarget])   // truncated from AX2 on
        XCTAssertEqual(command.message.split(separator: "\n").dropFirst(), assertion.message.split(separator: "\n").dropFirst())
        XCTAssertEqual(command.cells.map(\.height), assertion.cells.map(\.height))
    }
}
