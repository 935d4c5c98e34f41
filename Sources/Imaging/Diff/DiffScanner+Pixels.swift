import CImaging
import Foundation

/// The per-pixel decisions of a scan: a block of pixels at once through the C kernels, single pixels by `classify`.
extension DiffScanner {
    /// Pixels compared per `memcmp` before single pixels are looked at (and at most 64: `scanBlock`'s bit masks).
    static let block = 64

    /// `classify` for the pixels x0 ..< x1 of row y in two stages, each a `CDiffKernels` kernel over the whole
    /// block without branches on the data: the YIQ test of the differing opaque pairs (`lsd_yiq`), then the
    /// anti-aliasing test of the failing ones (`lsd_antialiased`); both answer in bit masks. Text edges make each
    /// per-pixel decision a coin toss, which per-pixel branches paid for in mispredictions. Translucent pairs,
    /// and failing pixels on the image's border or with a translucent neighbour, take `classify` and
    /// `isAntiAliased`. Same tally and marks as `classify`.
    func scanBlock(_ rrow: UnsafePointer<UInt32>, _ arow: UnsafePointer<UInt32>, _ x0: Int, _ x1: Int, y: Int,
                           aa: AntiAliasing?, kinds: UnsafeMutablePointer<UInt8>?, tally: inout Tally) {
        var found = lsd_yiq_block()
        var maxChannel = Int32(tally.maxChannel)
        lsd_yiq(rrow, arow, x0, x1, yiqBound ?? 0, &found, &maxChannel, &tally.maxYIQ)
        tally.maxChannel = Int(maxChannel)
        var counted = found.failing, antiAliased: UInt64 = 0, stepwise = found.translucent
        if let aa, found.failing | found.translucent != 0 {
            aa.prepare(row: y, from: x0, to: x1)
            if found.failing != 0 {
                var undecided: UInt64 = 0
                antiAliased = aa.antiAliased(found.failing, from: x0, row: y, undecided: &undecided)
                counted = found.failing & ~antiAliased & ~undecided
                stepwise |= undecided
            }
        }
        tally.count(counted, from: x0, row: y)
        tally.antiAliased &+= antiAliased.nonzeroBitCount
        if let kinds {
            let row = kinds + (y &* width &+ x0)
            var marks = counted | antiAliased
            while marks != 0 {
                let i = marks.trailingZeroBitCount
                marks &= marks &- 1
                let bit: UInt64 = 1 << UInt64(i)
                row[i] = antiAliased & bit != 0 ? PixelKind.antiAliased.rawValue
                    : found.darker & bit != 0 ? PixelKind.darker.rawValue : PixelKind.lighter.rawValue
            }
        }
        while stepwise != 0 {
            let x = x0 &+ stepwise.trailingZeroBitCount
            stepwise &= stepwise &- 1
            classify(rrow[x], arow[x], x: x, y: y, aa: aa, kinds: kinds, tally: &tally)
        }
    }

    @inline(__always)
    func background(_ k: Int) -> (Double, Double, Double) {
        whiteBackground ? (255, 255, 255) : YIQ.checkerboard(byteOffset: k)
    }

    /// Classifies one pixel whose words `p` (reference) and `q` (actual) differ; two fully transparent
    /// ones are equal (`visibleWord`).
    func classify(_ p: UInt32, _ q: UInt32, x: Int, y: Int, aa: AntiAliasing?,
                          kinds: UnsafeMutablePointer<UInt8>?, tally: inout Tally) {
        let p = visibleWord(p), q = visibleWord(q)
        if p == q { return }
        let r1 = Int(p & 0xFF), g1 = Int((p >> 8) & 0xFF), b1 = Int((p >> 16) & 0xFF), a1 = Int(p >> 24)
        let r2 = Int(q & 0xFF), g2 = Int((q >> 8) & 0xFF), b2 = Int((q >> 16) & 0xFF), a2 = Int(q >> 24)
        var ch = r1 > r2 ? r1 - r2 : r2 - r1
        let dg = g1 > g2 ? g1 - g2 : g2 - g1, db = b1 > b2 ? b1 - b2 : b2 - b1, da = a1 > a2 ? a1 - a2 : a2 - a1
        if dg > ch { ch = dg }
        if db > ch { ch = db }
        if da > ch { ch = da }
        if ch > tally.maxChannel { tally.maxChannel = ch }

        // pixelmatch's position for the checkerboard: the reference's byte offset.
        let k = (y * reference.width + x) * 4
        let bg = (a1 < 255 || a2 < 255) ? background(k) : (255, 255, 255)
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

        if let aa, aa.isAntiAliased(x: x, y: y) {
            tally.antiAliased += 1
            if let kinds { kinds[y * width + x] = PixelKind.antiAliased.rawValue }
            return
        }
        tally.differing += 1
        if x < tally.minX { tally.minX = x }
        if x > tally.maxX { tally.maxX = x }
        if y < tally.minY { tally.minY = y }
        if y > tally.maxY { tally.maxY = y }
        if let kinds {
            if !haveLuma {
                let d = YIQ.channelDifferences(r1, g1, b1, a1, r2, g2, b2, a2, bg)
                lumaDelta = YIQ.lumaFromDifferences(d.0, d.1, d.2)
            }
            // lumaDelta = Y(reference) − Y(actual): positive when the actual pixel is darker (pixelmatch's
            // negative colour delta), zero or negative when it is as bright or lighter.
            kinds[y * width + x] = (lumaDelta > 0 ? PixelKind.darker : PixelKind.lighter).rawValue
        }
    }
}
