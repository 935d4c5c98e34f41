import CDiffKernels
import Foundation

#if _endian(big)
#error("ImageDiff reads RGBA8 pixels as little-endian 32-bit words")
#endif

/// Vyšniauskas (2009) anti-aliased pixel detector, exactly as pixelmatch 7 applies it: a pixel that fails
/// the YIQ test is anti-aliasing when, in either image, at most two of its 8 neighbours share its
/// brightness, it has both a darker and a brighter neighbour, and the darkest or the brightest of those
/// has 3+ identical neighbours in both images (it sits in a flat area, so the pixel is the ramp between
/// two flat areas). Neighbours are visited column by column (x outer, y inner) so ties resolve as in
/// pixelmatch.
///
/// **Integer brightness, same answers.** pixelmatch compares the brightness deltas
/// `Δr·0.29889531 + Δg·0.58662247 + Δb·0.11448223` (doubles) only by sign, by order and against 0. For
/// opaque pixels we compare `L = 29889531·r + 58662247·g + 11448223·b` (exact integers, the same
/// coefficients × 10⁸) instead, with identical answers: no colour difference with channels in
/// −255…255 other than zero has `L = 0` (`ImageDiffTests.testIntegerBrightnessHasNoFalseZeros` checks all
/// of them), so two distinct values differ by at least 1 (10⁻⁸ in pixelmatch's units), while the
/// doubles are within 10⁻¹³ of the exact products. Neighbourhoods with a translucent pixel take
/// pixelmatch's own double arithmetic (compositing onto the background depends on the position).
///
/// The brightness of the three rows around the pixel being classified is kept per image in a band
/// (`LumaBand`), computed once per row as the scan moves down, so a neighbourhood costs 9 loads.
/// What a neighbourhood needs is computed once per row and image, as the scan moves down, into a band of
/// three rows (`NeighbourhoodBand`): the brightness of each pixel and how many of its neighbours are
/// identical. A pixel's test is then 9 loads and comparisons without branches on the data. Buffer
/// pointers and `while` loops only: this must be fast unoptimised too (a user's tests are debug builds).
final class AntiAliasing {
    /// RGBA8 pixels as little-endian words (R in the low byte, A in the high byte), rows `stride*` apart.
    let reference: UnsafePointer<UInt32>
    let actual: UnsafePointer<UInt32>
    let referenceStride: Int
    let actualStride: Int
    /// The compared overlap (px).
    let width: Int
    let height: Int
    /// pixelmatch 7's checkerboard background for translucent pixels, else white.
    let whiteBackground: Bool
    private let referenceBand: NeighbourhoodBand
    private let actualBand: NeighbourhoodBand
    /// `InsideWindow.offsets` for the current row.
    private let neighbourOffsets = UnsafeMutablePointer<Int>.allocate(capacity: 16)

    init(reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, referenceStride: Int, actualStride: Int,
         width: Int, height: Int, whiteBackground: Bool) {
        self.reference = reference
        self.actual = actual
        self.referenceStride = referenceStride
        self.actualStride = actualStride
        self.width = width
        self.height = height
        self.whiteBackground = whiteBackground
        referenceBand = NeighbourhoodBand(image: reference, stride: referenceStride, width: width, height: height)
        actualBand = NeighbourhoodBand(image: actual, stride: actualStride, width: width, height: height)
        neighbourOffsets.initialize(repeating: 0, count: 16)
    }

    deinit { neighbourOffsets.deallocate() }

    /// Makes pixels x0 ..< x1 of row y ready to be asked: rows are asked from the top (some may be skipped),
    /// as the scan goes.
    @inline(__always)
    func prepare(row y: Int, from x0: Int, to x1: Int) {
        let first = x0 > 0 ? x0 - 1 : 0, last = x1 < width ? x1 : width - 1
        referenceBand.prepare(row: y, from: first, to: last)
        actualBand.prepare(row: y, from: first, to: last)
    }

