import XCTest
@testable import Imaging
import TestSupport

/// pixelmatch 7 (mapbox/pixelmatch, index.js) transcribed line by line in plain double arithmetic, as the
/// oracle for `compare`'s counts and diff marks: `colorDelta`, `antialiased`, `hasManySiblings` and the
/// main loop, with the background of translucent pixels from pixelmatch 7's `blend` positions (or white).
/// Written from the published algorithm, not from `Compare.swift`/`AntiAliasing.swift`.
private struct Pixelmatch7 {
    let a: [UInt8], b: [UInt8]
    let width: Int, height: Int
    let white: Bool

    func word(_ img: [UInt8], _ i: Int) -> UInt32 {
        UInt32(img[i * 4]) | UInt32(img[i * 4 + 1]) << 8 | UInt32(img[i * 4 + 2]) << 16 | UInt32(img[i * 4 + 3]) << 24
    }

    /// pixelmatch's colorDelta(img1, img2, k, m, yOnly): signed (negative when img1 is brighter... as pixelmatch).
    func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, _ yOnly: Bool) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb = white ? 255.0 : Double(48 + 159 * (k % 2))
            let gb = white ? 255.0 : Double(48 + 159 * (Int(Double(k) / 1.618033988749895) % 2))
            let bb = white ? 255.0 : Double(48 + 159 * (Int(Double(k) / 2.618033988749895) % 2))
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let val = word(img, y1 * width + x1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if val == word(img, y * width + x) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ a32: [UInt8], _ b32: [UInt8]) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = y1 * width + x1
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var mn = 0.0, mx = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos * 4, (y * width + x) * 4, true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < mn {
                    mn = delta; minX = x; minY = y
                } else if delta > mx {
                    mx = delta; maxX = x; maxY = y
                }
            }
        }
        if mn == 0 || mx == 0 { return false }
        return (hasManySiblings(a32, minX, minY) && hasManySiblings(b32, minX, minY))
            || (hasManySiblings(a32, maxX, maxY) && hasManySiblings(b32, maxX, maxY))
    }

    /// (differing, anti-aliased, per pixel 0 / 1 darker / 2 lighter / 3 AA, the largest |delta|), threshold 0.1.
    func run(threshold: Double = 0.1) -> (Int, Int, [UInt8], Double) {
        let maxDelta = 35215 * threshold * threshold
        var diff = 0, aa = 0, largest = 0.0
        var kinds = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let delta = word(a, i) == word(b, i) ? 0 : colorDelta(a, b, i * 4, i * 4, false)
                largest = max(largest, abs(delta))
                if abs(delta) > maxDelta {
                    if antialiased(a, x, y, a, b) || antialiased(b, x, y, b, a) {
                        aa += 1; kinds[i] = 3
                    } else {
                        diff += 1; kinds[i] = delta < 0 ? 1 : 2
                    }
                }
            }
        }
        return (diff, aa, kinds, largest)
    }
}

final class PixelmatchEquivalenceTests: XCTestCase {

    /// The integer brightness `29889531·r + 58662247·g + 11448223·b` that anti-aliasing detection compares
    /// instead of pixelmatch's doubles is only exact if no non-zero colour difference (each channel
    /// −255…255) has brightness 0: then distinct values are ≥ 1 apart (10⁻⁸ in pixelmatch's units),
    /// far beyond the doubles' rounding (< 10⁻¹²). Checked for all 511³ differences.
    func testIntegerBrightnessHasNoFalseZeros() {
        var zeros = 0
        var dr = -255
        while dr <= 255 {
            var dg = -255
            while dg <= 255 {
                let partial = 29_889_531 * dr + 58_662_247 * dg
                // 11448223·db = −partial has an integer solution only when the division is exact.
                if partial % 11_448_223 == 0 {
                    let db = -partial / 11_448_223
                    if abs(db) <= 255 && (dr, dg, db) != (0, 0, 0) { zeros += 1 }
                }
                dg += 1
            }
            dr += 1
        }
        XCTAssertEqual(zeros, 0)
    }

    /// Anti-aliased text-like pictures (ramps between flat areas), shifted, recoloured, with noise and
    /// translucent regions: counts, the largest YIQ delta and every pixel's mark equal the transcription's, on
    /// pixelmatch 7's checkerboard and on white.
    func testCountsAndMarksEqualPixelmatch7() throws {
        try checkCountsAndMarks()
    }

