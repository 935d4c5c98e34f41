import Foundation
import LabelRendering
import Typesetting
import XCTest

/// NaN, infinite and huge font weights and variation values: a clear error when the label is laid out or drawn,
/// never a trap, and no silent regular face.
final class FontValueTests: XCTestCase {
    static let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    func testWeightsOutsideUIKitsRangeAreRefusedNotTrapped() {
        // Building and describing such weights is defined (these trapped in Int()).
        XCTAssertTrue(Font.Weight(cssWeight: .nan).rawValue.isNaN)
        XCTAssertGreaterThan(Font.Weight(cssWeight: 1e300).rawValue, 1)
        XCTAssertLessThan(Font.Weight(cssWeight: -1e300).rawValue, -1)
        XCTAssertEqual(Font.Weight(cssWeight: .infinity).rawValue, .infinity)
        XCTAssertEqual(Font.Weight(rawValue: .nan).description, "nan")
        XCTAssertEqual(Font.Weight(rawValue: .infinity).description, "inf")
        XCTAssertEqual(Font.Weight(rawValue: -.infinity).description, "-inf")
        XCTAssertEqual(Font.Weight(cssWeight: 1e300).description, "1e+300")
        let advice = "use a finite UIFont.Weight from -1 to 1 (ultraLight -0.8 … black 0.62), or Font.Weight(cssWeight:) with a CSS weight class from 1 to 1000"
        let cases: [(Font.Weight, String)] = [(Font.Weight(rawValue: .nan), "nan"), (Font.Weight(rawValue: .infinity), "inf"),
                                              (Font.Weight(rawValue: -1.5), "-1.5 (CSS weight -250)"), (Font.Weight(cssWeight: .nan), "nan")]
        for (weight, shown) in cases {
            for font in [Font.default(size: 15).withWeight(weight), Font.system(size: 15, weight: weight),
                         Font.system(size: 15).italic().withWeight(weight)] {
                let label = PaddedLabel("Badge", font: font)
                for error in [labelError(try label.makeLayout()), labelError(try label.intrinsicContentSize), labelError(try label.render())] {
                    XCTAssertEqual(error?.description, "invalid font weight \(shown): " + advice)
                }
            }
        }
        // The ends of CSS's range are UIKit weights: laid out (the lightest and heaviest faces).
        XCTAssertNoThrow(try PaddedLabel("Badge", font: .system(size: 15, weight: Font.Weight(cssWeight: 1))).render())
        XCTAssertNoThrow(try PaddedLabel("Badge", font: .system(size: 15, weight: Font.Weight(cssWeight: 1000))).render())
    }

    func testNaNVariationIsRefusedWithTheAxisRange() {
        // fc-query / FontVariationTests: Inter's variable roman has one axis, wght 100…900.
        let label = PaddedLabel("Badge", font: Font(path: Self.interVariable, size: 15, variations: ["wght": .nan]))
        let expected = "invalid variation wght nan of \(Self.interVariable): use a number in the axis's units, 100 … 900 (values beyond are clamped)"
        XCTAssertEqual(labelError(try label.makeLayout())?.description, expected)
        XCTAssertEqual(labelError(try label.render())?.description, expected)
        // Infinity is clamped as documented: the 900 instance.
        let clamped = PaddedLabel("Badge", font: Font(path: Self.interVariable, size: 15, variations: ["wght": .infinity]))
        let at900 = PaddedLabel("Badge", font: Font(path: Self.interVariable, size: 15, variations: ["wght": 900]))
        XCTAssertEqual(try clamped.intrinsicContentSize, try at900.intrinsicContentSize)
    }
}
