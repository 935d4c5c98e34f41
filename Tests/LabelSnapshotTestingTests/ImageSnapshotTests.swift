import TestSupport
import Foundation
import XCTest
import LabelSnapshotTesting
import Imaging

final class ImageSnapshotTests: XCTestCase {
    func makeBitmap(_ w: Int = 20, _ h: Int = 10, changed: PixelRect? = nil, seed: Int = 0) throws -> Bitmap {
        var b = try Bitmap(width: w, height: h, fill: Color(red: 255, green: 255, blue: UInt8(seed % 256)))
        if let r = changed {
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { b[x, y] = Color(red: 255, green: 0, blue: 0) } }
        }
        return b
    }

    /// The "(CI is set)" note follows the environment the record mode came from: an injected one
    /// (`withSnapshotTesting(environment:)`), not the process's.
    func testTheCINoteFollowsAnInjectedEnvironment() throws {
        let pkg = try TempPackage()
        let bitmap = try makeBitmap()
        let ci = try XCTUnwrap(withSnapshotTesting(environment: ["CI": "true"]) {
            verifySnapshot(of: bitmap, as: .image, named: "ci", file: pkg.testFile)?.message
        })
        XCTAssertTrue(ci.contains("Record mode is \"never\" (CI is set), so nothing was recorded."), ci)
        let plain = try XCTUnwrap(withSnapshotTesting(environment: ["CI": "0"]) {
            verifySnapshot(of: bitmap, as: .image, named: "plain", record: .never, file: pkg.testFile)?.message
        })
        XCTAssertTrue(plain.contains("Record mode is \"never\", so nothing was recorded."), plain)
    }

    func testMismatchMessageHasTheNumbersAndArtifacts() throws {
        let pkg = try TempPackage()
        let ref = pkg.reference("testMismatchMessageHasTheNumbersAndArtifacts.badge.png")
        try pkg.write(try PNGCodec.encode(try makeBitmap()), to: ref)
        let refBytes = pkg.bytes(ref)
        let actual = try makeBitmap(changed: PixelRect(x: 5, y: 2, width: 3, height: 2))
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: actual, as: .image, named: "badge", writesFailureRecord: true, file: pkg.testFile)?.message   // the record too, as an assertion
        })
        let art = pkg.artifacts + "/testMismatchMessageHasTheNumbersAndArtifacts.badge"
        XCTAssertTrue(message.hasPrefix("""
            Snapshot testMismatchMessageHasTheNumbersAndArtifacts.badge does not match its reference
              \(ref)
              reference: 20×10 px
              actual:    20×10 px
              6 of 200 px differ (3%, allowed 0); largest channel Δ 255; changed area (5, 2, 3×2) — exact
              tolerance: exact
            Artifacts:
              actual:    \(art).png.actual.png
            """), message)
        XCTAssertTrue(message.contains("  diff:      \(art).png.diff.png\n"), message)
        XCTAssertTrue(message.contains("  composite: \(art).png.composite.png\n"), message)
        XCTAssertTrue(message.contains("Accept the actual value:  swift run labelsnap accept \(art).png.failure.json"), message)
        XCTAssertEqual(pkg.bytes(ref), refBytes, "reference untouched under missing")
        XCTAssertEqual(try PNGCodec.decode(contentsOf: art + ".png.actual.png"), actual)
        let diff = try PNGCodec.decode(contentsOf: art + ".png.diff.png")
        XCTAssertEqual([diff.width, diff.height], [20, 10])
        let composite = try PNGCodec.decode(contentsOf: art + ".png.composite.png")
        XCTAssertGreaterThanOrEqual(composite.width, 60)
        let record = try SnapshotFailureRecord.load(art + ".png.failure.json")
        XCTAssertEqual(record.metrics["differingPixels"], .int(6))
        XCTAssertEqual(record.metrics["differingRatio"], .double(0.03))
        XCTAssertEqual(record.metrics["boundingBox"], .ints([5, 2, 3, 2]))
        XCTAssertEqual(record.metrics["largestChannelDelta"], .int(255))
        XCTAssertEqual(record.artifacts["composite"], art + ".png.composite.png")
    }

    func testPrecisionTolerates() throws {
        let pkg = try TempPackage()
        try pkg.write(try PNGCodec.encode(try makeBitmap()), to: pkg.reference("testPrecisionTolerates.1.png"))
        let actual = try makeBitmap(changed: PixelRect(x: 0, y: 0, width: 3, height: 2))  // 6 of 200 = 3 %
        withSnapshotTesting(environment: [:]) {
            XCTAssertNil(verifySnapshot(of: actual, as: .image(precision: 0.97), file: pkg.testFile, testName: "testPrecisionTolerates()")?.message)
            let strict = verifySnapshot(of: actual, as: .image(precision: 0.98), file: pkg.testFile, testName: "testPrecisionTolerates()")?.message
            XCTAssertNotNil(strict)  // snapshot 2 is missing: recorded
            let bad = verifySnapshot(of: actual, as: .image(precision: 1.5), file: pkg.testFile, testName: "testPrecisionTolerates()")?.message
            XCTAssertTrue(bad?.contains("precision 1.5 is outside 0…1") == true, bad ?? "nil")
        }
    }

    func testSizeMismatchSaysWhichEdgeMoved() throws {
        let pkg = try TempPackage()
        try pkg.write(try PNGCodec.encode(try makeBitmap()), to: pkg.reference("testSizeMismatchSaysWhichEdgeMoved.1.png"))
        let message = try withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: try makeBitmap(24, 10), as: .image, file: pkg.testFile)?.message
        }
        XCTAssertTrue(message?.contains("size differs: reference 20×10 px, actual 24×10 px; aligned by content: right +4 px; content otherwise identical") == true, message ?? "nil")
    }

    func testCorruptPNGReferenceIsUntouched() throws {
        let pkg = try TempPackage()
        let ref = pkg.reference("testCorruptPNGReferenceIsUntouched.1.png")
        var bytes = try PNGCodec.encode(try makeBitmap())
        bytes.removeLast(20)
        try pkg.write(bytes, to: ref)
        let message = try XCTUnwrap(try withSnapshotTesting(environment: ["CI": "1"]) {
            verifySnapshot(of: try makeBitmap(), as: .image, file: pkg.testFile)?.message
        })
        XCTAssertTrue(message.hasPrefix("The reference of snapshot testCorruptPNGReferenceIsUntouched.1 is corrupt: "), message)
        XCTAssertTrue(message.contains("\(ref) (\(bytes.count) bytes)\nIt was left untouched (record mode \"never\")."), message)
        // By class once XCTest's observer knows the running case (every case but a process's first).
        XCTAssertTrue(message.contains("SNAPSHOT_TESTING_RECORD=failed swift test --filter '^LabelSnapshotTestingTests\\.ImageSnapshotTests/testCorruptPNGReferenceIsUntouched$'"),
                      message)
        XCTAssertEqual(pkg.bytes(ref), bytes)
    }

    func testParallelRecordingOf200Images() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        let inputs = try (0..<200).map { i in try makeBitmap(8 + i % 7, 5 + i % 3, seed: i) }
        let failures = await withSnapshotTesting(environment: [:]) {
            await withTaskGroup(of: String?.self) { group in
                for (i, b) in inputs.enumerated() {
                    group.addTask { verifySnapshot(of: b, as: .image, named: "img\(i)", file: file, testName: "testImages()")?.message }
                }
                var n = 0
                for await f in group where f?.hasPrefix("No reference was found") == true { n += 1 }
                return n
            }
        }
        XCTAssertEqual(failures, 200)
        for (i, b) in inputs.enumerated() {
            XCTAssertEqual(try PNGCodec.decode(contentsOf: pkg.reference("testImages.img\(i).png")), b)
        }
        XCTAssertEqual(pkg.list(pkg.referenceFolder).count, 200)
    }
}