    /// Rows wider than the scan's 64-pixel blocks (several blocks a row, the last one partial) and taller than
    /// the first translucent patch, across block and chunk edges: counts and every mark equal the transcription's.
    func testWideRowsEqualPixelmatch7() throws {
        try checkWideRows()
    }

    /// The same with `CDiffKernels`' portable C kernels (what runs on a CPU without AVX2).
    func testPortableKernelsEqualPixelmatch7() throws {
        try withPortableKernels {
            try checkCountsAndMarks()
            try checkWideRows()
        }
    }

    /// The exact comparison (the default): the differing pixels, the largest channel difference and their
    /// bounding box equal a plain comparison of the pixels' bytes, with the AVX2 and with the portable kernels.
    func testExactComparisonCountsEveryDifferingPixel() throws {
        var rng = SeededGenerator(seed: 8)
        for (round, w, h) in [(1, 197, 23), (2, 31, 17), (4, 257, 19), (5, 3, 5)] {
            let (a, b) = makePair(w, h, round: round, rng: &rng)
            var differing = 0, maxChannel = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    let deltas = (0..<4).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }
                    guard deltas.contains(where: { $0 != 0 }) else { continue }
                    differing += 1
                    maxChannel = max(maxChannel, deltas.max()!)
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            XCTAssertGreaterThan(differing, 0)
            let box = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            for result in [compare(a, b, .exact), withPortableKernels { compare(a, b, .exact) }] {
                XCTAssertEqual(result.differingPixelCount, differing, "\(w)×\(h)")
                XCTAssertEqual(result.maxChannelDelta, maxChannel, "\(w)×\(h)")
                XCTAssertEqual(result.boundingBox, box, "\(w)×\(h)")
            }
        }
    }

    private func checkCountsAndMarks() throws {
        var rng = SeededGenerator(seed: 14)
        for round in 0..<24 {
            let w = 23 + round % 5 * 7, h = 17 + round % 3 * 5
            let (a, b) = makePair(w, h, round: round, rng: &rng)
            for white in [false, true] {
                let oracle = Pixelmatch7(a: a.pixels, b: b.pixels, width: w, height: h, white: white).run()
                let options = ImageComparison(threshold: 0.1, alphaBackground: white ? .white : .checkerboard)
                let (result, images) = try makeDiffImages(a, b, options)
                XCTAssertEqual(result.differingPixelCount, oracle.0, "round \(round), white \(white)")
                XCTAssertEqual(result.antiAliasedPixelCount, oracle.1, "round \(round), white \(white)")
                XCTAssertEqual(result.maxYIQDelta, oracle.3, "round \(round), white \(white)")
                XCTAssertEqual(compare(a, b, options), result)
                let style = DiffImageStyle.pixelmatch
                for y in 0..<h {
                    for x in 0..<w {
                        let expected: Color? = [nil, style.diffColorAlt, style.diffColor, style.aaColor][Int(oracle.2[y * w + x])]
                        if let expected {
                            XCTAssertEqual(images.diff[x, y], expected, "round \(round) (\(x), \(y))")
                        } else {
                            XCTAssertEqual(images.diff[x, y].red, images.diff[x, y].green, "faded grey at (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    /// The public door, `ImageComparison.compare(_:_:)`, gives pixelmatch 7's counts for the same images and options:
    /// differing pixels as pixelmatch returns them, anti-aliased ones apart, all of them compared.
    func testThePublicCompareGivesPixelmatchsCounts() throws {
        var rng = SeededGenerator(seed: 64)
        let (w, h) = (197, 23)
        let (a, b) = makePair(w, h, round: 1, rng: &rng)
        let oracle = Pixelmatch7(a: a.pixels, b: b.pixels, width: w, height: h, white: false).run()
        let difference = ImageComparison.pixelmatch().compare(a, b)
        XCTAssertEqual(difference.differingPixelCount, oracle.0)
        XCTAssertEqual(difference.antiAliasedPixelCount, oracle.1)
        XCTAssertEqual(difference.comparedPixelCount, w * h)
        XCTAssertTrue(difference.sizesMatch)
        XCTAssertEqual(difference.passed, oracle.0 == 0)
        XCTAssertGreaterThan(oracle.1, 0, "the pair has anti-aliased pixels to find")
    }

    private func checkWideRows() throws {
        var rng = SeededGenerator(seed: 64)
        for (round, w, h) in [(1, 197, 23), (2, 130, 31), (4, 257, 19)] {
            let (a, b) = makePair(w, h, round: round, rng: &rng)
            let oracle = Pixelmatch7(a: a.pixels, b: b.pixels, width: w, height: h, white: false).run()
            let (result, images) = try makeDiffImages(a, b, ImageComparison(threshold: 0.1))
            XCTAssertEqual(result.differingPixelCount, oracle.0, "\(w)×\(h)")
            XCTAssertEqual(result.antiAliasedPixelCount, oracle.1, "\(w)×\(h)")
            XCTAssertEqual(result.maxYIQDelta, oracle.3, "\(w)×\(h)")
            XCTAssertGreaterThan(oracle.1, 50, "the pair has anti-aliased pixels to find")
            let style = DiffImageStyle.pixelmatch
            for y in 0..<h {
                for x in 0..<w {
                    if let expected = [nil, style.diffColorAlt, style.diffColor, style.aaColor][Int(oracle.2[y * w + x])] {
                        XCTAssertEqual(images.diff[x, y], expected, "\(w)×\(h) (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// Large overlaps are scanned in row bands on several threads: the result and the diff images are the
    /// one-band scan's.
    func testRowBandsGiveTheSerialResult() throws {
        var rng = SeededGenerator(seed: 1414)
        let (a, b) = makePair(512, 512, round: 3, rng: &rng)
        for options in [ImageComparison.pixelmatch(), .exact, .pixelmatch(includeAA: true),
                        ImageComparison(threshold: 0.1, ignoring: [PixelRect(x: 100, y: 230, width: 300, height: 40)])] {
            var serial = DiffScanner(reference: a, actual: b, options: options, recording: true, bands: 1)
            var banded = DiffScanner(reference: a, actual: b, options: options, recording: true, bands: 3)
            let s = serial.run(), p = banded.run()
            XCTAssertEqual(s, p)
            XCTAssertGreaterThan(s.differingPixelCount + s.antiAliasedPixelCount, 1000)
            let kinds = try XCTUnwrap(serial.planes?.kinds), bandedKinds = try XCTUnwrap(banded.planes?.kinds)
            XCTAssertEqual(memcmp(kinds, bandedKinds, 512 * 512), 0, "diff marks differ")
        }
    }

    /// Text-like rows of anti-aliased strokes; b is a shifted, partly recoloured copy with noise and
    /// translucent patches.
    private func makePair(_ w: Int, _ h: Int, round: Int, rng: inout SeededGenerator) -> (Bitmap, Bitmap) {
        func scene(_ dx: Int, _ ink: UInt8, _ x: Int, _ y: Int) -> Color {
            let u = x - dx
            let stroke = (u / 2 + y / 5) % 4 == 0 && y % 9 > 1
            let edge = (u / 2 + y / 5) % 4 == 1 && y % 9 > 1
            if stroke { return Color(red: ink, green: ink / 2, blue: 40) }
            if edge { return Color(red: 128 + ink / 2, green: 160, blue: 170) }
            return .white
        }
        let dx = round % 3 == 0 ? 0 : 1
        var a = try! Bitmap(width: w, height: h), b = try! Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                a[x, y] = scene(0, 10, x, y)
                b[x, y] = scene(dx, round % 2 == 0 ? 10 : 60, x, y)
            }
        }
        for _ in 0..<(w * h / 12) {
            let x = Int.random(in: 0..<w, using: &rng), y = Int.random(in: 0..<h, using: &rng)
            let v = UInt8.random(in: 0...255, using: &rng)
            if Bool.random(using: &rng) { b[x, y] = Color(red: v, green: v, blue: v) } else { a[x, y] = grey(v) }
        }
        // Translucent patches in both (same and different alpha), so the blended path is exercised.
        for y in (h / 3)..<(h / 2) {
            for x in (w / 4)..<(w / 2) {
                let alpha = UInt8((x * 37 + y * 11) % 256)
                a[x, y] = Color(red: 200, green: 20, blue: 20, alpha: alpha)
                if (x + y) % 3 != 0 { b[x, y] = Color(red: 200, green: 20, blue: 20, alpha: alpha / 2 + 64) }
            }
        }
        return (a, b)
    }
}
