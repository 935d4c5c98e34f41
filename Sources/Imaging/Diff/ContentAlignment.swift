
/// Where the reference's content sits inside an actual image of another size: a larger top
/// inset moves the content down and grows the top edge, not the bottom one. Found by trying every
/// placement of the reference inside the actual image (or of the actual inside the reference when it
/// shrank) and keeping the one whose overlap has the fewest differing pixels.
package struct ContentAlignment: Hashable, Sendable, CustomStringConvertible {
    package var reference: PixelSize
    package var actual: PixelSize
    /// The reference's top-left corner in the actual image's coordinates (px; negative when the
    /// actual image lost columns or rows on that side).
    package var dx: Int, dy: Int
    /// Pixels of the aligned overlap that differ (exact RGBA), and how many were compared.
    package var differingPixels: Int
    package var comparedPixels: Int

    /// px each edge moved outward (> 0 grew, < 0 shrank).
    package var left: Int { dx }
    package var top: Int { dy }
    package var right: Int { actual.width - reference.width - dx }
    package var bottom: Int { actual.height - reference.height - dy }

    /// `left +4 px, right +4 px; content otherwise identical` or `top +6 px; 12 of 27864 aligned px differ`.
    package var description: String {
        let edges = [("left", left), ("top", top), ("right", right), ("bottom", bottom)]
            .filter { $0.1 != 0 }.map { "\($0.0) \($0.1 > 0 ? "+" : "−")\(abs($0.1)) px" }
        let moved = edges.isEmpty ? "no edge moved" : edges.joined(separator: ", ")
        let content = differingPixels == 0 ? "content otherwise identical"
            : "\(differingPixels) of \(comparedPixels) aligned px differ"
        return moved + "; " + content
    }

    /// The best placement, trying offsets up to `maximumShift` px beyond what the size change allows
    /// (capped so that at most 65 × 65 placements are tried). Reference pixels a placement leaves outside
    /// the overlap count as differing. Large overlaps are sampled for the
    /// search (every k-th pixel, at most about 4 million samples in all) and the winner is counted exactly.
    /// Ties go to the placement closest to the top-left corner (the old reading).
    package static func find(_ reference: Bitmap, _ actual: Bitmap, maximumShift: Int = 16) -> ContentAlignment {
        let dw = actual.width - reference.width, dh = actual.height - reference.height
        let xs = candidates(dw, maximumShift), ys = candidates(dh, maximumShift)
        let overlap = max(1, min(reference.width, actual.width) * min(reference.height, actual.height))
        let step = max(1, Int((Double(overlap * xs.count * ys.count) / 4_000_000).squareRoot().rounded(.up)))
        var best = (dx: 0, dy: 0, count: Int.max)
        for dy in ys {
            for dx in xs {
                // Reference pixels left outside the overlap count as differing: a placement cannot win
                // by comparing less.
                let outside = (reference.width * reference.height - overlapArea(reference, actual, dx, dy)) / (step * step)
                let (sampled, _) = differing(reference, actual, dx, dy, step: step, stopAbove: best.count - outside)
                let count = sampled >= Int.max - 1 ? Int.max - 1 : sampled + outside
                if count < best.count || (count == best.count && abs(dx) + abs(dy) < abs(best.dx) + abs(best.dy)) {
                    best = (dx, dy, count)
                }
            }
        }
        let (count, compared) = differing(reference, actual, best.dx, best.dy, step: 1, stopAbove: Int.max)
        return ContentAlignment(reference: PixelSize(width: reference.width, height: reference.height),
                                actual: PixelSize(width: actual.width, height: actual.height),
                                dx: best.dx, dy: best.dy, differingPixels: count, comparedPixels: compared)
    }

    /// The reference drawn at (`dx`, `dy`) on a transparent canvas of the actual image's size: compared
    /// with the actual image (`makeDiffImages`), the diff shows the aligned content and the new margins.
    /// - Throws: `RasterError` from `Bitmap` when the canvas is too large.
    package func alignedReference(_ reference: Bitmap) throws -> Bitmap {
        var canvas = try Bitmap(width: actual.width, height: actual.height)
        let x0 = max(0, -dx), x1 = min(reference.width, actual.width - dx)
        guard x1 > x0 else { return canvas }
        let rowBytes = (x1 - x0) * 4
        canvas.pixels.withUnsafeMutableBufferPointer { out in
            reference.pixels.withUnsafeBufferPointer { src in
                for y in max(0, -dy)..<max(max(0, -dy), min(reference.height, actual.height - dy)) {
                    let from = (y * reference.width + x0) * 4, to = ((y + dy) * actual.width + x0 + dx) * 4
                    (out.baseAddress! + to).update(from: src.baseAddress! + from, count: rowBytes)
                }
            }
        }
        return canvas
    }

    static func overlapArea(_ reference: Bitmap, _ actual: Bitmap, _ dx: Int, _ dy: Int) -> Int {
        let w = min(reference.width, actual.width - dx) - max(0, -dx), h = min(reference.height, actual.height - dy) - max(0, -dy)
        return max(0, w) * max(0, h)
    }

    /// Offsets between no move and the whole size change, plus `extra` each way, at most 65.
    static func candidates(_ change: Int, _ extra: Int) -> [Int] {
        var low = min(0, change) - extra, high = max(0, change) + extra
        while high - low + 1 > 65 { if abs(low) > abs(high) { low += 1 } else { high -= 1 } }
        return Array(low...high)
    }

    /// Differing pixels (every `step`-th row and column) of the overlap with the reference at (dx, dy);
    /// stops counting once above `stopAbove`. Returns (differing, compared).
    static func differing(_ reference: Bitmap, _ actual: Bitmap, _ dx: Int, _ dy: Int, step: Int, stopAbove: Int) -> (Int, Int) {
        let x0 = max(0, -dx), x1 = min(reference.width, actual.width - dx)
        let y0 = max(0, -dy), y1 = min(reference.height, actual.height - dy)
        guard x1 > x0, y1 > y0 else { return (Int.max - 1, 0) }
        var count = 0, compared = 0
        reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in
                let rp = r.bindMemory(to: UInt32.self), ap = a.bindMemory(to: UInt32.self)
                var y = y0
                while y < y1 {
                    let rRow = y * reference.width, aRow = (y + dy) * actual.width + dx
                    var x = x0
                    while x < x1 {
                        if visibleWord(rp[rRow + x]) != visibleWord(ap[aRow + x]) { count += 1 }
                        compared += 1
                        x += step
                    }
                    if count > stopAbove { return }
                    y += step
                }
            }
        }
        return (count, compared)
    }
}
