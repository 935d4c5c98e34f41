import CImaging
import Foundation

/// Compares `actual` against `reference` (both RGBA8, straight alpha) with `options` (default `.exact`).
///
/// Images are aligned at their top-left corners and the overlap is compared; a size mismatch fails
/// and is described in `ImageDifference.sizeMismatch`. Cost: a `memcmp` of the whole buffers when they are
/// identical (same size, no ignored regions), else a `memcmp` per row span, with per-pixel work
/// only on pixels whose bytes differ. Never throws, never traps on any input.
package func compare(_ reference: Bitmap, _ actual: Bitmap, _ options: ImageComparison = .exact) -> ImageDifference {
    options.compare(reference, actual)
}

extension ImageComparison {
    /// Compares `actual` against `reference` (both RGBA8, straight alpha) with these options, as a snapshot
    /// assertion does, for bitmaps compared outside a test: `ImageComparison.pixelmatch().compare(before, after)`.
    ///
    /// Images are aligned at their top-left corners and the overlap is compared; a size mismatch fails (see
    /// `ImageDifference.sizesMatch`). Never throws and never traps: options outside their ranges are clamped.
    /// - Parameters:
    ///   - reference: the expected image.
    ///   - actual: the image to check.
    /// - Returns: whether the images match under these options, and the counts (pixelmatch's, with a `threshold`).
    public func compare(_ reference: Bitmap, _ actual: Bitmap) -> ImageDifference {
        var scanner = DiffScanner(reference: reference, actual: actual, options: self, recording: false)
        return scanner.run()
    }
}

/// Runs `body` with `CDiffKernels`' portable C kernels instead of the AVX2 ones (which give the same bits), so
/// that tests cover both on an AVX2 machine. Not for concurrent use: the choice is process-wide.
func withPortableKernels<T>(_ body: () throws -> T) rethrows -> T {
    let previous = lsd_set_vector_kernels(0)
    defer { _ = lsd_set_vector_kernels(previous) }
    return try body()
}

/// What a recorded pixel turned out to be (0 in the kinds plane: not differing).
enum PixelKind: UInt8 {
    /// Differing, actual darker than the reference (pixelmatch's `diffColorAlt`).
    case darker = 1
    /// Differing, actual lighter than (or as bright as) the reference (pixelmatch's `diffColor`).
    case lighter = 2
    /// Failed the YIQ test but recognised as anti-aliasing.
    case antiAliased = 3
}

/// The overlap's row spans outside the ignored regions.
struct IgnoreMap {
    let width: Int
    let rects: [PixelRect]   // clipped to the overlap, non-empty

    init(ignoring: [PixelRect], width: Int, height: Int) {
        self.width = width
        let area = PixelRect(x: 0, y: 0, width: width, height: height)
        rects = ignoring.map { $0.intersection(with: area) }.filter { !$0.isEmpty }
    }

    var isEmpty: Bool { rects.isEmpty }

    /// Calls `body(x0, x1)` for each compared span `[x0, x1)` of row `y`; returns the ignored pixel count.
    @inline(__always)
    func forEachComparedSpan(row y: Int, _ body: (Int, Int) -> Void) -> Int {
        if rects.isEmpty {
            if width > 0 { body(0, width) }
            return 0
        }
        var spans: [(Int, Int)] = []
        for r in rects where y >= r.y && y < r.y + r.height { spans.append((r.x, r.x + r.width)) }
        if spans.isEmpty {
            if width > 0 { body(0, width) }
            return 0
        }
        spans.sort { $0.0 < $1.0 }
        var ignored = 0
        var cursor = 0
        var i = 0
        while i < spans.count {
            var (s, e) = spans[i]
            i += 1
            while i < spans.count && spans[i].0 <= e { e = max(e, spans[i].1); i += 1 }
            if s > cursor { body(cursor, s) }
            s = max(s, cursor)
            ignored += e - s
            cursor = e
        }
        if cursor < width { body(cursor, width) }
        return ignored
    }
}

/// One pass over the overlap that classifies every pixel whose bytes differ.
///
/// Pixels are read as little-endian `UInt32` words (R in the low byte); rows are skipped with `memcmp`
/// in blocks, so equal stretches cost no per-pixel work, also in unoptimised (debug) builds.
struct DiffScanner {
    let reference: Bitmap
    let actual: Bitmap
    let options: ImageComparison
    let recording: Bool

    let malformed: Bool
    let width: Int      // overlap
    let height: Int
    let ignore: IgnoreMap
    let yiqBound: Double?
    let deltaEBound: Double?
    let detectAA: Bool
    let whiteBackground: Bool
    /// When recording: each overlap pixel's `PixelKind` (y·width + x).
    var planes: KindPlane?

