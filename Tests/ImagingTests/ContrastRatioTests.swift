import Foundation
import Imaging
import XCTest

/// WCAG 2.2's relative luminance and contrast ratio, against values worked out by hand from the formula (W3C,
/// WCAG 2.2, "relative luminance", "contrast ratio") and against published pairs; the colours typed again from
/// Apple's HIG table (not read from the code's), and translucent colours flattened by hand.
final class ContrastRatioTests: XCTestCase {
    /// The formula written out again here: sRGB channel 0…1 linearised, weighted 0.2126 / 0.7152 / 0.0722.
    func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r / 255) + 0.7152 * linear(g / 255) + 0.0722 * linear(b / 255)
    }
    func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let la = luminance(a.0, a.1, a.2), lb = luminance(b.0, b.1, b.2)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    func testPublishedPairs() throws {
        // #767676 on white: the lightest grey that passes 4.5:1, published as 4.54:1; #777777 as 4.48:1.
        // By hand: 0x76 = 118, 118/255 = 0.46275, ((0.46275 + 0.055)/1.055)^2.4 = 0.18116 = L; (1.05)/(0.23116) = 4.5422.
        let grey76 = try Color(hex: "#767676"), grey77 = try Color(hex: "#777777")
        XCTAssertEqual(Color.contrastRatio(grey76, .white), 4.5422, accuracy: 0.0005)
        XCTAssertEqual(Color.contrastRatio(grey77, .white), 4.4781, accuracy: 0.0005)
        XCTAssertEqual(String(format: "%.2f", Color.contrastRatio(grey76, .white)), "4.54")
        XCTAssertEqual(String(format: "%.2f", Color.contrastRatio(.white, grey77)), "4.48")   // order does not matter
        XCTAssertEqual(Color.contrastRatio(.black, .white), 21, accuracy: 1e-12)
        XCTAssertEqual(Color.contrastRatio(grey76, grey76), 1, accuracy: 1e-12)
        XCTAssertEqual(Color.white.relativeLuminance, 1, accuracy: 1e-12)
        XCTAssertEqual(grey76.relativeLuminance, 0.18116, accuracy: 0.00001)
        // Below the linear segment's end (0.04045 × 255 = 10.3): #0A0A0A is 10/255/12.92.
        XCTAssertEqual(try Color(hex: "#0A0A0A").relativeLuminance, 10.0 / 255 / 12.92, accuracy: 1e-12)
    }

    /// `systemGray` on `systemGray5` and others in the four cells, from the HIG's iOS table (light, dark, increased
    /// contrast light, increased contrast dark) typed here.
    func testSystemColoursInEachAppearance() {
        let gray: [(Double, Double, Double)] = [(142, 142, 147), (142, 142, 147), (108, 108, 112), (174, 174, 178)]
        let gray5: [(Double, Double, Double)] = [(229, 229, 234), (44, 44, 46), (216, 216, 220), (54, 54, 56)]
        let cells: [(UserInterfaceStyle, AccessibilityContrast)] = [(.light, .normal), (.dark, .normal), (.light, .high), (.dark, .high)]
        for (i, (style, contrast)) in cells.enumerated() {
            let measured = Color.contrastRatio(Color.systemGray.resolved(for: style, contrast: contrast),
                                               Color.systemGray5.resolved(for: style, contrast: contrast))
            XCTAssertEqual(measured, ratio(gray[i], gray5[i]), accuracy: 1e-9, "\(style) \(contrast)")
        }
        // The same, as worked out by hand: 2.60 light, 4.27 dark, 3.68 light high, 5.45 dark high.
        XCTAssertEqual(ratio(gray[0], gray5[0]), 2.5972, accuracy: 0.0005)
        XCTAssertEqual(ratio(gray[1], gray5[1]), 4.2744, accuracy: 0.0005)
        XCTAssertEqual(ratio(gray[2], gray5[2]), 3.6786, accuracy: 0.0005)
        XCTAssertEqual(ratio(gray[3], gray5[3]), 5.4530, accuracy: 0.0005)
        // systemBlue on systemBackground: 0-122-255 on white 4.02 (below 4.5), 10-132-255 on black 5.76.
        XCTAssertEqual(Color.contrastRatio(Color.systemBlue.resolved(for: .light), Color.systemBackground.resolved(for: .light)),
                       ratio((0, 122, 255), (255, 255, 255)), accuracy: 1e-9)
        XCTAssertEqual(ratio((0, 122, 255), (255, 255, 255)), 4.0170, accuracy: 0.0005)
        XCTAssertEqual(Color.contrastRatio(Color.systemBlue.resolved(for: .dark), Color.systemBackground.resolved(for: .dark)),
                       5.7574, accuracy: 0.0005)
        XCTAssertEqual(Color.contrastRatio(Color.label.resolved(for: .dark), Color.systemBackground.resolved(for: .dark)), 21, accuracy: 1e-9)
    }

    /// Straight-alpha source-over in real numbers, checked against the flattening done by hand.
    func testTranslucentColoursFlattenedByHand() {
        let white = ColorComponents(.white)
        // secondaryLabel (light): 60-60-67 at 0.6 (153/255) over white = 60·0.6 + 255·0.4 = 138 (blue 67·0.6 + 102 = 142.2).
        let secondary = ColorComponents(Color.secondaryLabel.resolved(for: .light)).over(white)
        XCTAssertEqual(secondary.red * 255, 138, accuracy: 1e-9)
        XCTAssertEqual(secondary.blue * 255, 142.2, accuracy: 1e-9)
        XCTAssertEqual(secondary.alpha, 1, accuracy: 1e-12)
        XCTAssertEqual(ColorComponents.contrastRatio(secondary, white), ratio((138, 138, 142.2), (255, 255, 255)), accuracy: 1e-9)
        XCTAssertEqual(ColorComponents.contrastRatio(secondary, white), 3.4382, accuracy: 0.0005)
        // Transparent on transparent stays transparent; a half-transparent colour on a half-transparent one:
        // a = 0.5 + 0.5·0.5 = 0.75, red = (1·0.5 + 0·0.25)/0.75 = 2/3.
        let half = ColorComponents(red: 1, green: 0, blue: 0, alpha: 0.5).over(ColorComponents(red: 0, green: 0, blue: 1, alpha: 0.5))
        XCTAssertEqual(half.alpha, 0.75, accuracy: 1e-12)
        XCTAssertEqual(half.red, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(half.blue, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(ColorComponents(.clear).over(ColorComponents(.clear)).alpha, 0)
        // A group opacity of 0.5 on opaque black over white: mid grey 127.5.
        let dimmed = ColorComponents(.black).withAlphaScaled(by: 0.5).over(white)
        XCTAssertEqual(dimmed.red * 255, 127.5, accuracy: 1e-9)
    }
}
