import Foundation
import LabelSnapshotTesting
import Imaging
import LabelDescription
import TestSupport
import XCTest

/// The pass path: a recorded reference states the digest of its pixels and of its own image chunks, but a
/// pass never trusts what a file states about itself: it passes by digest only when this process or this
/// machine (`DecodedImageMemo`, under `.build`) decoded the same image chunks before and found the actual
/// pixels, and decodes in every other case. Edited, re-optimised, corrupt, borrowed and forged references
/// never pass by digest; equal pixels always pass. `SnapshotVerifier.passCounts` tells which way each pass went.
final class PixelDigestTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    func badge(_ text: String = "Padding") -> PaddedLabel {
        var label = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.backgroundColor = Color(red: 0xFF, green: 0xE6, blue: 0xC8)
        label.cornerRadius = 6
        label.scale = 2
        return label
    }

    var ref: String { pkg.reference("testBadge.p.png") }

    private func check(_ label: PaddedLabel, as strategy: Snapshotting<PaddedLabel, Bitmap> = .image,
                       record: RecordMode? = .never) -> (failure: SnapshotFailure?, passes: SnapshotPassCounts) {
        let before = SnapshotVerifier.passCounts
        let failure = withSnapshotTesting(record: record, environment: [:]) {
            verifySnapshot(of: label, as: strategy, named: "p", writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()")
        }
        return (failure, SnapshotVerifier.passCounts.since(before))
    }

    /// Records `label` and returns the reference's bytes.
    private func record(_ label: PaddedLabel) throws -> [UInt8] {
        XCTAssertEqual(check(label, record: .missing).failure?.kind, .missingReference)
        return try XCTUnwrap(pkg.bytes(ref))
    }

    /// The text of the file's iTXt chunk: keyword NUL, compression flag and method, language tag NUL,
    /// translated keyword NUL, text (PNG §11.3.3.4).
    private func chunkText(_ png: [UInt8]) throws -> String {
        let data = try XCTUnwrap(PNGEditing.chunks(png).first { $0.type == "iTXt" }).data
        let keywordEnd = try XCTUnwrap(data.firstIndex(of: 0))
        let tagEnd = try XCTUnwrap(data[(keywordEnd + 3)...].firstIndex(of: 0))
        let translatedEnd = try XCTUnwrap(data[(tagEnd + 1)...].firstIndex(of: 0))
        return String(decoding: data[(translatedEnd + 1)...], as: UTF8.self)
    }

    private func iTXt(_ text: String) -> PNGEditing.Chunk {
        PNGEditing.Chunk(type: "iTXt", data: Array("LabelSnapshot".utf8) + [0, 0, 0, 0, 0] + Array(text.utf8))
    }

    /// `png`'s own text chunk moved onto other image chunks (right after their IHDR, where PNGCodec puts it).
    private func withChunk(of png: [UInt8], onto image: [PNGEditing.Chunk]) -> [UInt8] {
        let text = PNGEditing.chunks(png).filter { $0.type == "iTXt" }
        return PNGEditing.file([image[0]] + text + image.dropFirst().filter { $0.type != "iTXt" })
    }

    func testARecordedReferenceStatesBothDigestsAndPassesWithoutDecoding() throws {
        let label = badge()
        let png = try record(label)
        let text = try XCTUnwrap(SnapshotProvenance.read(png: png)).text
        let bitmap = try PNGCodec.decode(png)
        // Both digests recomputed here with xxhsum -H2 and coreutils' sha256sum, from an independent walk of the chunks.
        let pixels = try PNGEditing.xxh128sum(Array("rgba8 \(bitmap.width)x\(bitmap.height)\n".utf8) + bitmap.pixels)
        XCTAssertEqual(pixels.count, 32)
        XCTAssertTrue(text.contains("\npixels-xxh128: \(bitmap.width)x\(bitmap.height) rgba8 \(pixels)\n"), text)
        XCTAssertFalse(text.contains("pixels-sha256"), text)
        let image = PNGEditing.signature + PNGEditing.chunks(png).filter { !["tEXt", "zTXt", "iTXt"].contains($0.type) }.flatMap(PNGEditing.bytes)
        XCTAssertTrue(text.contains("\nimage-chunks-sha256: \(try PNGEditing.sha256sum(image))\n"), text)
        XCTAssertEqual(bitmap, try label.render())

        let pass = check(label)
        XCTAssertNil(pass.failure)
        XCTAssertEqual(pass.passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
        // Re-recording the unchanged label leaves the file byte for byte as it was.
        XCTAssertTrue(try XCTUnwrap(check(label, record: .all).failure).message.contains("unchanged"))
        XCTAssertEqual(pkg.bytes(ref), png)
    }

    func testAnEditedPixelUnderTheOriginalChunkFails() throws {
        let label = badge()
        let png = try record(label)
        var edited = try PNGCodec.decode(png)
        edited[5, 5] = Color(red: 1, green: 2, blue: 3, alpha: 255)
        // Our encoder rewrites IDAT; the original chunk (with the original digests) is copied over.
        try pkg.write(withChunk(of: png, onto: PNGEditing.chunks(try PNGCodec.encode(edited))), to: ref)
        let result = check(label)
        XCTAssertEqual(result.failure?.kind, .mismatch)
        XCTAssertTrue(result.failure?.message.contains("1 of ") == true, result.failure?.message ?? "")
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))
        // The edited image with digests of its own (they describe the edit truly): decoded, and it fails.
        let honest = try PNGCodec.encode(edited, textChunks: [
            try SnapshotProvenance(label: label).withDigest(ofEncoded: try PNGCodec.encode(edited)).chunk])
        try pkg.write(honest, to: ref)
        XCTAssertEqual(check(label).failure?.kind, .mismatch)
    }

    func testAReOptimisedReferenceIsDecodedAndPasses() throws {
        let label = badge()
        let png = try record(label)
        let bitmap = try PNGCodec.decode(png)
        // Same pixels, other image chunks (RGBA, Sub filter, stored deflate), the original chunk kept.
        let optimised = withChunk(of: png, onto: PNGEditing.rgbaSubFilteredStored(width: bitmap.width, height: bitmap.height,
                                                                                  pixels: bitmap.pixels))
        XCTAssertEqual(try PNGCodec.decode(optimised), bitmap)
        XCTAssertNotEqual(PNGCodec.imageChunksDigest(of: optimised), PNGCodec.imageChunksDigest(of: png))
        try pkg.write(optimised, to: ref)
        let result = check(label)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        // The same stream cut into two IDAT chunks: other chunk bytes, same pixels.
        var chunks = PNGEditing.chunks(png)
        let idat = try XCTUnwrap(chunks.firstIndex { $0.type == "IDAT" })
        let data = chunks[idat].data
        chunks.replaceSubrange(idat...idat, with: [PNGEditing.Chunk(type: "IDAT", data: Array(data.prefix(10))),
                                                   PNGEditing.Chunk(type: "IDAT", data: Array(data.dropFirst(10)))])
        try pkg.write(PNGEditing.file(chunks), to: ref)
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
    }

    func testACorruptReferenceNeverPassesByDigest() throws {
        let label = badge()
        let png = try record(label)
        // Truncated inside IDAT.
        try pkg.write(Array(png.prefix(png.count - 40)), to: ref)
        var result = check(label)
        XCTAssertEqual(result.failure?.kind, .corruptReference)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))

        // One bit flipped in IDAT, the CRC fixed so that only the data is wrong.
        var chunks = PNGEditing.chunks(png)
        let idat = try XCTUnwrap(chunks.firstIndex { $0.type == "IDAT" })
        chunks[idat].data[chunks[idat].data.count / 2] ^= 0x10
        try pkg.write(PNGEditing.file(chunks), to: ref)
        result = check(label)
        XCTAssertNotNil(result.failure)
        XCTAssertTrue([.corruptReference, .mismatch].contains(result.failure?.kind), result.failure?.message ?? "")
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))

        // One bit flipped in a digest of the chunk text, CRC fixed: the text proves nothing either way; these
        // image chunks were decoded here when recorded, so the pass is by what was decoded.
        for key in ["pixels-xxh128: ", "image-chunks-sha256: "] {
            var text = try chunkText(png)
            let at = try XCTUnwrap(text.range(of: key)).upperBound
            let position = text.index(at, offsetBy: key.hasPrefix("pixels") ? 20 : 5)
            let flipped = Character(Unicode.Scalar(text[position].asciiValue! ^ 0x01))
            text.replaceSubrange(position...position, with: String(flipped))
            var edited = PNGEditing.chunks(png)
            edited[edited.firstIndex { $0.type == "iTXt" }!] = iTXt(text)
            try pkg.write(PNGEditing.file(edited), to: ref)
            result = check(label)
            XCTAssertNil(result.failure, key)
            XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0), key)
        }

        // A flipped bit in the text chunk without fixing its CRC: the decoder rejects the file.
        var bytes = png
        let iTXtOffset = try XCTUnwrap((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("iTXt".utf8) })
        bytes[iTXtOffset + 30] ^= 0x01
        try pkg.write(bytes, to: ref)
        result = check(label)
        XCTAssertEqual(result.failure?.kind, .corruptReference)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))
    }

    func testAChunkFromAnotherImageProvesNothing() throws {
        let label = badge("Padding"), other = badge("Padded")
        let otherPNG = try record(other)
        try FileManager.default.removeItem(atPath: ref)
        let png = try record(label)
        // The reference of `label` carrying the chunk of `other`'s reference.
        let borrowed = withChunk(of: otherPNG, onto: PNGEditing.chunks(png))
        try pkg.write(borrowed, to: ref)
        var result = check(label)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0), "its image chunks were decoded when recorded")
        // `other` checked against it: its pixel digest is the one the chunk states, but what this file's image
        // chunks decoded to is `label`, so the file is decoded and the difference found.
        result = check(other)
        XCTAssertEqual(result.failure?.kind, .mismatch)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))
    }

    /// The forgery a pull request could carry: a reference of a smaller label given the provenance chunk
    /// of the badge's own reference, its `image-chunks-sha256` recomputed over the small file's image chunks
    /// (as a 15-line script does). Every digest the file states is then "true" of the file but one: the
    /// pixels. The badge must fail against it, whether this process recorded the small file (it remembers
    /// what it decoded) or never saw it (a new process on a clean `.build`: decoded, and the difference found).
    func testAForgedChunkWithARecomputedImageChunksDigestDoesNotMakeAnotherImagePass() throws {
        let label = badge("Padding"), small = badge("Pad")
        let smallPNG = try record(small)
        try FileManager.default.removeItem(atPath: ref)
        let labelPNG = try record(label)
        XCTAssertNotEqual(try PNGCodec.header(of: smallPNG).width, try PNGCodec.header(of: labelPNG).width)
        // The small image's chunks, with the badge's chunk text whose image-chunks line names the small file's
        // chunks (SHA-256 by coreutils over an independent walk).
        let image = PNGEditing.chunks(smallPNG).filter { !["tEXt", "zTXt", "iTXt"].contains($0.type) }
        let chunksSHA = try PNGEditing.sha256sum(PNGEditing.signature + image.flatMap(PNGEditing.bytes))
        let forgedText = try chunkText(labelPNG).split(separator: "\n").map {
            $0.hasPrefix("image-chunks-sha256: ") ? "image-chunks-sha256: \(chunksSHA)" : String($0)
        }.joined(separator: "\n") + "\n"
        let forged = PNGEditing.file([image[0], iTXt(forgedText)] + image.dropFirst())
        XCTAssertEqual(PNGCodec.imageChunksDigest(of: forged)?.hex, chunksSHA, "the forged chunk states the file's true image-chunks digest")
        try pkg.write(forged, to: ref)

        var result = check(label)
        XCTAssertEqual(result.failure?.kind, .mismatch, result.failure?.message ?? "passed")
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))
        // A new process on a clean machine: nothing remembered, nothing trusted.
        forgetDecodes()
        result = check(label)
        XCTAssertEqual(result.failure?.kind, .mismatch, result.failure?.message ?? "passed")
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 0))
        // The small label itself passes against the file: by decoding first, then by what was remembered.
        forgetDecodes()
        XCTAssertEqual(check(small).passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        XCTAssertEqual(check(small).passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
    }

    /// What a decode found is remembered under `.build` for the next process: one file per image-chunks
    /// digest holding the decoded size and pixel digest; a new process passes by digest from it, and an entry
    /// edited to name other pixels proves nothing (the badge is decoded again, and passes).
    func testTheNextProcessPassesByWhatThisMachineDecoded() throws {
        let label = badge()
        let png = try record(label)
        DecodedImageMemo.forgetProcessEntries()
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        let chunks = try XCTUnwrap(PNGCodec.imageChunksDigest(of: png))
        let entry = pkg.root + "/.build/snapshot-decoded/" + chunks.hex
        let bitmap = try PNGCodec.decode(png)
        let pixels = try PNGEditing.xxh128sum(Array("rgba8 \(bitmap.width)x\(bitmap.height)\n".utf8) + bitmap.pixels)
        XCTAssertEqual(pkg.bytes(entry).map { String(decoding: $0, as: UTF8.self) }, "\(bitmap.width)x\(bitmap.height) rgba8 \(pixels)\n")
        DecodedImageMemo.forgetProcessEntries()
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
        // Another label's pixel digest in the entry: the badge is not proven by it, it is decoded.
        try pkg.write(Array("\(bitmap.width)x\(bitmap.height) rgba8 \(String(repeating: "0", count: 32))\n".utf8), to: entry)
        DecodedImageMemo.forgetProcessEntries()
        let result = check(label)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
    }

    func testATolerantStrategyPassesUnequalPixelsByDecodingAndEqualOnesByDigest() throws {
        let label = badge()
        _ = try record(label)
        var nearly = label
        nearly.backgroundColor = Color(red: 0xFE, green: 0xE6, blue: 0xC8)
        let tolerant = Snapshotting<PaddedLabel, Bitmap>.image(threshold: 0.1)
        var result = check(nearly, as: tolerant)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        XCTAssertEqual(check(nearly).failure?.kind, .mismatch, "exact comparison still sees the change")
        result = check(label, as: .image(precision: 0.99))
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
    }

    /// A reference without the chunk, or with one stating no digests, in a process that never decoded it
    /// (a new `swift test` on a clean `.build`): decoded once, then passed by what was decoded.
    func testAReferenceWithoutTheChunkOrWithAStrippedOneIsDecodedOnce() throws {
        let label = badge()
        let png = try record(label)
        try pkg.write(PNGEditing.file(PNGEditing.chunks(png).filter { $0.type != "iTXt" }), to: ref)
        forgetDecodes()
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
        // The provenance without its digest lines (an older reference).
        let old = try chunkText(png).split(separator: "\n").filter { !$0.hasPrefix("pixels-xxh128") && !$0.hasPrefix("image-chunks-sha256") }
        var chunks = PNGEditing.chunks(png)
        chunks[chunks.firstIndex { $0.type == "iTXt" }!] = iTXt(old.joined(separator: "\n") + "\n")
        try pkg.write(PNGEditing.file(chunks), to: ref)
        forgetDecodes()
        XCTAssertEqual(check(label).passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
    }

    /// What a new process on a clean `.build` knows of earlier decodes: nothing.
    private func forgetDecodes() {
        DecodedImageMemo.forgetProcessEntries()
        try? FileManager.default.removeItem(atPath: pkg.root + "/.build/" + DecodedImageMemo.folderName)
    }

    /// A reference recorded before XXH3 states `pixels-sha256` (SHA-256 of the same bytes) beside a true
    /// `image-chunks-sha256`: a new process passes it by decoding (no line proves anything), a changed label against it
    /// still fails, and re-recording the unchanged label keeps its pixels, states `pixels-xxh128` instead and
    /// passes by digest from then on; recording it once more leaves the file byte for byte as it is.
    func testAnOlderReferenceWithTheSHA256PixelLinePassesByDecodingUntilReRecorded() throws {
        let label = badge()
        let png = try record(label)
        let bitmap = try PNGCodec.decode(png)
        let sha = try PNGEditing.sha256sum(Array("rgba8 \(bitmap.width)x\(bitmap.height)\n".utf8) + bitmap.pixels)
        let oldText = try chunkText(png).split(separator: "\n").map { line in
            line.hasPrefix("pixels-xxh128: ") ? "pixels-sha256: \(bitmap.width)x\(bitmap.height) rgba8 \(sha)" : String(line)
        }.joined(separator: "\n") + "\n"
        XCTAssertTrue(oldText.contains("\nimage-chunks-sha256: "))
        var chunks = PNGEditing.chunks(png)
        chunks[chunks.firstIndex { $0.type == "iTXt" }!] = iTXt(oldText)
        let old = PNGEditing.file(chunks)
        try pkg.write(old, to: ref)

        forgetDecodes()
        var result = check(label)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 0, decoded: 1))
        XCTAssertEqual(check(badge("Padded")).failure?.kind, .mismatch)
        XCTAssertEqual(pkg.bytes(ref), old, "a failing check under `never` leaves the reference untouched")

        XCTAssertTrue(try XCTUnwrap(check(label, record: .all).failure).message.contains("changed"))
        let rerecorded = try XCTUnwrap(pkg.bytes(ref))
        XCTAssertEqual(try PNGCodec.decode(rerecorded), bitmap, "re-recording keeps the pixels")
        XCTAssertEqual(rerecorded, png, "the same file as a fresh recording")
        XCTAssertFalse(try chunkText(rerecorded).contains("pixels-sha256"))
        result = check(label)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.passes, SnapshotPassCounts(provenByDigest: 1, decoded: 0))
        XCTAssertTrue(try XCTUnwrap(check(label, record: .all).failure).message.contains("unchanged"))
        XCTAssertEqual(pkg.bytes(ref), png)
    }
}