    /// Row bands scanned at once (`bandCount` unless given; tests compare 1 with several).
    let bands: Int

    init(reference: Bitmap, actual: Bitmap, options: ImageComparison, recording: Bool, bands: Int? = nil) {
        self.reference = reference
        self.actual = actual
        self.options = options
        self.recording = recording
        // `Bitmap.pixels` is mutable: a buffer of the wrong length is compared as empty (and fails)
        // rather than read out of bounds.
        malformed = reference.pixels.count != reference.width * reference.height * 4
            || actual.pixels.count != actual.width * actual.height * 4
        width = malformed ? 0 : min(reference.width, actual.width)
        height = malformed ? 0 : min(reference.height, actual.height)
        ignore = IgnoreMap(ignoring: options.ignoring, width: width, height: height)
        yiqBound = options.maxYIQDelta
        deltaEBound = options.maxDeltaE
        detectAA = options.threshold != nil && !options.includeAA
        whiteBackground = options.alphaBackground == .white
        self.bands = max(1, min(bands ?? Self.bandCount(width: width, height: height), max(1, height)))
    }

    /// The kind of overlap pixel (x, y) after `run()` with `recording`: nil when it does not differ.
    func kind(x: Int, y: Int) -> PixelKind? {
        guard let kinds = planes?.kinds else { return nil }
        return PixelKind(rawValue: kinds[y * width + x])
    }

    struct Tally {
        var differing = 0
        var antiAliased = 0
        var ignored = 0
        var maxChannel = 0
        var maxYIQ = 0.0
        var maxDE = 0.0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

        /// Counts the differing pixels x0 + i of row y with bit i of `mask`.
        @inline(__always)
        mutating func count(_ mask: UInt64, from x0: Int, row y: Int) {
            guard mask != 0 else { return }
            differing &+= mask.nonzeroBitCount
            minX = min(minX, x0 &+ mask.trailingZeroBitCount)
            maxX = max(maxX, x0 &+ 63 &- mask.leadingZeroBitCount)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }

        /// Adds another band's tally (order-independent: sums, minima, maxima).
        mutating func merge(_ o: Tally) {
            differing += o.differing
            antiAliased += o.antiAliased
            ignored += o.ignored
            maxChannel = max(maxChannel, o.maxChannel)
            maxYIQ = max(maxYIQ, o.maxYIQ)
            maxDE = max(maxDE, o.maxDE)
            minX = min(minX, o.minX); minY = min(minY, o.minY)
            maxX = max(maxX, o.maxX); maxY = max(maxY, o.maxY)
        }
    }

