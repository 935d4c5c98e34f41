import XCTest
@testable import Imaging

/// Builds a bitmap from a colour function.
func makeBitmap(_ w: Int, _ h: Int, _ f: (Int, Int) -> Color) throws -> Bitmap {
    var b = try Bitmap(width: w, height: h)
    for y in 0..<h { for x in 0..<w { b[x, y] = f(x, y) } }
    return b
}

func grey(_ v: UInt8) -> Color { Color(red: v, green: v, blue: v) }

/// A glyph-like scene, 24×16 px on white: a black stem (x 6…8, y 3…12) with anti-aliased columns
/// (170 left, 85 right) and a foot (y 12, x 10…16) with an anti-aliased row above it (128).
func glyphScene(_ x: Int, _ y: Int) -> Color {
    var v: UInt8 = 255
    if (3...12).contains(y) {
        if x == 5 { v = 170 } else if (6...8).contains(x) { v = 0 } else if x == 9 { v = 85 }
    }
    if y == 11 && (10...16).contains(x) { v = 128 }
    if y == 12 && (10...16).contains(x) { v = 0 }
    return grey(v)
}

final class ImageDiffTests: XCTestCase {

    // MARK: exact

    /// A transparent-background label (40×30 px: an opaque blue pill on alpha 0) whose alpha-0 pixels were
    /// rewritten to RGB (255,0,0), as `oxipng --alpha`, pngquant and image editors do: fully transparent
    /// pixels show nothing, so in every mode (exact with and without marks, YIQ with and without
    /// anti-aliasing detection, ΔE94 precision; AVX2 and portable kernels) nothing differs and Δ is 0. One
    /// visible pixel changed by 3 in green is then the one difference, with Δ 3 (not the invisible 255).
    /// Before, exact comparison found the 1,200 − 280 transparent pixels differing with Δ 255.
    func testFullyTransparentPixelsAreEqualWhateverTheirRGB() throws {
        let pill = { (x: Int, y: Int) -> Bool in (10..<30).contains(x) && (8..<22).contains(y) }  // 20 × 14 = 280 px
        let reference = try makeBitmap(40, 30) { x, y in pill(x, y) ? Color(red: 20, green: 90, blue: 200) : Color(red: 0, green: 0, blue: 0, alpha: 0) }
        let rewritten = try makeBitmap(40, 30) { x, y in pill(x, y) ? Color(red: 20, green: 90, blue: 200) : Color(red: 255, green: 0, blue: 0, alpha: 0) }
        var changed = rewritten
        changed[12, 10] = Color(red: 20, green: 93, blue: 200)
        XCTAssertNotEqual(reference, rewritten, "the bytes differ in 920 pixels")
        let modes: [(String, ImageComparison)] = [
            ("exact", .exact), ("pixelmatch", .pixelmatch()), ("pixelmatch includeAA", .pixelmatch(includeAA: true)),
            ("threshold 0", ImageComparison(threshold: 0)), ("precision", .precision(0.999, perceptualPrecision: 0.995)),
            ("exact alpha on white", ImageComparison(alphaBackground: .white)),
        ]
        for (name, mode) in modes {
            for portable in [false, true] {
                let run = { (a: Bitmap, b: Bitmap) in portable ? withPortableKernels { compare(a, b, mode) } : compare(a, b, mode) }
                let same = run(reference, rewritten)
                XCTAssertTrue(same.passed, "\(name) portable=\(portable): \(same.summary)")
                XCTAssertEqual(same.differingPixelCount, 0, "\(name) portable=\(portable)")
                XCTAssertEqual(same.maxChannelDelta, 0, "\(name) portable=\(portable)")
                XCTAssertEqual(run(rewritten, reference).differingPixelCount, 0, "\(name) portable=\(portable), swapped")
                let marked = try makeDiffImages(reference, rewritten, mode).result
                XCTAssertEqual(marked.differingPixelCount, 0, "\(name) with diff images")
            }
        }
        for portable in [false, true] {
            let one = portable ? withPortableKernels { compare(reference, changed) } : compare(reference, changed)
            XCTAssertEqual(one.differingPixelCount, 1, "portable=\(portable)")
            XCTAssertEqual(one.maxChannelDelta, 3, "portable=\(portable)")
            XCTAssertEqual(one.boundingBox, PixelRect(x: 12, y: 10, width: 1, height: 1))
            let yiq = portable ? withPortableKernels { compare(reference, changed, ImageComparison(threshold: 0)) } : compare(reference, changed, ImageComparison(threshold: 0))
            XCTAssertEqual(yiq.differingPixelCount, 1)
            XCTAssertEqual(yiq.maxChannelDelta, 3)
        }
        XCTAssertEqual(try makeDiffImages(reference, changed).result.maxChannelDelta, 3)
        // A transparent pixel against a visible one still differs: alpha is seen.
        var shown = rewritten
        shown[0, 0] = Color(red: 255, green: 0, blue: 0, alpha: 128)
        let visible = compare(reference, shown)
        XCTAssertEqual(visible.differingPixelCount, 1)
        XCTAssertEqual(visible.maxChannelDelta, 255, "(0,0,0,0) against (255,0,0,128): R differs by 255")
    }