    /// pixelmatch's `antialiased(img1, …) || antialiased(img2, …)` for the pixel at (x, y), after `prepare`.
    @inline(__always)
    func isAntiAliased(x: Int, y: Int) -> Bool {
        detect(reference, referenceStride, referenceBand, other: actualBand, x: x, y: y)
            || detect(actual, actualStride, actualBand, other: referenceBand, x: x, y: y)
    }

    /// The bands' rows around row y after `prepare(row: y, …)`, for `InsideWindow.test`.
    @inline(__always)
    func insideWindow() -> InsideWindow {
        // Both bands hold the same rows in the same slots.
        let rows = (referenceBand.aboveOffset, referenceBand.middleOffset, referenceBand.belowOffset)
        var code = 0
        while code < 12 {
            let row = code & 3
            neighbourOffsets[code] = (row == 0 ? rows.0 : row == 1 ? rows.1 : rows.2) + (code >> 2) - 1
            code += 1
        }
        return InsideWindow(referenceLuma: referenceBand.luma, actualLuma: actualBand.luma,
                            referenceSame: referenceBand.same, actualSame: actualBand.same,
                            above: rows.0, middle: rows.1, below: rows.2, offsets: neighbourOffsets,
                            opaque: !referenceBand.hasTranslucent && !actualBand.hasTranslucent)
    }

    /// pixelmatch's anti-aliasing test of both images for pixels off the border (0 < x < width − 1,
    /// 0 < y < height − 1) of one row, each image's test without a branch on the data: failing pixels at text
    /// edges take every outcome of pixelmatch's early returns about equally often, so branches on them were
    /// mispredicted about half the time. One branch is kept: the second image is not tested when the first
    /// answers yes (about a third of the failing pixels of a shifted text page), which saves more than its
    /// mispredictions cost. The bands' pointers and row offsets are read once per block, not per pixel.
    struct InsideWindow {
        let referenceLuma: UnsafeMutablePointer<Int>, actualLuma: UnsafeMutablePointer<Int>
        let referenceSame: UnsafeMutablePointer<UInt8>, actualSame: UnsafeMutablePointer<UInt8>
        let above: Int, middle: Int, below: Int
        /// The band index of the neighbour with window code column · 4 + row (column 0 is x − 1, row 0 is
        /// y − 1), less x.
        let offsets: UnsafeMutablePointer<Int>
        /// No translucent pixel in either band so far: `test` need not look for one.
        let opaque: Bool

        /// 1: anti-aliased in either image (pixelmatch's `antialiased(img1) || antialiased(img2)`); 0: in
        /// neither; −1: a pixel of the window is translucent in one of them (ask `isAntiAliased`, which
        /// composites as pixelmatch).
        @inline(__always)
        func test(x: Int) -> Int {
            let a = above &+ x, m = middle &+ x, b = below &+ x
            if opaque {
                let r = opaqueTest(referenceLuma, referenceSame, actualSame, a, m, b, x, checked: false)
                if r == 1 { return 1 }
                return opaqueTest(actualLuma, actualSame, referenceSame, a, m, b, x, checked: false)
            }
            return opaqueTest(referenceLuma, referenceSame, actualSame, a, m, b, x, checked: true)
                | opaqueTest(actualLuma, actualSame, referenceSame, a, m, b, x, checked: true)
        }

