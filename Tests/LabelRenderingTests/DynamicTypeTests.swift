import TestSupport
import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// Dynamic Type and appearance: sizes from Apple's published table (typed here again, independently of
/// `DynamicType.pointSizes`), widths from the font's own tables (FontReference).
final class DynamicTypeTests: XCTestCase {
    /// Human Interface Guidelines, Typography, iOS Dynamic Type sizes: xS S M L xL xxL xxxL AX1 … AX5.
    let appleTable: [(TextStyle, [Double])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]
    let shortNames = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    func testCategoriesAndStylesAreUIKits() {
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        XCTAssertEqual(TextStyle.allCases.count, 11)
        XCTAssertEqual(ContentSizeCategory.allCases.map(\.shortName), shortNames)
        XCTAssertEqual(PaddedLabel("x").contentSizeCategory, .large)
        XCTAssertEqual(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).first, .accessibilityMedium)
        XCTAssertTrue(ContentSizeCategory.extraLarge < .accessibilityMedium)
        XCTAssertEqual(ContentSizeCategory(shortName: "AX3"), .accessibilityExtraLarge)
        XCTAssertNil(ContentSizeCategory(shortName: "XXL"))
    }

    func testEveryStyleInEveryCategoryHasApplesPointSize() {
        XCTAssertEqual(appleTable.map(\.0), TextStyle.allCases)
        for (style, sizes) in appleTable {
            for (category, size) in zip(ContentSizeCategory.allCases, sizes) {
                var label = PaddedLabel("x", font: .preferred(style))
                label.contentSizeCategory = category
                XCTAssertEqual(label.font.pointSize, size, "\(style) at \(category.shortName)")
                XCTAssertEqual(DynamicType.pointSize(of: style, in: category), size)
            }
        }
        // A preferred font outside a label has its .large size.
        XCTAssertEqual(Font.preferred(.body).pointSize, 17)
        // The system font at Apple's weight per style (HIG: headline semibold, the others regular); Inter's
        // files as fc-list names them, the display design from 20 pt.
        XCTAssertEqual(Font.preferred(.headline).file.adjustment?.axes, ["wght": 600, "opsz": 14])
        XCTAssertEqual(Font.preferred(.headline).weight, .semibold)
        XCTAssertEqual(Font.preferred(.body).file.adjustment?.axes, ["wght": 400, "opsz": 14])
        XCTAssertEqual(Font.preferred(.largeTitle).file.adjustment?.axes, ["wght": 400, "opsz": 32])
        XCTAssertEqual(Font.preferred(.body).resolved(for: .accessibilityMedium).file.adjustment?.axes, ["wght": 400, "opsz": 32])
    }

    func testScaledFontIsTheRatioOfTheStylesSizesWithAMaximum() {
        let custom = Font.default(size: 20)
        // (category, style, expected without a maximum), ratios from Apple's table by hand.
        let cases: [(ContentSizeCategory, TextStyle, Double)] = [
            (.extraSmall, .body, 20 * 14 / 17), (.large, .body, 20), (.extraExtraExtraLarge, .body, 20 * 23 / 17),
            (.accessibilityExtraLarge, .body, 20 * 40 / 17), (.accessibilityExtraExtraExtraLarge, .title1, 20 * 58 / 28),
            (.medium, .footnote, 20 * 12 / 13), (.small, .caption2, 20),
        ]
        for (category, style, expected) in cases {
            var label = PaddedLabel("x", font: .scaled(custom, relativeTo: style))
            label.contentSizeCategory = category
            XCTAssertEqual(label.font.pointSize, expected, accuracy: 1e-12, "\(style) at \(category.shortName)")
            label.font = .scaled(custom, relativeTo: style, maximumPointSize: 30)
            XCTAssertEqual(label.font.pointSize, min(expected, 30), accuracy: 1e-12, "max 30: \(style) at \(category.shortName)")
            XCTAssertEqual(label.font.file, custom.file)
        }
        // Scaling a preferred font starts from its .large size, not a resolved one.
        XCTAssertEqual(Font.scaled(.preferred(.title1), relativeTo: .body).resolved(for: .accessibilityExtraLarge).pointSize,
                       28 * 40 / 17, accuracy: 1e-12)
    }

    func testLayoutFollowsTheCategory() throws {
        let text = "Body text"
        let ref = try FontReference(path: FontFile.dejaVuSans.path, text: text)
        // DejaVu Sans following the category as body does (the system font's own widths: SystemFontTests).
        var label = PaddedLabel(text, font: .scaled(.default(size: 17), relativeTo: .body),
                                insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        for (category, size) in [(ContentSizeCategory.extraSmall, 14.0), (.large, 17), (.accessibilityExtraExtraExtraLarge, 53)] {
            for scale in [1.0, 2.0] {
                label.contentSizeCategory = category
                label.scale = scale
                let intrinsic = try label.intrinsicContentSize
                XCTAssertEqual(intrinsic.width, FontReference.px(ref.width(text, pointSize: size), scale) + 32,
                               accuracy: 1e-9, "\(category) @\(scale)x")
                XCTAssertEqual(intrinsic.height, FontReference.px(ref.lineHeight(pointSize: size), scale) + 16,
                               accuracy: 1e-9, "\(category) @\(scale)x")
                XCTAssertEqual(try label.makeLayout().fontSize, size)
            }
        }
    }

    func testSettingAnotherSizeMakesTheFontFixed() {
        var label = PaddedLabel("x", font: .preferred(.body))
        label.contentSizeCategory = .accessibilityMedium
        XCTAssertEqual(label.font.pointSize, 28)
        label.font = label.font                    // read back and set: still follows the category
        label.contentSizeCategory = .extraSmall
        XCTAssertEqual(label.font.pointSize, 14)
        label.font.pointSize = 20                   // an explicit size: fixed from now on
        label.contentSizeCategory = .accessibilityExtraExtraExtraLarge
        XCTAssertEqual(label.font.pointSize, 20)
        XCTAssertNil(label.font.dynamicType)
        XCTAssertNil(Font.preferred(.body).withSize(12).dynamicType)
    }

    func testInsetsScaleOnlyWhenAsked() throws {
        var label = PaddedLabel("Hi", font: .scaled(.default(size: 20), relativeTo: .title3),
                                insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.contentSizeCategory = .accessibilityExtraLarge
        XCTAssertEqual(label.insets, EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.adjustsInsetsForContentSizeCategory = true
        // Relative to the font's style, title3: 20 pt at L, 43 pt at AX3.
        let r = 43.0 / 20
        XCTAssertEqual(label.insets.left, 16 * r, accuracy: 1e-12)
        XCTAssertEqual(label.insets.top, 8 * r, accuracy: 1e-12)
        let ref = try FontReference(path: FontFile.dejaVuSans.path, text: "Hi")
        XCTAssertEqual(try label.intrinsicContentSize.width, FontReference.px(ref.width("Hi", pointSize: 43), 1) + 32 * r,
                       accuracy: 1e-9)
        // A fixed font scales its insets like body (17 → 40 at AX3).
        label.font = .default(size: 17)
        XCTAssertEqual(label.insets.left, 16 * 40 / 17, accuracy: 1e-12)
    }

    /// UIKit's defaults (Apple's documentation): `UILabel.textColor` is `UIColor.label` (black in light, white in
    /// dark), `UIView.backgroundColor` nil (clear), `CALayer.borderColor` opaque black.
    func testDefaultColoursAreUIKits() throws {
        var label = PaddedLabel("I", font: .default(size: 17))
        label.borderWidth = 1
        XCTAssertEqual(label.textColor, Color.label)
        let light = try label.makeLayout()
        XCTAssertEqual(light.textColor, Color(red: 0, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(light.backgroundColor, Color(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(light.borderColor, Color(red: 0, green: 0, blue: 0, alpha: 255))
        label.userInterfaceStyle = .dark
        let dark = try label.makeLayout()
        XCTAssertEqual(dark.textColor, Color(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertEqual(dark.backgroundColor, Color(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(dark.borderColor, Color(red: 0, green: 0, blue: 0, alpha: 255))
    }

    func testDynamicColoursResolveByAppearance() throws {
        let light = try Color(hex: "#FFE6C8"), dark = try Color(hex: "#3A2A1A")
        let ink = Color.dynamic(light: .black, dark: .white)
        var label = PaddedLabel("I", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        label.backgroundColor = .dynamic(light: light, dark: dark)
        label.textColor = ink
        label.borderColor = .dynamic(light: Color(red: 255, green: 0, blue: 0), dark: Color(red: 0, green: 0, blue: 255))
        label.borderWidth = 1
        XCTAssertEqual(label.userInterfaceStyle, .light)
        XCTAssertEqual(ink.resolved(for: .dark), .white)
        XCTAssertEqual(ink.resolved(for: .light), .black)
        XCTAssertFalse(ink.resolved(for: .dark).isDynamic)
        XCTAssertEqual(Color.white.resolved(for: .dark), .white)
        XCTAssertEqual(ink.description, "dynamic(light: #000000FF, dark: #FFFFFFFF)")

        let lightLayout = try label.makeLayout()
        XCTAssertEqual(lightLayout.backgroundColor, light)
        XCTAssertEqual(lightLayout.textColor, .black)
        label.userInterfaceStyle = .dark
        let darkLayout = try label.makeLayout()
        XCTAssertEqual(darkLayout.backgroundColor, dark)
        XCTAssertEqual(darkLayout.textColor, .white)
        XCTAssertEqual(darkLayout.borderColor, Color(red: 0, green: 0, blue: 255))
    }
}
