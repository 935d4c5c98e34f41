import Foundation
import Raster

/// Compares `actual` against `reference` (both RGBA8, straight alpha) with `options` (default `.exact`).
///
/// Images are aligned at their top-left corners and the overlap is compared; a size mismatch fails
/// and is described in `DiffResult.sizeMismatch`. Cost: a `memcmp` of the whole buffers when they are
/// identical (same size, no ignored regions), else a `memcmp` per row span, with per-pixel work
/// only on pixels whose bytes differ. Never throws, never traps on any input.
public func compare(_ reference: Bitmap, _ actual: Bitmap, _ options: ImageComparison = .exact) -> DiffResult {
    var scanner = DiffScanner(reference: reference, actual: actual, options: options, recording: false)
    return scanner.run()
}

/// What a recorded pixel turned out to be.
enum PixelKind: UInt8 {
    /// Differing, actual darker than the reference (pixelmatch's `diffColorAlt`).
    case darker = 1
    /// Differing, actual lighter than (or as bright as) the reference (pixelmatch's `diffColor`).
    case lighter = 2
    /// Failed the YIQ test but recognised as anti-aliasing.
    case antiAliased = 3
}

struct PixelEvent {
    var x: Int32
    var y: Int32
    var kind: PixelKind
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
struct DiffScanner {
    let reference: Bitmap
    let actual: Bitmap
    let options: ImageComparison
    let recording: Bool
    private(set) var events: [PixelEvent] = []

    let malformed: Bool
    let width: Int      // overlap
    let height: Int
    let ignore: IgnoreMap
    let yiqBound: Double?
    let deltaEBound: Double?
    let detectAA: Bool
    let whiteBackground: Bool

    init(reference: Bitmap, actual: Bitmap, options: ImageComparison, recording: Bool) {
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
    }

    private struct Tally {
        var differing = 0
        var antiAliased = 0
        var ignored = 0
        var maxChannel = 0
        var maxYIQ = 0.0
        var maxDE = 0.0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    }

    mutating func run() -> DiffResult {
        let refSize = PixelSize(width: reference.width, height: reference.height)
        let actSize = PixelSize(width: actual.width, height: actual.height)
        let mismatch = refSize == actSize ? nil : SizeMismatch(reference: refSize, actual: actSize)
        var tally = Tally()

        let identical: Bool = !malformed && mismatch == nil && ignore.isEmpty && reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in
                r.count == a.count && (r.count == 0 || memcmp(r.baseAddress!, a.baseAddress!, r.count) == 0)
            }
        }
        if !identical && width > 0 && height > 0 {
            scan(&tally)
        }