        /// pixelmatch 7's `antialiased` for an inner pixel of an opaque neighbourhood: 1 or 0, or −1 when a
        /// pixel of the window is translucent. `above`, `middle`, `below`: the pixel's index in rows y − 1, y,
        /// y + 1 of the bands. The darkest and the brightest neighbour are found by a tree of maxima and minima
        /// of keys `L << 4 | code` (the band holds `L << 4`), `code` = column · 4 + row rising in pixelmatch's
        /// visiting order (column by column, each from the top): the brightest neighbour (pixelmatch's lowest
        /// delta `L(centre) − L`), first in that order on ties, has the largest `L << 4 | (15 − code)`; the
        /// darkest the smallest `L << 4 | code`. Identical neighbours tie with the centre and so never count as
        /// brighter or darker, as pixelmatch passes over zero deltas; its count of them is `same`.
        @inline(__always)
        func opaqueTest(_ luma: UnsafeMutablePointer<Int>, _ same: UnsafeMutablePointer<UInt8>,
                        _ otherSame: UnsafeMutablePointer<UInt8>, _ above: Int, _ middle: Int, _ below: Int,
                               _ x: Int, checked: Bool) -> Int {
            let l0 = luma[above &- 1], l1 = luma[middle &- 1], l2 = luma[below &- 1]
            let l4 = luma[above], centre = luma[middle], l6 = luma[below]
            let l8 = luma[above &+ 1], l9 = luma[middle &+ 1], l10 = luma[below &+ 1]
            // −1 when one is −1 (translucent); `checked` false: none is.
            let translucent = checked ? (l0 | l1 | l2 | l4 | centre | l6 | l8 | l9 | l10) >> 63 : 0
            // Brightest first on ties: keys with 15 − code.
            let b0 = l0 | 15, b1 = l1 | 14, b2 = l2 | 13, b4 = l4 | 11
            let b6 = l6 | 9, b8 = l8 | 7, b9 = l9 | 6, b10 = l10 | 5
            let bA = b0 > b1 ? b0 : b1, bB = b2 > b4 ? b2 : b4, bC = b6 > b8 ? b6 : b8, bD = b9 > b10 ? b9 : b10
            let bE = bA > bB ? bA : bB, bF = bC > bD ? bC : bD
            let brightest = bE > bF ? bE : bF
            let d1 = l1 | 1, d2 = l2 | 2, d4 = l4 | 4, d6 = l6 | 6, d8 = l8 | 8, d9 = l9 | 9, d10 = l10 | 10
            let dA = l0 < d1 ? l0 : d1, dB = d2 < d4 ? d2 : d4, dC = d6 < d8 ? d6 : d8, dD = d9 < d10 ? d9 : d10
            let dE = dA < dB ? dA : dB, dF = dC < dD ? dC : dD
            let darkest = dE < dF ? dE : dF
            let brightAt = offsets[15 &- (brightest & 15)] &+ x, darkAt = offsets[darkest & 15] &+ x
            // Conditions as 1 (true) or 0, from sign bits.
            let few = (2 &- Int(same[middle])) >> 63 &+ 1                          // same ≤ 2
            // A brighter neighbour: brightest's L above the centre's (its code is < 16); a darker one: below.
            let contrast = (((centre | 15) &- brightest) >> 63) & ((darkest &- centre) >> 63) & 1
            // hasManySiblings in both images at the brightest or at the darkest neighbour.
            let flatBright = (2 &- Int(same[brightAt])) >> 63 & (2 &- Int(otherSame[brightAt])) >> 63
            let flatDark = (2 &- Int(same[darkAt])) >> 63 & (2 &- Int(otherSame[darkAt])) >> 63
            return translucent | (few & contrast & (flatBright | flatDark) & 1)
        }
    }

