import TestSupport
import Foundation
import LabelSnapshotTesting
import Imaging
import LabelDescription
import XCTest

/// Provenance: every recorded label PNG carries one text chunk naming the environment; a
/// mismatch names what changed in it first; the chunk never decides a comparison.
final class ProvenanceTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    let label = PaddedLabel("Padding", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))

    private func check(_ label: PaddedLabel, record: RecordMode? = nil) -> SnapshotFailure? {
        withSnapshotTesting(record: record, environment: [:]) {
            verifySnapshot(of: label, as: .image, named: "p", writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()")
        }
    }
    var ref: String { pkg.reference("testBadge.p.png") }

    /// `head` fields read from the font file's bytes (OpenType table directory), not through FreeType.
    private func headTable(_ path: String) throws -> (revision: String, checksum: String) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ o: Int) -> UInt32 { bytes[o..<o + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for t in 0..<tables where Array(bytes[(12 + 16 * t)..<(16 + 16 * t)]) == Array("head".utf8) {
            let offset = Int(u32(12 + 16 * t + 8))
            return (String(format: "%.3f", Double(u32(offset + 4)) / 65536), String(format: "%08x", u32(offset + 8)))
        }
        throw XCTSkip("no head table")
    }

    /// A font that asks for a weight, italic, an instance or features names the face drawn, its weight class and
    /// instance in a `face:` line of the chunk and of `.layout`, and the asked-for parts on the `label:` line; a label
    /// that asks for none has neither (its chunk and `.layout` as before). The stand-in's semibold is the bundled
    /// Inter-4.1.ttf at wght 600 (text size-adjust 1); hb-shape lists Inter-roman.var.ttf's wght axis 100…900.
    func testTheFaceItsWeightAndInstanceAreStated() throws {
        let badge = PaddedLabel("New", font: .system(size: 13, weight: .semibold).monospacedDigit())
        let text = try SnapshotProvenance(label: badge).text
        XCTAssertTrue(text.contains("\nface: Inter-4.1.ttf weight 600 (semibold asked), upright, size-adjust 1.0000, features tnum=1\n"), text)
        XCTAssertTrue(text.contains("font=Inter-4.1.ttf#0 13pt"), text)
        XCTAssertTrue(text.hasSuffix(" weight=semibold features=tnum=1\n"), text)
        XCTAssertTrue(try badge.makeLayout().layoutDescription.hasSuffix("fonts: Inter-4.1.ttf[opsz=14,wght=600]\n"
            + "face: Inter-4.1.ttf weight 600 (semibold asked), upright, size-adjust 1.0000, features tnum=1\n"))
        let instance = PaddedLabel("New", font: Font(path: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", size: 13, variations: ["wght": 650]))
        XCTAssertTrue(try SnapshotProvenance(label: instance).text.contains("\nface: Inter-roman.var.ttf weight 650, upright, instance wght=650\n"))
        XCTAssertTrue(try SnapshotProvenance(label: instance).text.contains(" variations=wght=650"))
        for plain in [label, PaddedLabel("New", font: .system(size: 13))] {
            XCTAssertFalse(try SnapshotProvenance(label: plain).text.contains("face:"))
            XCTAssertFalse(try plain.makeLayout().layoutDescription.contains("face:"))
        }
    }

    /// The system font and the same Inter file by path draw differently (the stand-in's size-adjust and SF Pro's
    /// metrics against Inter's own), so their provenance differs: the file by path gets a face line saying it is
    /// drawn without the adjustment (fc-query: the bundled Inter-4.1.ttf's default instance is weight 80 = OS/2 400,
    /// slant 0); the system font's chunk has none.
    func testTheStandInsFileByPathIsToldFromTheSystemFont() throws {
        let system = PaddedLabel("Hello 123", font: .system(size: 17))
        let path = system.font.file.path
        XCTAssertEqual(try FCQuery.fields(path: path, ["weight", "slant"]).first, ["80", "0"])
        let byPath = PaddedLabel("Hello 123", font: Font(path: path, size: 17, variations: ["opsz": 14]))
        XCTAssertNotEqual(try system.intrinsicContentSize.width, try byPath.intrinsicContentSize.width)
        let systemText = try SnapshotProvenance(label: system).text, pathText = try SnapshotProvenance(label: byPath).text
        XCTAssertNotEqual(systemText, pathText)
        XCTAssertFalse(systemText.contains("face:"), systemText)
        XCTAssertTrue(pathText.contains("\nface: Inter-4.1.ttf weight 400, upright, instance opsz=14\n"), pathText)
        XCTAssertTrue(try byPath.makeLayout().layoutDescription.hasSuffix("face: Inter-4.1.ttf weight 400, upright, instance opsz=14\n"))
        // DejaVu Sans by path is not the stand-in's file: no face line.
        XCTAssertFalse(try SnapshotProvenance(label: PaddedLabel("a", font: .default(size: 17))).text.contains("face:"))
    }

    func testARecordedReferenceCarriesOneProvenanceChunk() throws {
        XCTAssertEqual(check(label)?.kind, .missingReference)
        let bytes = try XCTUnwrap(pkg.bytes(ref))
        let chunks = try PNGCodec.textChunks(in: bytes)
        XCTAssertEqual(chunks.map(\.keyword), ["LabelSnapshot"])
        let text = chunks[0].text
        let head = try headTable(FontFile.dejaVuSans.path)
        XCTAssertTrue(text.contains("font: DejaVuSans.ttf#0 revision=\(head.revision) checksumAdjustment=\(head.checksum) version=Version \(head.revision.prefix(4))"), text)
        for key in ["library: LabelSnapshot", "freetype: 2.", "harfbuzz: ", "icu: ", "libpng: 1.6", "scale: 1", "label: text=\"Padding\" font=DejaVuSans.ttf#0 17pt insets=4,8,4,8"] {
            XCTAssertTrue(text.contains(key), "\(key) in\n\(text)")
        }
        XCTAssertFalse(text.contains(String(Calendar.current.component(.year, from: Date()))), "no timestamp")
        // Re-recording the unchanged label leaves the file byte for byte as it was.
        XCTAssertTrue(try XCTUnwrap(check(label, record: .all)).message.contains("unchanged"))
        XCTAssertEqual(pkg.bytes(ref), bytes)
        XCTAssertNil(check(label))
    }

    /// The provenance takes its fonts from the layout it is given (the one the label was drawn from) instead of
    /// laying the label out again: given another label's layout, it names that layout's fonts.
    func testTheProvenanceReadsTheFontsOfTheLayoutItIsGiven() throws {
        XCTAssertEqual(try SnapshotProvenance(label: label, layout: label.makeLayout()), try SnapshotProvenance(label: label))
        let korean = PaddedLabel("패딩", font: .default(size: 17))
        let given = try SnapshotProvenance(label: label, layout: korean.makeLayout())
        XCTAssertEqual(given.entries.filter { $0.key == "font" }.map { String($0.value.prefix { $0 != " " }) },
                       ["DejaVuSans.ttf#0", "NotoSansCJK-Regular.ttc#1"], "the Korean layout's fonts: primary, then the KR face")
        XCTAssertEqual(try SnapshotProvenance(label: label).entries.filter { $0.key == "font" }.count, 1)
    }

    func testAFontOfAnotherRevisionIsNamedBeforeThePixels() throws {
        XCTAssertEqual(check(label)?.kind, .missingReference)
        let bytes = try XCTUnwrap(pkg.bytes(ref))
        let head = try headTable(FontFile.dejaVuSans.path)
        let recorded = try XCTUnwrap(SnapshotProvenance.read(png: bytes)).text
            .replacingOccurrences(of: "revision=\(head.revision)", with: "revision=2.000")
            .replacingOccurrences(of: "freetype: ", with: "freetype: 1.0.0-was-")
        var bitmap = try PNGCodec.decode(bytes)
        bitmap[3, 3] = Color(red: 1, green: 2, blue: 3, alpha: 255)
        try pkg.write(try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: recorded)]), to: ref)
        let failure = try XCTUnwrap(check(label))
        XCTAssertEqual(failure.kind, .mismatch)
        let lines = failure.message.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasPrefix("  The environment differs from the one that recorded the reference: DejaVuSans.ttf#0 2.000 then, \(head.revision) now: the reference was drawn with another version of this font; recorded with FreeType 1.0.0-was-"), lines[1])
        XCTAssertTrue(lines[2].contains("re-record on this machine (SNAPSHOT_TESTING_RECORD=failed swift test"), lines[2])
        XCTAssertTrue(failure.message.contains("1 of "), "the pixel numbers follow: \(failure.message)")
        // Equal pixels pass whatever the chunk says.
        try pkg.write(try PNGCodec.encode(try PNGCodec.decode(bytes), textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: recorded)]), to: ref)
        XCTAssertNil(check(label))
    }

    /// A label whose text changed from Korean (drawn with the Noto Sans CJK fallback) to Latin no longer uses the
    /// fallback: that is the label's change, not the environment's. The message says what changed in the `label:`
    /// line (as the report's "Label changed" row) and blames no environment; the same fonts gone with the same
    /// label line are still the environment's.
    func testAChangedLabelIsNotBlamedOnTheEnvironment() throws {
        let korean = PaddedLabel("않이 패딩이 왜 없어..?", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(check(korean)?.kind, .missingReference)
        let recorded = try XCTUnwrap(SnapshotProvenance.read(png: try XCTUnwrap(pkg.bytes(ref))))
        XCTAssertTrue(recorded.entries.contains { $0.key == "font" && $0.value.hasPrefix("NotoSansCJK-Regular.ttc#") }, recorded.text)
        var latin = korean
        latin.text = "QQ"
        let failure = try XCTUnwrap(check(latin))
        XCTAssertEqual(failure.kind, .mismatch)
        let lines = failure.message.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "  The label changed since the reference was recorded: text=\"않이 패딩이 왜 없어..?\" → text=\"QQ\".")
        XCTAssertFalse(failure.message.contains("environment"), failure.message)
        XCTAssertFalse(failure.message.contains("not used now"), failure.message)
        // Same label line, the Korean face gone from the recorded fonts' list: that is the environment.
        let now = try SnapshotProvenance(label: latin)
        var sameLabel = recorded
        sameLabel.entries = sameLabel.entries.map { $0.key == "label" ? ($0.key, now.value("label")!) : $0 }
        XCTAssertEqual(now.differences(from: sameLabel).filter { $0.hasSuffix("not used now") }.count, 1, now.differences(from: sameLabel).joined())
        XCTAssertEqual(now.labelChanges(from: sameLabel), [])
    }

    func testAReferenceWithoutTheChunkComparesByPixels() throws {
        try pkg.write(try PNGCodec.encode(try label.render()), to: ref)
        XCTAssertNil(check(label))
        var other = label
        other.text = "Other"
        let failure = try XCTUnwrap(check(other))
        XCTAssertEqual(failure.kind, .mismatch)
        XCTAssertFalse(failure.message.contains("environment differs"), failure.message)
    }

    /// A long text is stated by its first 200 characters, its length and its SHA-256, not whole: the
    /// 1.4 MB text of a bad-input test made a 1.48 MB reference of 6 KB of image data.
    func testALongTextIsStatedByPrefixLengthAndDigest() throws {
        let text = String(repeating: "Lorem ipsum ", count: 2_000) + "é"  // 24,001 characters, 24,002 UTF-8 bytes
        var long = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        long.numberOfLines = 3
        try long.layout(width: 300)
        XCTAssertEqual(check(long)?.kind, .missingReference)
        let bytes = try XCTUnwrap(pkg.bytes(ref))
        XCTAssertLessThan(bytes.count, 20_000, "the chunk no longer holds the 24 KB text")
        let chunk = try XCTUnwrap(PNGCodec.textChunks(in: bytes).first).text
        let labelLine = try XCTUnwrap(chunk.split(separator: "\n").first { $0.hasPrefix("label: ") })
        // SHA-256 of the text's UTF-8 by coreutils, not by the code under test.
        let textFile = pkg.root + "/text.txt"
        try pkg.write(Array(text.utf8), to: textFile)
        let sha = Process(), pipe = Pipe()
        sha.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sha.arguments = [textFile]
        sha.standardOutput = pipe
        try sha.run()
        sha.waitUntilExit()
        let hex = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        let stated = "label: text=\"\(String(repeating: "Lorem ipsum ", count: 16))Lorem ip\" textLength=24001 textSHA256=\(hex)"
        XCTAssertTrue(labelLine.hasPrefix(stated + " font=DejaVuSans.ttf#0 17pt"), String(labelLine))
        // Re-recording the unchanged label leaves the file byte for byte as it was.
        XCTAssertTrue(try XCTUnwrap(check(long, record: .all)).message.contains("unchanged"))
        XCTAssertEqual(pkg.bytes(ref), bytes)
        // A reference recorded with the whole text in its chunk (before this change) still passes.
        let whole = chunk.replacingOccurrences(of: stated, with: "label: text=\"\(text)\"")
        XCTAssertGreaterThan(whole.utf8.count, 24_000, "the old form states the whole text")
        try pkg.write(try PNGCodec.encode(try PNGCodec.decode(bytes), textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: whole)]), to: ref)
        XCTAssertNil(check(long))
    }
}
