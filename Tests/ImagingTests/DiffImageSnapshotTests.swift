import Foundation
import XCTest
import Imaging

/// Diff-image snapshots: the pictures are compared byte-exactly (after PNG decoding) with references in
/// `Tests/ImagingTests/__Snapshots__/DiffImageSnapshotTests/`. A missing reference, or
/// `SNAPSHOT_TESTING_RECORD=all`, writes it and fails the test.
final class DiffImageSnapshotTests: XCTestCase {
    private func assertSnapshot(_ bitmap: Bitmap, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/DiffImageSnapshotTests")
        let url = dir.appendingPathComponent("\(name).png")
        let record = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all"
        if record || !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(PNGCodec.encode(bitmap)).write(to: url, options: .atomic)
            XCTFail("recorded \(url.path); run again", file: file, line: line)
            return
        }
        let reference = try PNGCodec.decode(contentsOf: url.path)
        let r = compare(reference, bitmap)
        XCTAssertTrue(r.passed, "\(name): \(r.summary)", file: file, line: line)
    }

    /// The glyph scene against itself shifted 1 px right, 1 px wider, with a lightened stem pixel
    /// and the top-left corner ignored: grey reference, yellow AA, red lighter, blue darker,
    /// tinted ignored corner, magenta column that only the actual image has.
    func testDiffImagesOfShiftedGlyph() throws {
        let a = try makeBitmap(24, 16, glyphScene)
        var b = try makeBitmap(25, 16) { x, y in x >= 1 ? glyphScene(x - 1, y) : .white }
        b[7, 6] = grey(200)
        let options = ImageComparison(threshold: 0.1, ignoring: [PixelRect(x: 0, y: 0, width: 3, height: 3)])
        let (result, images) = try makeDiffImages(a, b, options)
        XCTAssertEqual(result.differingPixelCount, 2)
        XCTAssertEqual(result.sizeMismatch?.rightEdge, 1)
        try assertSnapshot(images.diff, named: "shiftedGlyph.diff")
        try assertSnapshot(images.mask, named: "shiftedGlyph.mask")
        try assertSnapshot(images.composite, named: "shiftedGlyph.composite")
    }

    func testDiffImageSurvivesPNGRoundTrip() throws {
        let a = try makeBitmap(24, 16, glyphScene)
        let b = try makeBitmap(24, 16) { x, y in x >= 1 ? glyphScene(x - 1, y) : .white }
        let images = try makeDiffImages(a, b, .pixelmatch(includeAA: true)).images
        XCTAssertEqual(try PNGCodec.decode(PNGCodec.encode(images.composite)), images.composite)
    }
}