    /// pixelmatch 7's `antialiased(img, x, y, …)` with `img` = `image`, its band and the other image's band.
    private func detect(_ image: UnsafePointer<UInt32>, _ stride: Int, _ band: NeighbourhoodBand,
                        other: NeighbourhoodBand, x: Int, y: Int) -> Bool {
        let w = width
        // Rows y − 1, y, y + 1 of the band (the first or last is never read on the image's top or bottom row).
        let above = band.aboveOffset, middle = band.middleOffset, below = band.belowOffset
        // pixelmatch returns false at its third zero delta (a border counts as one). Identical neighbours
        // are zero deltas in any case, so three of them decide it, also for translucent pixels.
        if band.same[middle + x] > 2 { return false }
        let x0 = x > 0 ? x - 1 : 0, y0 = y > 0 ? y - 1 : 0
        let x2 = x + 1 < w ? x + 1 : w - 1, y2 = y + 1 < height ? y + 1 : height - 1
        let luma = band.luma
        let top = y0 == y ? middle : above, bottom = y2 == y ? middle : below
        // Inside the image the window is 3×3 (constant bounds: the optimiser unrolls it).
        let n = x0 != x && x2 != x && y0 != y && y2 != y
            ? Self.extremes(luma + top + x0, luma + middle + x0, luma + bottom + x0, columns: 3, rows: 3,
                            centreLuma: luma[middle + x])
            : Self.extremes(luma + top + x0, y0 == y ? luma + below + x0 : luma + middle + x0, luma + bottom + x0,
                            columns: x2 - x0 + 1, rows: y2 - y0 + 1, centreLuma: luma[middle + x])
        var minX = x0 + n.minColumn, minY = y0 + n.minRow, maxX = x0 + n.maxColumn, maxY = y0 + n.maxRow
        if n.translucent {
            guard let e = blendedExtremes(image, stride, x: x, y: y, x0: x0, y0: y0, x2: x2, y2: y2) else { return false }
            (minX, minY, maxX, maxY) = e
        } else if n.minDelta == 0 || n.maxDelta == 0 {
            return false
        }
        // hasManySiblings in both images, at the darkest and at the brightest neighbour.
        let minAt = (minY == y ? middle : minY < y ? above : below) + minX
        let maxAt = (maxY == y ? middle : maxY < y ? above : below) + maxX
        return (band.same[minAt] > 2 && other.same[minAt] > 2) || (band.same[maxAt] > 2 && other.same[maxAt] > 2)
    }

    /// One pass over a window of brightness values (`rows` of the rows `first`, `second`, `third`), column by
    /// column as pixelmatch: the first neighbour with the lowest and the highest `centreLuma − luma`
    /// (window offsets; deltas 0 when there is none), and whether a translucent pixel (luma −1) is in the
    /// window. Identical neighbours and the centre give 0 and are passed over, as pixelmatch passes over
    /// zero deltas.
    @inline(__always)
    private static func extremes(_ first: UnsafePointer<Int>, _ second: UnsafePointer<Int>, _ third: UnsafePointer<Int>,
                                 columns: Int, rows: Int, centreLuma: Int)
        -> (translucent: Bool, minDelta: Int, minColumn: Int, minRow: Int, maxDelta: Int, maxColumn: Int, maxRow: Int) {
        var signs = centreLuma
        var minDelta = 0, maxDelta = 0
        var minColumn = 0, minRow = 0, maxColumn = 0, maxRow = 0
        var c = 0
        while c < columns {
            var r = 0
            while r < rows {
                let l = (r == 0 ? first : r == 1 ? second : third)[c]
                signs |= l
                // No branches on the data: min ≤ 0 ≤ max, so at most one of the two updates applies.
                let delta = centreLuma &- l
                if delta < minDelta { minDelta = delta; minColumn = c; minRow = r }
                if delta > maxDelta { maxDelta = delta; maxColumn = c; maxRow = r }
                r &+= 1
            }
            c &+= 1
        }
        return (signs < 0, minDelta, minColumn, minRow, maxDelta, maxColumn, maxRow)
    }

    /// `29889531·r + 58662247·g + 11448223·b`: pixelmatch's brightness × 10⁸, exact (≥ 0).
    @inline(__always)
    static func luma(_ p: UInt32) -> Int {
        Int(p & 0xFF) &* 29_889_531 &+ Int((p >> 8) & 0xFF) &* 58_662_247 &+ Int((p >> 16) & 0xFF) &* 11_448_223
    }

