import Typesetting
import XCTest

final class BidiTests: XCTestCase {
    /// The scan in 256-unit chunks split a surrogate pair, so 255 spaces and an Adlam
    /// letter (U+1E900, right-to-left, outside the BMP) read as having no strong character.
    func testFirstStrongDirectionDoesNotSplitASurrogatePair() {
        for spaces in [0, 1, 254, 255, 256, 511, 1000] {
            let text = String(repeating: " ", count: spaces) + "\u{1E900}"
            XCTAssertEqual(Bidi.firstStrongDirection(text), .rightToLeft, "\(spaces) spaces")
        }
        XCTAssertEqual(Bidi.firstStrongDirection(String(repeating: " ", count: 255) + "a"), .leftToRight)
        XCTAssertNil(Bidi.firstStrongDirection(String(repeating: " ", count: 600)))
    }
}

/// UAX #9 rule L2 by hand: reverse from the highest level down to the lowest odd level of the line.
final class BidiVisualOrderTests: XCTestCase {
    func testLevelsWithoutAnOddLevelBelowTheHighestAreNotMirrored() {
        // Latin or digits alone on a line of a right-to-left paragraph: level 2 only. Reversed at level 2
        // and again at level 1 (the lowest odd level at or below it): logical order.
        XCTAssertEqual(Bidi.visualOrder(levels: [2, 2, 2]), [0, 1, 2])
        XCTAssertEqual(Bidi.visualOrder(levels: [0, 0]), [0, 1])
        XCTAssertEqual(Bidi.visualOrder(levels: [4, 4]), [0, 1])
    }

    func testRightToLeftRunsAreReversedAndEmbeddedLeftToRightRunsKeepTheirOrder() {
        XCTAssertEqual(Bidi.visualOrder(levels: [1, 1, 1]), [2, 1, 0])
        // Hebrew, "ab", Hebrew in a right-to-left paragraph: the whole line reverses, "ab" reads a, b.
        XCTAssertEqual(Bidi.visualOrder(levels: [1, 2, 2, 1]), [3, 1, 2, 0])
        // A right-to-left word inside left-to-right text.
        XCTAssertEqual(Bidi.visualOrder(levels: [0, 1, 1, 0]), [0, 2, 1, 3])
        XCTAssertEqual(Bidi.visualOrder(levels: [2, 2, 1]), [2, 0, 1])
        // Levels 3 (nested) inside 2 inside 1: reversed at 3 ([0,1,3,2,4]), 2 ([0,4,2,3,1]) and 1.
        XCTAssertEqual(Bidi.visualOrder(levels: [1, 2, 3, 3, 2]), [1, 3, 2, 4, 0])
    }
}