    mutating func run() -> ImageDifference {
        let refSize = PixelSize(width: reference.width, height: reference.height)
        let actSize = PixelSize(width: actual.width, height: actual.height)
        let mismatch = refSize == actSize ? nil : SizeMismatch(reference: refSize, actual: actSize)
        var tally = Tally()

        let identical: Bool = !malformed && mismatch == nil && ignore.isEmpty && reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in
                r.count == a.count && (r.count == 0 || memcmp(r.baseAddress!, a.baseAddress!, r.count) == 0)
            }
        }
        if recording { planes = KindPlane(width: width, height: height) }
        if !identical && width > 0 && height > 0 {
            scan(&tally)
        }

        let compared = width * height - tally.ignored
        let allowed = options.allowedDifferingPixels(comparedPixels: compared)
        let box: PixelRect? = tally.maxX < 0 ? nil
            : PixelRect(x: tally.minX, y: tally.minY, width: tally.maxX - tally.minX + 1, height: tally.maxY - tally.minY + 1)
        return ImageDifference(
            passed: !malformed && mismatch == nil && tally.differing <= allowed,
            comparison: options,
            referenceSize: refSize, actualSize: actSize, sizeMismatch: mismatch,
            comparedPixelCount: compared, ignoredPixelCount: tally.ignored,
            differingPixelCount: tally.differing, antiAliasedPixelCount: tally.antiAliased,
            allowedDifferingPixels: allowed, maxChannelDelta: tally.maxChannel,
            maxYIQDelta: yiqBound == nil ? nil : tally.maxYIQ,
            maxDeltaE: deltaEBound == nil ? nil : tally.maxDE,
            boundingBox: box)
    }

    /// How many row bands to scan at once: one per core (at most 4) for overlaps of 2¹⁸ px and more, where
    /// a thread costs far less than the scan; one otherwise.
    static func bandCount(width: Int, height: Int) -> Int {
        guard width * height >= 1 << 18 else { return 1 }
        return max(1, min(4, ProcessInfo.processInfo.activeProcessorCount, height / 64))
    }

    /// Scans the overlap, split into row bands on their own threads when large (`bandCount`). Each band has
    /// its own tally and anti-aliasing rows (a band's neighbourhood reads may cross into the next band's
    /// rows, which nobody writes); kinds are written per pixel, in disjoint rows. Tallies merge by sums,
    /// minima and maxima, so the result is the serial scan's, whatever the timing.
    private func scan(_ tally: inout Tally) {
        reference.pixels.withUnsafeBufferPointer { rbytes in
            actual.pixels.withUnsafeBufferPointer { abytes in
                rbytes.withMemoryRebound(to: UInt32.self) { r32 in
                    abytes.withMemoryRebound(to: UInt32.self) { a32 in
                        let rp = r32.baseAddress!, ap = a32.baseAddress!
                        if bands == 1 {
                            scanRows(0..<height, rp, ap, &tally)
                            return
                        }
                        let job = BandJob(scanner: self, reference: rp, actual: ap, bands: bands)
                        DispatchQueue.concurrentPerform(iterations: bands) { job.run(band: $0) }
                        for part in job.tallies { tally.merge(part) }
                    }
                }
            }
        }
    }

    /// One band's share of `scan`, on whichever thread runs it. Unchecked: the images are only read, band i
    /// writes only `tallies[i]` and the kinds of its own rows, and `scan` waits for every band.
    private final class BandJob: @unchecked Sendable {
        let scanner: DiffScanner
        let reference: UnsafePointer<UInt32>
        let actual: UnsafePointer<UInt32>
        let bands: Int
        let tallies: UnsafeMutableBufferPointer<Tally>

        init(scanner: DiffScanner, reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, bands: Int) {
            self.scanner = scanner
            self.reference = reference
            self.actual = actual
            self.bands = bands
            tallies = .allocate(capacity: bands)
            _ = tallies.initialize(from: repeatElement(Tally(), count: bands))
        }

        deinit { tallies.deallocate() }

        func run(band i: Int) {
            let h = scanner.height
            var tally = Tally()
            scanner.scanRows((h * i / bands)..<(h * (i + 1) / bands), reference, actual, &tally)
            tallies[i] = tally
        }
    }

    func scanRows(_ rows: Range<Int>, _ rp: UnsafePointer<UInt32>, _ ap: UnsafePointer<UInt32>, _ tally: inout Tally) {
        let rw = reference.width, aw = actual.width
        let kinds = planes?.kinds
        let aa: AntiAliasing? = detectAA
            ? AntiAliasing(reference: rp, actual: ap, referenceStride: rw, actualStride: aw,
                           width: width, height: height, whiteBackground: whiteBackground)
            : nil
        // The YIQ test alone (pixelmatch's options) takes the staged block scan, the exact comparison a kernel's
        // bit mask when no marks are drawn; ΔE94 and the exact marks (darker or lighter) the per-pixel scan.
        let staged = yiqBound != nil && deltaEBound == nil
        let exactMasks = yiqBound == nil && deltaEBound == nil && kinds == nil
        var y = rows.lowerBound
        while y < rows.upperBound {
            let rrow = rp + y * rw, arow = ap + y * aw
            tally.ignored += ignore.forEachComparedSpan(row: y) { x0, x1 in
                if memcmp(rrow + x0, arow + x0, (x1 - x0) * 4) == 0 { return }
                var start = x0
                while start < x1 {
                    let end = start + Self.block < x1 ? start + Self.block : x1
                    if memcmp(rrow + start, arow + start, (end - start) * 4) != 0 {
                        if staged {
                            scanBlock(rrow, arow, start, end, y: y, aa: aa, kinds: kinds, tally: &tally)
                        } else if exactMasks {
                            var maxChannel = Int32(tally.maxChannel)
                            tally.count(lsd_differing(rrow, arow, start, end, &maxChannel), from: start, row: y)
                            tally.maxChannel = Int(maxChannel)
                        } else {
                            aa?.prepare(row: y, from: start, to: end)
                            var x = start
                            while x < end {
                                let p = visibleWord(rrow[x]), q = visibleWord(arow[x])
                                if p != q {
                                    classify(p, q, x: x, y: y, aa: aa, kinds: kinds, tally: &tally)
                                }
                                x += 1
                            }
                        }
                    }
                    start = end
                }
            }
            y += 1
        }
    }
}

/// A pixel's word as compared: a fully transparent pixel (alpha 0) shows nothing whatever its RGB, which
/// `oxipng --alpha`, pngquant and image editors rewrite, so it is read as 0 in every mode (and in
/// `CDiffKernels`' `visible`); its RGB takes no part in the channel delta either.
@inline(__always)
func visibleWord(_ w: UInt32) -> UInt32 { w >> 24 == 0 ? 0 : w }
