import XCTest
@testable import SnapshotStore

/// A `.layout`/`.text` reference saved with CR LF (core.autocrlf, an editor) or without its final
/// newline: the lines are counted as lines, and the message says what differs instead of
/// "1 line" or "0 removed, 0 added" with nothing else.
final class LineEndingTests: XCTestCase {
    func testCRLFEndsLinesLikeLF() {
        XCTAssertEqual(TextDiff.lines("a\r\nb\r\nc\r\n"), ["a", "b", "c"])
        XCTAssertEqual(TextDiff.lines("a\nb\r\nc"), ["a", "b", "c"])
        XCTAssertEqual(TextDiff.lines("a\r\n\r\nb"), ["a", "", "b"])
        XCTAssertEqual(TextDiff.lines(""), [])
    }

    func testACRLFReferenceIsExplained() {
        let mismatch = TextDiff.mismatch(reference: "size: 1\r\ntext: 2\r\n", actual: "size: 1\ntext: 2\n")
        XCTAssertEqual(mismatch.summary.first, "lines: reference 2, actual 2; 0 removed, 0 added; first difference at line 1")
        XCTAssertTrue(mismatch.summary.contains { $0.contains("the reference ends them with CR LF, the actual with LF") }, "\(mismatch.summary)")
        XCTAssertTrue(mismatch.summary.contains { $0.contains("__Snapshots__/** -text") })
    }

    func testAMissingFinalNewlineIsExplained() {
        let mismatch = TextDiff.mismatch(reference: "a\nb", actual: "a\nb\n")
        XCTAssertTrue(mismatch.summary.contains { $0.hasSuffix("the reference lacks the final newline") }, "\(mismatch.summary)")
        let other = TextDiff.mismatch(reference: "a\nb\n", actual: "a\nb")
        XCTAssertTrue(other.summary.contains { $0.hasSuffix("the actual lacks the final newline") }, "\(other.summary)")
    }

    func testAChangedLineIsNotExplainedAsLineEndings() {
        let mismatch = TextDiff.mismatch(reference: "a\r\nb\r\n", actual: "a\nc\n")
        XCTAssertEqual(mismatch.summary.first, "lines: reference 2, actual 2; 1 removed, 1 added; first difference at line 2")
        XCTAssertFalse(mismatch.summary.contains { $0.contains("CR LF") })
    }
}