        let compared = width * height - tally.ignored
        let allowed = options.allowedDifferingPixels(comparedPixels: compared)
        let box: PixelRect? = tally.maxX < 0 ? nil
            : PixelRect(x: tally.minX, y: tally.minY, width: tally.maxX - tally.minX + 1, height: tally.maxY - tally.minY + 1)
        return DiffResult(
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

    private mutating func scan(_ tally: inout Tally) {
        let rw = reference.width, aw = actual.width
        let w = width, h = height
        var events: [PixelEvent] = []
        // Anti-aliasing detection asks the same "3+ identical neighbours?" of a pixel many times (each
        // differing pixel checks up to four neighbours in both images): answered once per pixel.
        let siblings = detectAA ? SiblingCache(width: w, height: h) : nil
        reference.pixels.withUnsafeBytes { rp in
            actual.pixels.withUnsafeBytes { ap in
                let rb = rp.baseAddress!, ab = ap.baseAddress!
                for y in 0..<h {
                    tally.ignored += ignore.forEachComparedSpan(row: y) { x0, x1 in
                        let ro = (y * rw + x0) * 4, ao = (y * aw + x0) * 4
                        if memcmp(rb + ro, ab + ao, (x1 - x0) * 4) == 0 { return }
                        for x in x0..<x1 {
                            let ri = (y * rw + x) * 4, ai = (y * aw + x) * 4
                            if rp.load(fromByteOffset: ri, as: UInt32.self) == ap.load(fromByteOffset: ai, as: UInt32.self) {
                                continue
                            }
                            classify(rp, ap, x: x, y: y, ri: ri, ai: ai, w: w, h: h, siblings: siblings,
                                     tally: &tally, events: &events)
                        }
                    }
                }
            }
        }
        self.events = events
    }

    @inline(__always)
    private func background(_ k: Int) -> (Double, Double, Double) {
        whiteBackground ? (255, 255, 255) : YIQ.checkerboard(byteOffset: k)
    }

    @inline(__always)
    private func classify(_ rp: UnsafeRawBufferPointer, _ ap: UnsafeRawBufferPointer,
                          x: Int, y: Int, ri: Int, ai: Int, w: Int, h: Int, siblings: SiblingCache?,
                          tally: inout Tally, events: inout [PixelEvent]) {
        let r1 = Int(rp[ri]), g1 = Int(rp[ri + 1]), b1 = Int(rp[ri + 2]), a1 = Int(rp[ri + 3])
        let r2 = Int(ap[ai]), g2 = Int(ap[ai + 1]), b2 = Int(ap[ai + 2]), a2 = Int(ap[ai + 3])
        let ch = max(max(abs(r1 - r2), abs(g1 - g2)), max(abs(b1 - b2), abs(a1 - a2)))
        if ch > tally.maxChannel { tally.maxChannel = ch }

        let translucent = a1 < 255 || a2 < 255
        let bg = translucent ? background(ri) : (255, 255, 255)
        var fails = yiqBound == nil && deltaEBound == nil
        var lumaDelta = 0.0
        var haveLuma = false
        if let bound = yiqBound {
            let d = YIQ.channelDifferences(r1, g1, b1, a1, r2, g2, b2, a2, bg)
            let (delta, dy) = YIQ.deltaFromDifferences(d.0, d.1, d.2)
            lumaDelta = dy; haveLuma = true
            if delta > tally.maxYIQ { tally.maxYIQ = delta }
            if delta > bound { fails = true }
        }
        if let bound = deltaEBound {
            let e = deltaE94(Color(red: UInt8(r1), green: UInt8(g1), blue: UInt8(b1), alpha: UInt8(a1)),
                             Color(red: UInt8(r2), green: UInt8(g2), blue: UInt8(b2), alpha: UInt8(a2)),
                             background: bg)
            if e > tally.maxDE { tally.maxDE = e }
            if e > bound { fails = true }
        }
        guard fails else { return }

        if detectAA, let siblings {
            let rs = reference.width, as_ = actual.width
            let ref = Image(bytes: rp, stride: rs, siblings: siblings.reference)
            let act = Image(bytes: ap, stride: as_, siblings: siblings.actual)
            if antialiased(ref, other: act, x: x, y: y, w: w, h: h, k: ri)
                || antialiased(act, other: ref, x: x, y: y, w: w, h: h, k: ri) {
                tally.antiAliased += 1
                if recording { events.append(PixelEvent(x: Int32(x), y: Int32(y), kind: .antiAliased)) }
                return
            }
        }
        tally.differing += 1
        if x < tally.minX { tally.minX = x }
        if x > tally.maxX { tally.maxX = x }
        if y < tally.minY { tally.minY = y }
        if y > tally.maxY { tally.maxY = y }
        if recording {
            if !haveLuma {
                let d = YIQ.channelDifferences(r1, g1, b1, a1, r2, g2, b2, a2, bg)
                lumaDelta = YIQ.lumaFromDifferences(d.0, d.1, d.2)
            }
            // lumaDelta = Y(reference) − Y(actual): positive when the actual pixel is darker (pixelmatch's
            // negative colour delta), zero or negative when it is as bright or lighter.
            events.append(PixelEvent(x: Int32(x), y: Int32(y), kind: lumaDelta > 0 ? .darker : .lighter))
        }
    }

    /// Vyšniauskas (2009) anti-aliased pixel detector, as pixelmatch applies it: the pixel at (x, y) of
    /// `img` is anti-aliasing when at most two of its 8 neighbours share its brightness, it has both a
    /// darker and a brighter neighbour, and the darkest or the brightest of those has 3+ identical
    /// neighbours in both images (it sits in a flat area, so (x, y) is the ramp between two flat areas).
    /// Neighbours are visited column by column (x outer, y inner) so ties resolve as in pixelmatch.
    private func antialiased(_ image: Image, other: Image, x: Int, y: Int, w: Int, h: Int, k: Int) -> Bool {
        let img = image.bytes, stride = image.stride
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, w - 1), y2 = min(y + 1, h - 1)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        let c = (y * stride + x) * 4
        let cv = img.load(fromByteOffset: c, as: UInt32.self)
        // Identical neighbours are zero deltas: when they alone reach three, the answer is "no" before any
        // colour arithmetic (the loop below would return the same at its third zero).
        var identical = zeroes
        for ny in y0...y2 {
            let row = ny * stride
            for nx in x0...x2 where img.load(fromByteOffset: (row + nx) * 4, as: UInt32.self) == cv {
                identical += 1   // the centre itself counts once here: hence "> 3"
            }
        }
        if identical > 3 { return false }
        let r1 = Int(img[c]), g1 = Int(img[c + 1]), b1 = Int(img[c + 2]), a1 = Int(img[c + 3])
        for nx in x0...x2 {
            for ny in y0...y2 {
                if nx == x && ny == y { continue }
                let n = (ny * stride + nx) * 4
                var delta = 0.0
                if img.load(fromByteOffset: n, as: UInt32.self) != cv {
                    let r2 = Int(img[n]), g2 = Int(img[n + 1]), b2 = Int(img[n + 2]), a2 = Int(img[n + 3])
                    let bg = (a1 < 255 || a2 < 255) ? background(k) : (255, 255, 255)
                    let d = YIQ.channelDifferences(r1, g1, b1, a1, r2, g2, b2, a2, bg)
                    delta = YIQ.lumaFromDifferences(d.0, d.1, d.2)
                }
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = nx; minY = ny
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = nx; maxY = ny
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (image.hasManySiblings(x: minX, y: minY, w: w, h: h) && other.hasManySiblings(x: minX, y: minY, w: w, h: h))
            || (image.hasManySiblings(x: maxX, y: maxY, w: w, h: h) && other.hasManySiblings(x: maxX, y: maxY, w: w, h: h))
    }
}

/// One image of a comparison for anti-aliasing detection: its bytes, row stride (px) and sibling answers.
struct Image {
    let bytes: UnsafeRawBufferPointer
    let stride: Int
    /// Per overlap pixel (y·w + x): 0 not asked yet, 1 no, 2 yes; nil when it could not be allocated.
    let siblings: UnsafeMutablePointer<UInt8>?

    /// True when the pixel at (x, y) has 3+ neighbours with identical RGBA (a border counts as one).
    @inline(__always)
    func hasManySiblings(x: Int, y: Int, w: Int, h: Int) -> Bool {
        guard let siblings else { return countSiblings(x: x, y: y, w: w, h: h) }
        let cached = siblings[y * w + x]
        if cached != 0 { return cached == 2 }
        let answer = countSiblings(x: x, y: y, w: w, h: h)
        siblings[y * w + x] = answer ? 2 : 1
        return answer
    }

    private func countSiblings(x: Int, y: Int, w: Int, h: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, w - 1), y2 = min(y + 1, h - 1)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        let v = bytes.load(fromByteOffset: (y * stride + x) * 4, as: UInt32.self)
        for nx in x0...x2 {
            for ny in y0...y2 {
                if nx == x && ny == y { continue }
                if bytes.load(fromByteOffset: (ny * stride + nx) * 4, as: UInt32.self) == v {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}

/// The sibling answers of both images, zero-filled by calloc (pages only touched where asked).
final class SiblingCache {
    let reference: UnsafeMutablePointer<UInt8>?
    let actual: UnsafeMutablePointer<UInt8>?

    init(width: Int, height: Int) {
        let count = max(1, width * height)
        reference = calloc(count, 1)?.assumingMemoryBound(to: UInt8.self)
        actual = calloc(count, 1)?.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        free(reference)
        free(actual)
    }
}