    func testIdenticalImagesMatchExactly() throws {
        let a = try makeBitmap(30, 20, glyphScene)
        let r = compare(a, a)
        XCTAssertTrue(r.passed)
        XCTAssertEqual(r.differingPixelCount, 0)
        XCTAssertEqual(r.comparedPixelCount, 600)
        XCTAssertEqual(r.maxChannelDelta, 0)
        XCTAssertNil(r.boundingBox)
        XCTAssertNil(r.sizeMismatch)
        XCTAssertEqual(r.summary, "images match: 600 px identical — exact")
    }

    func testExactCountsAnyVisibleByte() throws {
        let a = try Bitmap(width: 8, height: 8, fill: .white)
        var b = a
        b[2, 3] = Color(red: 255, green: 255, blue: 255, alpha: 254)   // alpha off by one
        b[6, 5] = Color(red: 0, green: 255, blue: 255)                  // red channel 255 → 0
        let r = compare(a, b)
        XCTAssertFalse(r.passed)
        XCTAssertEqual(r.differingPixelCount, 2)
        XCTAssertEqual(r.differingPixelRatio, 2.0 / 64)
        XCTAssertEqual(r.maxChannelDelta, 255)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 2, y: 3, width: 5, height: 3))
        XCTAssertNil(r.maxYIQDelta)
        // Fully transparent pixels of different colour show nothing: equal in exact comparison too
        // (testFullyTransparentPixelsAreEqualWhateverTheirRGB), and in the YIQ test: (c1·0 − c2·0 − bg·0)/255 = 0.
        let t1 = try Bitmap(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let t2 = try Bitmap(width: 1, height: 1, fill: Color(red: 255, green: 255, blue: 255, alpha: 0))
        XCTAssertEqual(compare(t1, t2).differingPixelCount, 0)
        XCTAssertEqual(compare(t1, t2, .pixelmatch()).differingPixelCount, 0)
        XCTAssertEqual(compare(t1, t2, .pixelmatch()).maxYIQDelta, 0)
    }

    // MARK: YIQ threshold (pixelmatch)

    /// Grey steps: ΔY = Δ·(0.29889531 + 0.58662247 + 0.11448223) = Δ·1.00000001, ΔI = ΔQ = 0 (their rows sum to 0),
    /// so delta = 0.5053·Δ². Bound at 0.1: 35215·0.01 = 352.15 → Δ 26 (341.58) passes, Δ 27 (368.36) fails.
    /// At 0.2: 1408.6 → Δ 52 (1366.33) passes, Δ 53 (1419.39) fails.
    func testGreyStepsAtThresholds() throws {
        func run(_ step: UInt8, _ t: Double) throws -> ImageDifference {
            let a = try Bitmap(width: 4, height: 4, fill: grey(100))
            let b = try Bitmap(width: 4, height: 4, fill: grey(100 + step))
            return compare(a, b, .pixelmatch(threshold: t))
        }
        let r26 = try run(26, 0.1)
        XCTAssertTrue(r26.passed)
        XCTAssertEqual(r26.differingPixelCount, 0)
        XCTAssertEqual(r26.maxYIQDelta!, 341.5828, accuracy: 1e-3)
        let r27 = try run(27, 0.1)
        XCTAssertFalse(r27.passed)
        XCTAssertEqual(r27.differingPixelCount, 16)
        XCTAssertEqual(r27.antiAliasedPixelCount, 0)   // a flat area is never anti-aliasing
        XCTAssertEqual(r27.maxYIQDelta!, 368.3637, accuracy: 1e-3)
        XCTAssertEqual(try run(52, 0.2).differingPixelCount, 0)
        XCTAssertEqual(try run(52, 0.2).maxYIQDelta!, 1366.3312, accuracy: 1e-3)
        XCTAssertEqual(try run(53, 0.2).differingPixelCount, 16)
        XCTAssertEqual(try run(53, 0.2).maxYIQDelta!, 1419.3877, accuracy: 1e-3)
        XCTAssertEqual(try run(27, 0.2).differingPixelCount, 0)
    }

    /// Red vs cyan: ΔR = 255, ΔG = ΔB = −255 → ΔY = −102.5634, ΔI = 303.9488, ΔQ = 107.8498,
    /// delta = 35214.749, the largest possible (pixelmatch's 35215). Threshold 0.99 (34514.22) fails, 1 passes.
    func testRedVersusCyanIsTheMaximumDelta() throws {
        let red = Color(red: 255, green: 0, blue: 0), cyan = Color(red: 0, green: 255, blue: 255)
        let (delta, lighter) = YIQ.delta(red, cyan)
        XCTAssertEqual(delta, 35214.749, accuracy: 1e-3)
        XCTAssertTrue(lighter)   // cyan's Y is higher
        let a = try Bitmap(width: 3, height: 3, fill: red), b = try Bitmap(width: 3, height: 3, fill: cyan)
        let strict = compare(a, b, .pixelmatch(threshold: 0.99))
        XCTAssertEqual(strict.differingPixelCount, 9)
        XCTAssertEqual(strict.thresholdNeeded!, 0.999996, accuracy: 1e-6)
        XCTAssertTrue(compare(a, b, .pixelmatch(threshold: 1)).passed)
        // Swapped: same magnitude, other sign.
        XCTAssertEqual(YIQ.delta(cyan, red).delta, delta, accuracy: 1e-9)
        XCTAssertFalse(YIQ.delta(cyan, red).lighter)
    }

    // MARK: anti-aliasing (Vyšniauskas 2009, as pixelmatch)

    /// Changing only the anti-aliased column (128 → 200) left of a black bar: each changed pixel has a
    /// brighter (white) and a darker (black) neighbour, both in flat areas of both images → anti-aliasing.
    func testChangedAntiAliasedEdgeIsCountedApart() throws {
        func edge(_ aa: UInt8) throws -> Bitmap {
            try makeBitmap(10, 10) { x, _ in x < 4 ? .white : x == 4 ? grey(aa) : .black }
        }
        let a = try edge(128), b = try edge(200)
        let r = compare(a, b, .pixelmatch())
        XCTAssertTrue(r.passed)
        XCTAssertEqual(r.differingPixelCount, 0)
        XCTAssertEqual(r.antiAliasedPixelCount, 10)
        XCTAssertNil(r.boundingBox)
        let counted = compare(a, b, .pixelmatch(includeAA: true))
        XCTAssertFalse(counted.passed)
        XCTAssertEqual(counted.differingPixelCount, 10)
        XCTAssertEqual(counted.antiAliasedPixelCount, 0)
        XCTAssertEqual(counted.boundingBox, PixelRect(x: 4, y: 0, width: 1, height: 10))
        // A black speck in the flat white area has 8 equal neighbours: a real difference.
        var c = a
        c[1, 5] = .black
        let speck = compare(a, c, .pixelmatch())
        XCTAssertEqual(speck.differingPixelCount, 1)
        XCTAssertEqual(speck.antiAliasedPixelCount, 0)
        XCTAssertEqual(speck.boundingBox, PixelRect(x: 1, y: 5, width: 1, height: 1))
    }

    /// The glyph scene shifted right by 1 px: 42 pixels change (exact); pixelmatch (the PyPI package,
    /// run on the same scene) counts 1 differing at both 0.1 and 0.2, and 42 / 41 with includeAA.
    func testGlyphShiftedOnePixelMatchesPixelmatchCounts() throws {
        let a = try makeBitmap(24, 16, glyphScene)
        let b = try makeBitmap(24, 16) { x, y in x >= 1 ? glyphScene(x - 1, y) : .white }
        XCTAssertEqual(compare(a, b).differingPixelCount, 42)
        let r1 = compare(a, b, .pixelmatch(threshold: 0.1))
        XCTAssertEqual(r1.differingPixelCount, 1)
        XCTAssertEqual(r1.antiAliasedPixelCount, 41)
        XCTAssertEqual(compare(a, b, .pixelmatch(threshold: 0.2)).differingPixelCount, 1)
        XCTAssertEqual(compare(a, b, .pixelmatch(threshold: 0.1, includeAA: true)).differingPixelCount, 42)
        XCTAssertEqual(compare(a, b, .pixelmatch(threshold: 0.2, includeAA: true)).differingPixelCount, 41)
        XCTAssertTrue(compare(a, b, .pixelmatch(maxDiffPixels: 1)).passed)
    }

    // MARK: alpha

    /// Transparent vs white: on pixelmatch 7's checkerboard the pixel at byte offset 0 has background
    /// (48, 48, 48), so each channel differs by (0·0 − 255·255 − 48·(0 − 255))/255 = −207 →
    /// delta = 0.5053·207.000002² = 21651.6. On white (pixelmatch ≤ 6, pixelmatch-py) the two are equal.
    func testTransparentIsNotWhite() throws {
        let clear = try Bitmap(width: 1, height: 1), white = try Bitmap(width: 1, height: 1, fill: .white)
        let r = compare(clear, white, .pixelmatch())
        XCTAssertFalse(r.passed)
        XCTAssertEqual(r.differingPixelCount, 1)
        XCTAssertEqual(r.maxYIQDelta!, 21651.600, accuracy: 1e-2)
        XCTAssertEqual(r.maxChannelDelta, 255)
        var legacy = ImageComparison.pixelmatch()
        legacy.alphaBackground = .white
        let w = compare(clear, white, legacy)
        XCTAssertTrue(w.passed)
        XCTAssertEqual(w.maxYIQDelta, 0)
        // Transparent padding vs white padding on a bigger image: every padding pixel fails on the checkerboard.
        let pad = try makeBitmap(20, 10) { x, y in (4..<16).contains(x) && (3..<7).contains(y) ? .black : .clear }
        let padW = try makeBitmap(20, 10) { x, y in (4..<16).contains(x) && (3..<7).contains(y) ? .black : .white }
        XCTAssertEqual(compare(pad, padW, .pixelmatch()).differingPixelCount, 200 - 48)
        XCTAssertEqual(compare(pad, padW, legacy).differingPixelCount, 0)
        // The checkerboard's channels are 48 or 207 (r always 48: byte offsets are even); offset 4: ⌊4/φ⌋ = 2 → g 48,
        // ⌊4/φ²⌋ = 1 → b 207; offset 12: ⌊12/φ⌋ = 7 → g 207, ⌊12/φ²⌋ = 4 → b 48.
        XCTAssertTrue(YIQ.checkerboard(byteOffset: 0) == (48, 48, 48))
        XCTAssertTrue(YIQ.checkerboard(byteOffset: 4) == (48, 48, 207))
        XCTAssertTrue(YIQ.checkerboard(byteOffset: 12) == (48, 207, 48))
    }

    func testHalfTransparentBlackOnCheckerboardVersusGrey() throws {
        // (0,0,0,128) vs opaque grey 128 at byte offset 0 (background 48):
        // Δc = (0·128 − 128·255 − 48·(128 − 255))/255 = (−32640 + 6096)/255 = −104.09 on each channel.
        let a = try Bitmap(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let b = try Bitmap(width: 1, height: 1, fill: grey(128))
        let r = compare(a, b, .pixelmatch())
        let dc = (-32640.0 + 6096.0) / 255
        XCTAssertEqual(r.maxYIQDelta!, 0.5053 * dc * dc * 1.00000001 * 1.00000001, accuracy: 1e-6)
    }

    // MARK: ΔE94

    /// Published Lab pairs (Sharma, Wu & Dalal 2005 test data, pairs 1, 7, 17), ΔE94 by hand:
    /// pair 7 has C1 = 0, so SC = SH = 1 and ΔE94 = ΔE76 = √(1 + 4) = √5.
    /// pair 1: C1 = 79.8200, C2 = 82.7485, ΔC = −2.9285, ΔH² = 16.0085 − 8.5761 = 7.4324,
    /// SC = 4.5919, SH = 2.1973 → √((2.9285/4.5919)² + 7.4324/2.1973²) = 1.3950.
    func testDeltaE94OfPublishedLabPairs() {
        XCTAssertEqual(CIELab(L: 50, a: 0, b: 0).deltaE94(to: CIELab(L: 50, a: -1, b: 2)), 5.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(CIELab(L: 50, a: 2.6772, b: -79.7751).deltaE94(to: CIELab(L: 50, a: 0, b: -82.7485)), 1.3950, accuracy: 1e-4)
        XCTAssertEqual(CIELab(L: 50, a: 2.5, b: 0).deltaE94(to: CIELab(L: 73, a: 25, b: -18)), 34.6892, accuracy: 1e-4)
        XCTAssertEqual(CIELab(L: 50, a: 2.5, b: 0).deltaE94(to: CIELab(L: 50, a: 0, b: -2.5)), 3.4077, accuracy: 1e-4)
    }

    /// sRGB primaries in Lab (D65), the usual published values (e.g. Lindbloom): red (53.24, 80.09, 67.20),
    /// green (87.73, −86.18, 83.18), blue (32.30, 79.19, −107.86), white (100, 0, 0).
    func testSRGBToLab() {
        func check(_ c: Color, _ l: Double, _ a: Double, _ b: Double) {
            let lab = CIELab(c)
            XCTAssertEqual(lab.L, l, accuracy: 0.01, "\(c)"); XCTAssertEqual(lab.a, a, accuracy: 0.01, "\(c)")
            XCTAssertEqual(lab.b, b, accuracy: 0.01, "\(c)")
        }
        check(Color(red: 255, green: 0, blue: 0), 53.24, 80.09, 67.20)
        check(Color(red: 0, green: 255, blue: 0), 87.73, -86.18, 83.18)
        check(Color(red: 0, green: 0, blue: 255), 32.30, 79.19, -107.86)
        check(.white, 100, 0, 0)
        check(.black, 0, 0, 0)
    }

    /// Grey 128 vs 130: L* 53.585 vs 54.368, achromatic → ΔE94 = ΔL = 0.7828.
    /// perceptualPrecision 0.992 tolerates ΔE ≤ 0.8 (passes); 0.9922 tolerates 0.78 (fails).
    func testPerceptualPrecisionBoundary() throws {
        let a = try Bitmap(width: 5, height: 2, fill: grey(128)), b = try Bitmap(width: 5, height: 2, fill: grey(130))
        let pass = compare(a, b, .precision(1, perceptualPrecision: 0.992))
        XCTAssertTrue(pass.passed)
        XCTAssertEqual(pass.maxDeltaE!, 0.7828, accuracy: 1e-4)
        XCTAssertEqual(pass.differingPixelCount, 0)
        let fail = compare(a, b, .precision(1, perceptualPrecision: 0.9922))
        XCTAssertFalse(fail.passed)
        XCTAssertEqual(fail.differingPixelCount, 10)
        // With precision 0.9 one of the 10 pixels may differ; with 0.8, two.
        var c = a
        c[0, 0] = grey(130); c[1, 0] = grey(130)
        c[2, 0] = grey(129)   // ΔE ≈ 0.39: within 0.98's tolerance of 2
        XCTAssertEqual(compare(a, c, .precision(0.8, perceptualPrecision: 0.9922)).differingPixelCount, 2)
        XCTAssertTrue(compare(a, c, .precision(0.8, perceptualPrecision: 0.9922)).passed)
        XCTAssertFalse(compare(a, c, .precision(0.9, perceptualPrecision: 0.9922)).passed)
        XCTAssertTrue(compare(a, c, .precision(1, perceptualPrecision: 0.98)).passed)
    }

    // MARK: limits

    func testPrecisionAndPixelLimitsSmallestWins() throws {
        let a = try Bitmap(width: 10, height: 10, fill: .white)
        var b = a
        for x in 0..<3 { b[x, 9] = .black }
        // (1 − 0.97)·100 = 3.0000000000000027 → 3; (1 − 0.98)·100 → 2.
        XCTAssertTrue(compare(a, b, .precision(0.97)).passed)
        XCTAssertFalse(compare(a, b, .precision(0.98)).passed)
        XCTAssertEqual(compare(a, b, .precision(0.98)).allowedDifferingPixels, 2)
        XCTAssertFalse(compare(a, b, ImageComparison(maxDiffPixels: 5, maxDiffPixelRatio: 0.02)).passed)
        XCTAssertTrue(compare(a, b, ImageComparison(maxDiffPixels: 5, maxDiffPixelRatio: 0.03)).passed)
        XCTAssertFalse(compare(a, b, ImageComparison(maxDiffPixels: 2, maxDiffPixelRatio: 0.5)).passed)
        XCTAssertFalse(compare(a, b, ImageComparison(maxDiffPixels: 10, precision: 0.99)).passed)
        // (1 − 0.9)·10 = 0.9999999999999998 still allows one pixel of ten.
        XCTAssertEqual(ImageComparison(precision: 0.9).allowedDifferingPixels(comparedPixels: 10), 1)
        XCTAssertEqual(ImageComparison.exact.allowedDifferingPixels(comparedPixels: 10), 0)
        XCTAssertThrowsError(try ImageComparison(threshold: 1.5).validate())
        XCTAssertThrowsError(try ImageComparison(precision: -0.1).validate())
        XCTAssertThrowsError(try ImageComparison(ignoring: [PixelRect(x: 0, y: 0, width: 0, height: 3)]).validate())
        // A negative width is clamped to 0 by PixelRect: the message says so instead of showing a 0 nobody wrote.
        XCTAssertThrowsError(try ImageComparison(ignoring: [PixelRect(x: 0, y: 0, width: -1, height: 3)]).validate()) {
            XCTAssertEqual("\($0)".hasSuffix("ignored region (0, 0, 0×3) is empty (a width or height ≤ 0 px, which PixelRect clamps to 0): give a width and height > 0"), true, "\($0)")
        }
        XCTAssertNoThrow(try ImageComparison.pixelmatch().validate())
    }

    // MARK: ignore regions

    func testIgnoredRegionsAreNeitherComparedNorCounted() throws {
        let a = try Bitmap(width: 10, height: 6, fill: .white)
        var b = a
        b[1, 1] = .black; b[2, 1] = .black   // inside the first rect
        b[8, 4] = .black                     // inside the second, partly outside the image
        b[5, 5] = .black                     // not ignored
        let opts = ImageComparison(ignoring: [PixelRect(x: 0, y: 0, width: 4, height: 3),
                                              PixelRect(x: 2, y: 1, width: 3, height: 1),   // overlaps the first
                                              PixelRect(x: 7, y: 4, width: 10, height: 10)])
        let r = compare(a, b, opts)
        XCTAssertEqual(r.differingPixelCount, 1)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 5, y: 5, width: 1, height: 1))
        // Ignored: 4·3 = 12, plus x = 4 of row 1 from the overlapping rect, plus 3·2 clipped = 6 → 19.
        XCTAssertEqual(r.ignoredPixelCount, 19)
        XCTAssertEqual(r.comparedPixelCount, 60 - 19)
        var all = opts
        all.ignoring.append(PixelRect(x: 5, y: 5, width: 1, height: 1))
        XCTAssertTrue(compare(a, b, all).passed)
        XCTAssertTrue(r.summary.contains("19 px ignored"), r.summary)
    }

    // MARK: size mismatch

    func testSizeMismatchFailsAndStillComparesOverlap() throws {
        let a = try Bitmap(width: 10, height: 8, fill: .white)
        var b = try Bitmap(width: 12, height: 7, fill: .white)
        b[3, 2] = .black
        let r = compare(a, b)
        XCTAssertFalse(r.passed)
        let m = try XCTUnwrap(r.sizeMismatch)
        XCTAssertEqual(m.rightEdge, 2)
        XCTAssertEqual(m.bottomEdge, -1)
        XCTAssertEqual(m.overlap, PixelSize(width: 10, height: 7))
        XCTAssertEqual(r.comparedPixelCount, 70)
        XCTAssertEqual(r.differingPixelCount, 1)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 3, y: 2, width: 1, height: 1))
        XCTAssertEqual(r.summary.split(separator: "\n").first.map(String.init),
                       "size differs: reference 10×8 px, actual 12×7 px (right edge grew 2 px, bottom edge shrank 1 px); compared the 10×7 px overlap")
        // Identical overlap still fails on size.
        XCTAssertFalse(compare(a, try Bitmap(width: 10, height: 9, fill: .white)).passed)
        // A pixel buffer given the wrong length fails instead of being read out of bounds.
        var broken = a
        broken.pixels.removeLast(4)
        XCTAssertFalse(compare(a, broken).passed)
        XCTAssertThrowsError(try makeDiffImages(broken, a))
        // Empty images compare without trapping.
        XCTAssertTrue(compare(try Bitmap(width: 0, height: 0), try Bitmap(width: 0, height: 0)).passed)
        XCTAssertFalse(compare(try Bitmap(width: 0, height: 3), try Bitmap(width: 2, height: 3)).passed)
    }

    // MARK: diff images

    func testDiffImagePixelsAndVariants() throws {
        let a = try makeBitmap(6, 4) { x, _ in x < 3 ? .white : .black }
        var b = a
        // pixelmatch 7: colorDelta's sign is negative when Y(img1) − Y(img2) > 0, i.e. the second
        // (actual) image is darker, and such pixels take `diffColorAlt`; the others take `diffColor`.
        b[0, 0] = .black            // actual darker → diffColorAlt
        b[4, 1] = .white            // actual lighter → diffColor (pixelmatch red)
        let (r, imgs) = try makeDiffImages(a, b, .exact)
        XCTAssertEqual(r.differingPixelCount, 2)
        XCTAssertEqual(imgs.diff[0, 0], DiffImageStyle().diffColorAlt)
        XCTAssertEqual(imgs.diff[4, 1], Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(imgs.mask[0, 0], DiffImageStyle().diffColorAlt)
        var custom = DiffImageStyle()
        custom.diffColor = Color(red: 1, green: 2, blue: 3)
        custom.diffColorAlt = Color(red: 4, green: 5, blue: 6)
        let styled = try makeDiffImages(a, b, .pixelmatch(threshold: 0.1), style: custom).images
        XCTAssertEqual(styled.diff[0, 0], custom.diffColorAlt)
        XCTAssertEqual(styled.diff[4, 1], custom.diffColor)
        // Faded reference: 255 + (Y − 255)·0.1 → white stays 255, black 229.5 → 230.
        XCTAssertEqual(imgs.diff[1, 1], grey(255))
        XCTAssertEqual(imgs.diff[5, 3], grey(230))
        XCTAssertEqual(imgs.mask[1, 1], .clear)
        XCTAssertEqual(imgs.composite.width, 6 * 3 + 2 * 4)
        XCTAssertEqual(imgs.composite.height, 4)
        XCTAssertEqual(imgs.composite[0, 0], .white)                     // reference panel
        XCTAssertEqual(imgs.composite[6, 2], grey(128))                  // gutter
        XCTAssertEqual(imgs.composite[10, 0], DiffImageStyle().diffColorAlt)       // diff panel
        XCTAssertEqual(imgs.composite[20 + 0, 0], .black)                // actual panel
        // The diff-image pass reports the same result as compare().
        XCTAssertEqual(r, compare(a, b, .exact))
    }

    func testDiffImageMarksAntiAliasingIgnoredAndSizeMismatch() throws {
        let a = try makeBitmap(24, 16, glyphScene)
        let b = try makeBitmap(25, 15) { x, y in x >= 1 ? glyphScene(x - 1, y) : .white }
        let opts = ImageComparison(threshold: 0.1, ignoring: [PixelRect(x: 0, y: 0, width: 2, height: 2)])
        let (r, imgs) = try makeDiffImages(a, b, opts)
        XCTAssertEqual(imgs.diff.width, 25)
        XCTAssertEqual(imgs.diff.height, 16)
        XCTAssertEqual(imgs.diff[24, 0], DiffImageStyle().sizeMismatchColor)   // only in actual
        XCTAssertEqual(imgs.diff[0, 15], DiffImageStyle().sizeMismatchColor)   // only in reference
        XCTAssertEqual(imgs.diff[24, 15], .clear)                              // in neither
        XCTAssertEqual(imgs.diff[5, 5], Color(red: 255, green: 255, blue: 0))  // AA column edge
        XCTAssertEqual(imgs.mask[5, 5], .clear)                                // not in the mask
        // Ignored region: faded white (255) mixed half with the tint (120, 200, 255).
        XCTAssertEqual(imgs.diff[1, 1], Color(red: 187, green: 227, blue: 255))
        XCTAssertEqual(r.antiAliasedPixelCount, imgs.diff.pixels.withUnsafeBytes { _ in
            (0..<15).reduce(0) { n, y in n + (0..<24).filter { imgs.diff[$0, y] == Color(red: 255, green: 255, blue: 0) }.count }
        })
        XCTAssertEqual(imgs.composite.width, 24 + 25 + 25 + 8)
    }

    // MARK: summary

    /// The one real difference is the foot's end (17, 12): black vs white, delta 0.5053·255² = 32857.1,
    /// which only a threshold ≥ √(32857.1/35215) = 0.966 would pass.
    func testSummaryQuotesTheNumbers() throws {
        let a = try makeBitmap(24, 16, glyphScene)
        let b = try makeBitmap(24, 16) { x, y in x >= 1 ? glyphScene(x - 1, y) : .white }
        let r = compare(a, b, .pixelmatch())
        XCTAssertEqual(r.summary,
                       "1 of 384 px differ (0.26%, allowed 0), 41 anti-aliased not counted; largest channel Δ 255, "
                       + "YIQ Δ 32857.1 (threshold ≥ 0.966 to pass); "
                       + "changed area (17, 12, 1×1) — threshold 0.1, AA ignored")
    }
}

