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

    func testACRLFReferenceIsExplained() throws {
        let mismatch = TextDiff.mismatch(reference: "size: 1\r\ntext: 2\r\n", actual: "size: 1\ntext: 2\n")
        // No line differs (it once said "first difference at line 1", and the report's line diff marked nothing).
        XCTAssertEqual(mismatch.summary.first, "lines: reference 2, actual 2; 0 removed, 0 added; no line differs")
        XCTAssertTrue(mismatch.summary.contains { $0.contains("the reference ends them with CR LF, the actual with LF") }, "\(mismatch.summary)")
        XCTAssertTrue(mismatch.summary.contains { $0.contains("__Snapshots__/** -text") })
        XCTAssertNil(mismatch.metrics["firstDifferenceLine"])
        let diff = String(decoding: try mismatch.attachments[0].bytes(), as: UTF8.self)
        XCTAssertEqual(diff.split(separator: "\n").last.map(String.init),
                       "\\ the lines are the same; the reference ends them with CR LF, the actual with LF (a checkout with core.autocrlf "
                        + "or an editor converted it: mark references as binary in .gitattributes, `__Snapshots__/** -text`)")
    }

    func testAMissingFinalNewlineIsExplained() {
        let mismatch = TextDiff.mismatch(reference: "a\nb", actual: "a\nb\n")
        XCTAssertEqual(mismatch.summary.first, "lines: reference 2, actual 2; 0 removed, 0 added; no line differs")
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

/// A `.txt` reference saved with a UTF-8 byte order mark (an editor): the first line differed invisibly and nothing
/// said why, while CR LF got its hint.
final class ByteOrderMarkTests: XCTestCase {
    let hint = "the reference starts with a UTF-8 byte order mark (EF BB BF), which the actual lacks (an editor saved it that way: "
        + "save it as UTF-8 without BOM, or re-record)"

    func testABOMIsExplained() throws {
        let mismatch = TextDiff.mismatch(reference: "\u{FEFF}size: 1\ntext: 2\n", actual: "size: 1\ntext: 2\n")
        XCTAssertEqual(mismatch.summary.first, "lines: reference 2, actual 2; 0 removed, 0 added; no line differs")
        XCTAssertEqual(mismatch.summary.dropFirst().first, "  the lines are the same; " + hint)
        let diff = String(decoding: try mismatch.attachments[0].bytes(), as: UTF8.self)
        XCTAssertTrue(diff.hasSuffix("\\ the lines are the same; " + hint + "\n"), diff)
    }

    func testABOMWithCRLFAndWithAChangedLine() {
        let both = TextDiff.mismatch(reference: "\u{FEFF}a\r\nb\r\n", actual: "a\nb\n")
        XCTAssertTrue(both.summary.contains { $0.contains("the reference ends them with CR LF") && $0.hasSuffix(hint) }, "\(both.summary)")
        let changed = TextDiff.mismatch(reference: "\u{FEFF}a\nb\n", actual: "a\nc\n")
        XCTAssertEqual(changed.summary.first, "lines: reference 2, actual 2; 1 removed, 1 added; first difference at line 2")
        XCTAssertTrue(changed.summary.contains("  " + hint), "\(changed.summary)")
        let actual = TextDiff.mismatch(reference: "a\n", actual: "\u{FEFF}a\n")
        XCTAssertTrue(actual.summary.contains { $0.contains("the actual starts with a UTF-8 byte order mark (EF BB BF), which the reference lacks") },
                      "\(actual.summary)")
    }
}
