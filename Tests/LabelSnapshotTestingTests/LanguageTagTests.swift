import TestSupport
import Foundation
import LabelSnapshotTesting
import XCTest

/// `PaddedLabel.language` must be a well-formed BCP 47 tag (RFC 5646 §2.1): anything else is refused up front,
/// as every other property is, instead of reaching the reference's provenance chunk and failing there with
/// "invalid PNG text chunk … contains a NUL character".
final class LanguageTagTests: XCTestCase {
    func testWellFormedTagsAreAcceptedOthersRefused() {
        // Examples from RFC 5646 Appendix A, and Apple's underscore spelling.
        for tag in ["ko", "ja", "zh-Hans", "zh-Hant-TW", "sr-Latn-RS", "de-CH-1901", "en-US-x-twain", "x-whatever",
                    "i-klingon", "zh_CN", "EN", "ast", "en-XA"] {
            XCTAssertTrue(PaddedLabel.isWellFormedLanguageTag(tag), tag)
        }
        for tag in ["", "k", "ko-", "-ko", "ko--KR", "\u{0}xx-@@", "ko@calendar", "한국어", "toolonglang", "en-US-abcdefghi",
                    "x", "12", "ko KR"] {
            XCTAssertFalse(PaddedLabel.isWellFormedLanguageTag(tag), tag)
        }
    }

    func testAnInvalidLanguageFailsWithItsOwnMessageAndRecordsNothing() throws {
        var label = PaddedLabel("x", font: .default(size: 13), insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        label.language = "\u{0}xx-@@"
        let expected = #"invalid language "\0xx-@@": use a BCP 47 tag such as ko, ja, zh-Hans"#
        XCTAssertThrowsError(try label.makeLayout()) { XCTAssertTrue("\($0)".hasPrefix(expected), "\($0)") }

        let pkg = try TempPackage()
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: label, as: .image, named: "badlang", record: .all, file: pkg.testFile, testName: "testOdd()")?.message
        })
        XCTAssertTrue(message.contains(expected), message)
        XCTAssertFalse(message.contains("PNG text chunk"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.reference("testOdd.badlang.png")))
    }
}