/// The diff image alone (`makeDiffImage`, what `labelsnap diff -o` writes) is the diff of `makeDiffImages`; the
/// composite's size is known from the images' sizes, and two 16384 × 16384 images have a diff image but no composite
/// (3 × 16384 + 2 × 4 gutter px wide: over `Bitmap.maximumPixelCount`, 2²⁸).
final class DiffImageAloneTests: XCTestCase {
    func testTheDiffImageAloneIsTheDiffOfAllImages() throws {
        var a = try Bitmap(width: 7, height: 5, fill: Color(red: 255, green: 255, blue: 255))
        var b = try Bitmap(width: 9, height: 4, fill: Color(red: 255, green: 255, blue: 255))
        a[2, 2] = Color(red: 0, green: 0, blue: 0)
        b[3, 1] = Color(red: 10, green: 20, blue: 30)
        for options in [ImageComparison.exact, .pixelmatch(threshold: 0.1)] {
            let all = try makeDiffImages(a, b, options), alone = try makeDiffImage(a, b, options)
            XCTAssertEqual(alone.diff, all.images.diff)
            XCTAssertEqual(alone.result, all.result)
        }
        let sizes = diffImageSizes((16_384, 16_384), (16_384, 16_384))
        XCTAssertTrue(sizes.diff == (16_384, 16_384) && fitsABitmap(sizes.diff))
        XCTAssertTrue(sizes.composite == (49_160, 16_384) && !fitsABitmap(sizes.composite))
        XCTAssertEqual("\(CompositeTooLarge(width: 49_160, height: 16_384))", "the composite (reference | diff | actual) would be 49160×16384 px, "
                       + "over the 268435456 pixels a bitmap may have, so it was not drawn; the diff image shows the difference")
    }
}
