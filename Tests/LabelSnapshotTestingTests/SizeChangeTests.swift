import Foundation
import LabelSnapshotTesting
import Imaging
import TestSupport
import XCTest

/// Size changes: a larger inset on any edge is reported as that edge moving, found by
/// aligning the content, and the diff compares the aligned images.
final class SizeChangeTests: XCTestCase {
    func testEachEdgeOfAGrownInsetIsNamed() throws {
        var base = PaddedLabel("Edges", font: .default(size: 15), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        base.backgroundColor = try Color(hex: "#FFE6C8")
        base.scale = 2
        let cases: [(String, EdgeInsets, String)] = [
            ("left", EdgeInsets(top: 4, left: 12, bottom: 4, right: 8), "left +8 px"),
            ("top", EdgeInsets(top: 7, left: 8, bottom: 4, right: 8), "top +6 px"),
            ("right", EdgeInsets(top: 4, left: 8, bottom: 4, right: 10), "right +4 px"),
            ("bottom", EdgeInsets(top: 4, left: 8, bottom: 9, right: 8), "bottom +10 px"),
            ("both sides", EdgeInsets(top: 4, left: 10, bottom: 4, right: 10), "left +4 px, right +4 px"),
        ]
        for (edge, insets, expected) in cases {
            let pkg = try TempPackage()
            func check(_ label: PaddedLabel) -> SnapshotFailure? {
                withSnapshotTesting(environment: [:]) { verifySnapshot(of: label, as: .image, named: "e", writesFailureRecord: true, file: pkg.testFile, testName: "testEdge()") }
            }
            XCTAssertEqual(check(base)?.kind, .missingReference)
            var grown = base
            grown.insets = insets
            let failure = try XCTUnwrap(check(grown), edge)
            XCTAssertTrue(failure.message.contains("aligned by content: \(expected); content otherwise identical"), "\(edge): \(failure.message)")
            // The diff compares the aligned images: only the new margin differs.
            let record = try XCTUnwrap(failure.record)
            let diff = try PNGCodec.decode(contentsOf: try XCTUnwrap(record.artifacts["diff"]))
            let size = try grown.render()
            XCTAssertEqual(diff.width, size.width)
            XCTAssertEqual(diff.height, size.height)
        }
    }

    func testAlignmentFindsAPatternPlacedInALargerCanvas() throws {
        // A 5×3 pattern of distinct colours, and the same pattern at (3, 2) in a 9×6 canvas of grey.
        var pattern = try Bitmap(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { pattern[x, y] = Color(red: UInt8(x * 40), green: UInt8(y * 80), blue: 200, alpha: 255) } }
        var canvas = try Bitmap(width: 9, height: 6, fill: Color(red: 9, green: 9, blue: 9, alpha: 255))
        for y in 0..<3 { for x in 0..<5 { canvas[x + 3, y + 2] = pattern[x, y] } }
        let a = ContentAlignment.find(pattern, canvas)
        XCTAssertEqual([a.left, a.top, a.right, a.bottom], [3, 2, 1, 1])
        XCTAssertEqual(a.differingPixels, 0)
        XCTAssertEqual(a.description, "left +3 px, top +2 px, right +1 px, bottom +1 px; content otherwise identical")
        // Shrinking is the same search the other way round.
        let b = ContentAlignment.find(canvas, pattern)
        XCTAssertEqual([b.left, b.top, b.right, b.bottom], [-3, -2, -1, -1])
        XCTAssertEqual(try a.alignedReference(pattern)[3, 2], pattern[0, 0])
        XCTAssertEqual(try a.alignedReference(pattern)[0, 0], Color(red: 0, green: 0, blue: 0, alpha: 0))
    }
}
