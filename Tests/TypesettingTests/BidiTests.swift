import Typesetting
import XCTest

final class BidiTests: XCTestCase {
    /// Defect 5 of issue 15: the scan in 256-unit chunks split a surrogate pair, so 255 spaces and an Adlam
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
