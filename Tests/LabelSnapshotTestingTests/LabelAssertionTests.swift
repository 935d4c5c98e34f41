import TestSupport
import Foundation
import LabelSnapshotTesting
import Imaging
import XCTest

/// `verifySnapshot(of: label, as: .image)` end to end in a throw-away package: record, pass, fail with numbers and artifacts.
final class LabelAssertionTests: XCTestCase {
    let padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)

    func badge(_ text: String) -> PaddedLabel {
        var label = PaddedLabel(text, font: .default(size: 17), insets: padding)
        label.backgroundColor = try! Color(hex: "#FFE6C8")
        label.cornerRadius = 8
        label.scale = 2
        return label
    }

    func testRecordThenPassThenFailOnChangedText() throws {
        let pkg = try TempPackage()
        let env = ["SNAPSHOT_TESTING_RECORD": "missing"]
        let reference = pkg.reference("testBadge.badge.png")
        let recorded = try XCTUnwrap(withSnapshotTesting(environment: env) {
            verifySnapshot(of: badge("않이 패딩이 왜 없어..?"), as: .image, named: "badge", file: pkg.testFile, testName: "testBadge()")?.message
        })
        XCTAssertTrue(recorded.contains(reference), recorded)
        let written = try PNGCodec.decode(contentsOf: reference)
        XCTAssertEqual(written, try badge("않이 패딩이 왜 없어..?").render())
        XCTAssertEqual(written.width, Int((try badge("않이 패딩이 왜 없어..?").intrinsicContentSize.width * 2).rounded()))

        startSnapshotRun()   // each check below stands for another run of the test
        XCTAssertNil(withSnapshotTesting(environment: env) {
            verifySnapshot(of: badge("않이 패딩이 왜 없어..?"), as: .image, named: "badge", file: pkg.testFile, testName: "testBadge()")?.message
        })

        // One changed syllable (Hangul advances are equal, so the size stays): fails, names the differing
        // pixel count and the artifacts, keeps the reference.
        let before = pkg.bytes(reference)
        let changed = badge("않이 패딩이 게 없어..?")
        let expected = try changed.render()
        let differing = zip(stride(from: 0, to: expected.pixels.count, by: 4), stride(from: 0, to: written.pixels.count, by: 4))
            .filter { expected.pixels[$0.0..<$0.0 + 4] != written.pixels[$0.1..<$0.1 + 4] }.count
        XCTAssertGreaterThan(differing, 0)
        startSnapshotRun()
        let message = try XCTUnwrap(withSnapshotTesting(environment: env) {
            verifySnapshot(of: changed, as: .image, named: "badge", writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()")?.message   // as the assertion
        })
        XCTAssertTrue(message.contains("\(differing) of \(written.width * written.height) px differ"), message)
        let artifacts = pkg.artifacts + "/testBadge.badge"
        for suffix in [".png.actual.png", ".png.diff.png", ".png.composite.png", ".png.failure.json"] {
            XCTAssertTrue(message.contains(artifacts + suffix), "\(suffix) in \(message)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts + suffix), suffix)
        }
        XCTAssertEqual(try PNGCodec.decode(contentsOf: artifacts + ".png.actual.png"), expected)
        XCTAssertEqual(pkg.bytes(reference), before, "reference untouched under missing")
    }

    func testMissingReferenceUnderNeverFailsAndWritesNothing() throws {
        let pkg = try TempPackage()
        let message = try XCTUnwrap(withSnapshotTesting(environment: ["CI": "true"]) {
            verifySnapshot(of: badge("Hello"), as: .image, file: pkg.testFile, testName: "testNever()")?.message
        })
        XCTAssertTrue(message.contains("testNever.1.png"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots))
    }

    func testRenderErrorIsAFailureNotACrash() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("x", font: Font(path: "/usr/share/fonts/truetype/nanum/Nope.ttf", size: 12))
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: label, as: .image, file: pkg.testFile, testName: "testBroken()")?.message
        })
        XCTAssertTrue(message.contains("/usr/share/fonts/truetype/nanum/Nope.ttf"), message)
        XCTAssertTrue(message.contains("apt-get install fonts-nanum"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots))
    }

    /// Empty text without insets is a 0×0 label, which PNG cannot hold: the assertion fails saying how to give
    /// the label a size, records nothing, and the same label with padding records. `.layout` can hold it.
    func testAnEmptyLabelFailsSayingWhatToDo() throws {
        let pkg = try TempPackage()
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: PaddedLabel(""), as: .image, named: "empty", file: pkg.testFile, testName: "testEmpty()")?.message
        })
        XCTAssertTrue(message.contains("cannot encode a 0×0 px bitmap as PNG"), message)
        XCTAssertTrue(message.contains("where the size comes from the content, insets or visible text"), message)
        XCTAssertEqual(pkg.list(pkg.referenceFolder), [], "nothing recorded")
        _ = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: PaddedLabel("", insets: EdgeInsets(all: 2)), as: .image, named: "padded", file: pkg.testFile, testName: "testEmpty()")?.message
        }
        XCTAssertEqual(try PNGCodec.decode(try XCTUnwrap(pkg.bytes(pkg.reference("testEmpty.padded.png")))).width, 4)
        _ = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: PaddedLabel(""), as: .layout, named: "text", file: pkg.testFile, testName: "testEmpty()")?.message
        }
        XCTAssertTrue(pkg.list(pkg.referenceFolder).contains("testEmpty.text.txt"))
    }

    func testLayoutStrategyWritesReadableTextAndDiffsLineByLine() throws {
        let pkg = try TempPackage()
        var label = PaddedLabel("UILabel With Padding", font: .default(size: 17), insets: padding)
        label.numberOfLines = 0
        label.scale = 2
        label.lineBreakStrategy = []   // greedy: "Padding" alone on the last line
        try label.layout(width: 160)
        _ = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: label, as: .layout, named: "wrap", file: pkg.testFile, testName: "testLayout()")?.message
        }
        let text = try String(contentsOfFile: pkg.reference("testLayout.wrap.txt"), encoding: .utf8)
        XCTAssertEqual(text, try label.makeLayout().layoutDescription)
        XCTAssertTrue(text.contains("lines: 2\n  1. \"UILabel With\" range 0..<13"), text)
        XCTAssertTrue(text.contains("  2. \"Padding\" range 13..<20"), text)
        startSnapshotRun()   // each check below stands for another run of the test
        XCTAssertNil(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: label, as: .layout, named: "wrap", file: pkg.testFile, testName: "testLayout()")?.message
        })
        label.text = "UILabel With Margins"
        startSnapshotRun()
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: label, as: .layout, named: "wrap", file: pkg.testFile, testName: "testLayout()")?.message
        })
        XCTAssertTrue(message.contains("\"Padding\""), message)
        XCTAssertTrue(message.contains("\"Margins\""), message)
    }

    func testAnInvalidComparisonOptionIsASetupFailure() throws {
        let pkg = try TempPackage()
        let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: badge("x"), as: .image(threshold: 2), file: pkg.testFile, testName: "testOption()")?.message
        })
        XCTAssertTrue(message.contains("threshold"), message)
        XCTAssertTrue(message.contains("fix the assertion's `as:` argument"), message)
        XCTAssertFalse(message.contains("producing the value threw"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots), "nothing recorded")
    }
}