    /// pixelmatch's neighbour loop in its own double arithmetic, for neighbourhoods with a translucent
    /// pixel (colours are composited onto the background at the centre's byte offset first). Returns the
    /// darkest and brightest neighbours, or nil when pixelmatch answers "not anti-aliased" first.
    private func blendedExtremes(_ image: UnsafePointer<UInt32>, _ stride: Int, x: Int, y: Int,
                                 x0: Int, y0: Int, x2: Int, y2: Int) -> (Int, Int, Int, Int)? {
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        let k = (y * referenceStride + x) * 4   // pixelmatch's position: the reference's byte offset
        let c = image[y * stride + x]
        let r1 = Int(c & 0xFF), g1 = Int((c >> 8) & 0xFF), b1 = Int((c >> 16) & 0xFF), a1 = Int(c >> 24)
        var nx = x0
        while nx <= x2 {
            var ny = y0
            while ny <= y2 {
                if nx != x || ny != y {
                    let v = image[ny * stride + nx]
                    var delta = 0.0
                    if v != c {
                        let r2 = Int(v & 0xFF), g2 = Int((v >> 8) & 0xFF), b2 = Int((v >> 16) & 0xFF), a2 = Int(v >> 24)
                        let bg = (a1 < 255 || a2 < 255) ? background(k) : (255, 255, 255)
                        let d = YIQ.channelDifferences(r1, g1, b1, a1, r2, g2, b2, a2, bg)
                        delta = YIQ.lumaFromDifferences(d.0, d.1, d.2)
                    }
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return nil }
                    } else if delta < minDelta {
                        minDelta = delta; minX = nx; minY = ny
                    } else if delta > maxDelta {
                        maxDelta = delta; maxX = nx; maxY = ny
                    }
                }
                ny += 1
            }
            nx += 1
        }
        if minDelta == 0 || maxDelta == 0 { return nil }
        return (minX, minY, maxX, maxY)
    }

    @inline(__always)
    func background(_ k: Int) -> (Double, Double, Double) {
        whiteBackground ? (255, 255, 255) : YIQ.checkerboard(byteOffset: k)
    }

}

/// What anti-aliasing detection asks about one image's pixels, for the three rows around the row being
/// scanned (a ring: row r in slot r mod 3, each `width` long), computed in column chunks when first asked,
/// so a few scattered differences cost a few chunks and a dense row is computed once:
/// - `luma`: `AntiAliasing.luma` of opaque pixels shifted left by 4 (the same order; `opaqueTest` puts a
///   neighbour's position in the low bits), −1 for translucent ones;
/// - `same`: pixelmatch's sibling count: neighbours with identical RGBA, plus one on the image border
///   (`hasManySiblings` is `same > 2`).
/// Rows outside the image are never read.
final class NeighbourhoodBand {
    private let image: UnsafePointer<UInt32>
    private let stride: Int
    private let width: Int
    private let height: Int
    let luma: UnsafeMutablePointer<Int>
    let same: UnsafeMutablePointer<UInt8>
    /// For rows y − 1, y, y + 1: one bit per chunk of `1 << chunkShift` columns already computed.
    private var computed: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private let chunkShift: Int
    /// The row the band is around.
    private var row = Int.min
    /// Whether a translucent pixel has been computed so far (then every window is checked for one).
    private(set) var hasTranslucent = false

