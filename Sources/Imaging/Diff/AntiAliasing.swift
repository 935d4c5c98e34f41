import CImaging
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
/// What a neighbourhood needs of each pixel is one key per image (`CDiffKernels.h`: `64·L` plus two flag bits,
/// "at most 2 identical neighbours here" and "more than 2 in both images"), computed once per row as the scan
/// moves down, into a band of three rows (`NeighbourhoodBand`). Inner pixels of opaque windows are decided by
/// `lsd_antialiased`, four at a time without branches on the data; the rest (the image's border, windows with a
/// translucent pixel) by `isAntiAliased`, step by step. Buffer pointers and `while` loops only: this must be
/// fast unoptimised too (a user's tests are debug builds).
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
    private let band: NeighbourhoodBand

    init(reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, referenceStride: Int, actualStride: Int,
         width: Int, height: Int, whiteBackground: Bool) {
        self.reference = reference
        self.actual = actual
        self.referenceStride = referenceStride
        self.actualStride = actualStride
        self.width = width
        self.height = height
        self.whiteBackground = whiteBackground
        band = NeighbourhoodBand(reference: reference, actual: actual, referenceStride: referenceStride,
                                 actualStride: actualStride, width: width, height: height)
    }

    /// Makes pixels x0 ..< x1 of row y ready to be asked: rows are asked from the top (some may be skipped),
    /// as the scan goes.
    @inline(__always)
    func prepare(row y: Int, from x0: Int, to x1: Int) {
        let first = x0 > 0 ? x0 - 1 : 0, last = x1 < width ? x1 : width - 1
        band.prepare(row: y, from: first, to: last)
    }

    /// pixelmatch's `antialiased(img1, …) || antialiased(img2, …)` for the pixel at (x, y), after `prepare`.
    @inline(__always)
    func isAntiAliased(x: Int, y: Int) -> Bool {
        detect(reference, referenceStride, band.referenceKeys, x: x, y: y)
            || detect(actual, actualStride, band.actualKeys, x: x, y: y)
    }

    /// `isAntiAliased` for the pixels x0 + i of row y with bit i of `failing` (a block of at most 64 after
    /// `prepare`), by `lsd_antialiased`: returns the anti-aliased ones; those it leaves to `isAntiAliased`
    /// (on the image's border, or with a translucent pixel in the window) go to `undecided`.
    @inline(__always)
    func antiAliased(_ failing: UInt64, from x0: Int, row y: Int, undecided: inout UInt64) -> UInt64 {
        var rows = band.keyRows()
        let inner = y > 0 && y + 1 < height
        return lsd_antialiased(&rows, x0, failing, inner ? 1 : 0, inner ? width - 1 : 0, &undecided)
    }

    /// pixelmatch 7's `antialiased(img, x, y, …)` with `img` = `image` and `keys` its rows of the band.
    private func detect(_ image: UnsafePointer<UInt32>, _ stride: Int, _ keys: UnsafeMutablePointer<Double>,
                        x: Int, y: Int) -> Bool {
        let w = width
        // Rows y − 1, y, y + 1 of the band (the first or last is never read on the image's top or bottom row).
        let above = band.aboveOffset, middle = band.middleOffset, below = band.belowOffset
        // pixelmatch returns false at its third zero delta (a border counts as one). Identical neighbours
        // are zero deltas in any case, so three of them decide it, also for translucent pixels: the key's
        // `few` bit (2) is clear then.
        let centre = Int(keys[middle + x])
        if centre & 2 == 0 { return false }
        let x0 = x > 0 ? x - 1 : 0, y0 = y > 0 ? y - 1 : 0
        let x2 = x + 1 < w ? x + 1 : w - 1, y2 = y + 1 < height ? y + 1 : height - 1
        let top = y0 == y ? middle : above, bottom = y2 == y ? middle : below
        // Inside the image the window is 3×3 (constant bounds: the optimiser unrolls it).
        let n = x0 != x && x2 != x && y0 != y && y2 != y
            ? Self.extremes(keys + top + x0, keys + middle + x0, keys + bottom + x0, columns: 3, rows: 3,
                            centreLuma: centre >> 6)
            : Self.extremes(keys + top + x0, y0 == y ? keys + below + x0 : keys + middle + x0, keys + bottom + x0,
                            columns: x2 - x0 + 1, rows: y2 - y0 + 1, centreLuma: centre >> 6)
        var minX = x0 + n.minColumn, minY = y0 + n.minRow, maxX = x0 + n.maxColumn, maxY = y0 + n.maxRow
        if n.translucent {
            guard let e = blendedExtremes(image, stride, x: x, y: y, x0: x0, y0: y0, x2: x2, y2: y2) else { return false }
            (minX, minY, maxX, maxY) = e
        } else if n.minDelta == 0 || n.maxDelta == 0 {
            return false
        }
        // hasManySiblings in both images (the keys' flat bit), at the darkest or at the brightest neighbour.
        let minAt = (minY == y ? middle : minY < y ? above : below) + minX
        let maxAt = (maxY == y ? middle : maxY < y ? above : below) + maxX
        return (Int(keys[minAt]) | Int(keys[maxAt])) & 1 != 0
    }

    /// One pass over a window of keys (`rows` of the rows `first`, `second`, `third`), column by column as
    /// pixelmatch: the first neighbour with the lowest and the highest `centreLuma − L` (window offsets; deltas
    /// 0 when there is none), and whether a translucent pixel (a negative key) is in the window. Identical neighbours and the centre
    /// give 0 and are passed over, as pixelmatch passes over zero deltas.
    @inline(__always)
    private static func extremes(_ first: UnsafePointer<Double>, _ second: UnsafePointer<Double>, _ third: UnsafePointer<Double>,
                                 columns: Int, rows: Int, centreLuma: Int)
        -> (translucent: Bool, minDelta: Int, minColumn: Int, minRow: Int, maxDelta: Int, maxColumn: Int, maxRow: Int) {
        var signs = centreLuma
        var minDelta = 0, maxDelta = 0
        var minColumn = 0, minRow = 0, maxColumn = 0, maxRow = 0
        var c = 0
        while c < columns {
            var r = 0
            while r < rows {
                let l = Int((r == 0 ? first : r == 1 ? second : third)[c]) >> 6
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

/// The keys (`CDiffKernels.h`) of both images for the three rows around the row being scanned (a ring: row r
/// in slot r mod 3, each `width` long), computed in column chunks when first asked, so a few scattered
/// differences cost a few chunks and a dense row is computed once. Rows outside the image are never computed;
/// each image's keys have `padding` readable keys before the first slot and after the last, as
/// `lsd_antialiased` reads a few past a row's ends.
final class NeighbourhoodBand {
    private let reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>
    private let referenceStride: Int, actualStride: Int
    private let width: Int
    private let height: Int
    let referenceKeys: UnsafeMutablePointer<Double>
    let actualKeys: UnsafeMutablePointer<Double>
    private static let padding = 8
    /// For rows y − 1, y, y + 1: one bit per chunk of `1 << chunkShift` columns already computed.
    private var computed: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private let chunkShift: Int
    /// The row the band is around.
    private var row = Int.min

    init(reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, referenceStride: Int, actualStride: Int,
         width: Int, height: Int) {
        self.reference = reference
        self.actual = actual
        self.referenceStride = referenceStride
        self.actualStride = actualStride
        self.width = width
        self.height = height
        let count = 3 * width + 2 * Self.padding
        // Zero-filled: keys read before they are computed (past the ends, rows outside the image) are valid numbers.
        let ref = UnsafeMutablePointer<Double>.allocate(capacity: count), act = UnsafeMutablePointer<Double>.allocate(capacity: count)
        ref.initialize(repeating: 0, count: count)
        act.initialize(repeating: 0, count: count)
        referenceKeys = ref + Self.padding
        actualKeys = act + Self.padding
        var shift = 5   // 32 columns, and at most 64 chunks a row
        while (width >> shift) >= 64 { shift += 1 }
        chunkShift = shift
    }

    deinit {
        (referenceKeys - Self.padding).deallocate()
        (actualKeys - Self.padding).deallocate()
    }

    /// Where rows y − 1, y and y + 1 start in the keys (slot × width) after `prepare(row: y, …)`.
    private(set) var aboveOffset = 0, middleOffset = 0, belowOffset = 0

    /// The rows around the current row, for `lsd_antialiased`.
    func keyRows() -> lsd_key_rows {
        lsd_key_rows(ref_up: referenceKeys + aboveOffset, ref_mid: referenceKeys + middleOffset,
                     ref_down: referenceKeys + belowOffset, act_up: actualKeys + aboveOffset,
                     act_mid: actualKeys + middleOffset, act_down: actualKeys + belowOffset)
    }

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
            computeKeys(row: r, from: start, to: end, at: offset)
        }
        return chunks
    }

    private func computeKeys(row r: Int, from start: Int, to end: Int, at offset: Int) {
        // Inner pixels of inner rows: eight fixed neighbours (CDiffKernels: AVX2 where the CPU has it).
        if r > 0 && r + 1 < height && width > 2 {
            let first = start > 1 ? start : 1
            let last = end < width - 1 ? end : width - 1
            if first < last {
                let ref = reference + r * referenceStride, act = actual + r * actualStride
                lsd_band_keys(ref - referenceStride, ref, ref + referenceStride, act - actualStride, act, act + actualStride,
                              referenceKeys + offset, actualKeys + offset, first, last)
            }
            if start == 0 { computeBorderKey(row: r, x: 0, at: offset) }
            if end == width && width > 1 { computeBorderKey(row: r, x: width - 1, at: offset) }
        } else {
            var x = start
            while x < end {
                computeBorderKey(row: r, x: x, at: offset)
                x += 1
            }
        }
    }

    private func computeBorderKey(row r: Int, x: Int, at offset: Int) {
        let sr = bordered(reference, referenceStride, row: r, x: x), sa = bordered(actual, actualStride, row: r, x: x)
        referenceKeys[offset + x] = lsd_pixel_key(reference[r * referenceStride + x], sr, sa)
        actualKeys[offset + x] = lsd_pixel_key(actual[r * actualStride + x], sa, sr)
    }

    /// pixelmatch's sibling count of a pixel on the border: 1 plus its identical neighbours inside the image.
    private func bordered(_ image: UnsafePointer<UInt32>, _ stride: Int, row r: Int, x: Int) -> UInt32 {
        let v = image[r * stride + x]
        var n: UInt32 = 0
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