    init(image: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int) {
        self.image = image
        self.stride = stride
        self.width = width
        self.height = height
        luma = UnsafeMutablePointer<Int>.allocate(capacity: max(1, 3 * width))
        same = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, 3 * width))
        var shift = 5   // 32 columns, and at most 64 chunks a row
        while (width >> shift) >= 64 { shift += 1 }
        chunkShift = shift
    }

    deinit {
        luma.deallocate()
        same.deallocate()
    }

    /// Where rows y − 1, y and y + 1 start in `luma` and `same` (slot × width) after `prepare(row: y, …)`.
    private(set) var aboveOffset = 0, middleOffset = 0, belowOffset = 0

    /// Makes columns x0…x2 of rows y − 1, y and y + 1 available.
    @inline(__always)
    func prepare(row y: Int, from x0: Int, to x2: Int) {
        if y != row { move(to: y) }
        let k0 = x0 >> chunkShift, k1 = x2 >> chunkShift
        let wanted: UInt64 = (k1 - k0 >= 63 ? ~0 : (1 << UInt64(k1 - k0 + 1)) - 1) << UInt64(k0)
        if y > 0 && computed.0 & wanted != wanted { computed.0 |= compute(row: y - 1, at: aboveOffset, chunks: wanted & ~computed.0) }
        if computed.1 & wanted != wanted { computed.1 |= compute(row: y, at: middleOffset, chunks: wanted & ~computed.1) }
        if y + 1 < height && computed.2 & wanted != wanted {
            computed.2 |= compute(row: y + 1, at: belowOffset, chunks: wanted & ~computed.2)
        }
    }

    /// `computed` is kept in row order (above, middle, below): moving down one row passes two on.
    private func move(to y: Int) {
        computed = y == row + 1 ? (computed.1, computed.2, 0) : (0, 0, 0)
        aboveOffset = (y > 0 ? (y - 1) % 3 : 2) * width
        middleOffset = (y % 3) * width
        belowOffset = ((y + 1) % 3) * width
        row = y
    }

    /// Computes the given chunks of row r into the slot at `offset`; returns them.
    private func compute(row r: Int, at offset: Int, chunks: UInt64) -> UInt64 {
        var missing = chunks
        while missing != 0 {
            let k = missing.trailingZeroBitCount
            missing &= missing - 1
            let start = k << chunkShift
            let end = min(width, start + (1 << chunkShift))
            computeLuma(row: r, from: start, to: end, into: luma + offset)
            computeSame(row: r, from: start, to: end, into: same + offset)
        }
        return chunks
    }

    private func computeLuma(row r: Int, from start: Int, to end: Int, into out: UnsafeMutablePointer<Int>) {
        // L << 4, −1 for translucent (CDiffKernels: AVX2 where the CPU has it).
        let translucent = out.withMemoryRebound(to: Int64.self, capacity: end) {
            lsd_brightness_keys(image + r * stride, $0, start, end)
        }
        if translucent != 0 { hasTranslucent = true }
    }

    private func computeSame(row r: Int, from start: Int, to end: Int, into out: UnsafeMutablePointer<UInt8>) {
        let mid = image + r * stride
        // Inner pixels of inner rows: eight fixed neighbours (CDiffKernels).
        if r > 0 && r + 1 < height && width > 2 {
            let first = start > 1 ? start : 1
            let last = end < width - 1 ? end : width - 1
            if first < last { lsd_identical_neighbours(mid - stride, mid, mid + stride, out, first, last) }
            if start == 0 { out[0] = bordered(row: r, x: 0) }
            if end == width && width > 1 { out[width - 1] = bordered(row: r, x: width - 1) }
        } else {
            var x = start
            while x < end {
                out[x] = bordered(row: r, x: x)
                x += 1
            }
        }
    }

    /// `same` for a pixel on the border: 1 plus its identical neighbours inside the image.
    private func bordered(row r: Int, x: Int) -> UInt8 {
        let v = image[r * stride + x]
        var n: UInt8 = 0
        var ny = r > 0 ? r - 1 : 0
        while ny <= (r + 1 < height ? r + 1 : height - 1) {
            var nx = x > 0 ? x - 1 : 0
            while nx <= (x + 1 < width ? x + 1 : width - 1) {
                if (nx != x || ny != r) && image[ny * stride + nx] == v { n += 1 }
                nx += 1
            }
            ny += 1
        }
        let border = x == 0 || x == width - 1 || r == 0 || r == height - 1
        return n + (border ? 1 : 0)
    }
}

/// The kind of each overlap pixel when diff images are drawn (bytes, zero-filled by calloc, so pages
/// are only touched where written).
final class KindPlane {
    let kinds: UnsafeMutablePointer<UInt8>?

    init(width: Int, height: Int) {
        kinds = calloc(max(1, width * height), 1)?.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(kinds) }
}
