import Imaging

/// The few fills a contact sheet needs, on raw rows: whole runs of pixels are copied with `memcpy`-like bulk
/// operations, so a sheet of tens of megapixels draws fast in a debug build too (no per-pixel stores or closures).
extension Bitmap {
    /// Composites `image` (straight alpha) with its top-left at (`x`, `y`), clipped to the bitmap: runs of opaque
    /// pixels are copied, transparent ones skipped, the rest blended source-over with Raster's formula.
    package mutating func draw(_ image: Bitmap, x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
            .intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        var partial: [(Int, Int, Color)] = []
        let w = width, n = area.width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                for row in area.y..<(area.y + area.height) {
                    let s = from + ((row - y) * image.width + (area.x - x)) * 4
                    let d = to + (row * w + area.x) * 4
                    var i = 0
                    while i < n {
                        var end = i
                        while end < n && s[end * 4 + 3] == 255 { end += 1 }
                        if end > i { (d + i * 4).update(from: s + i * 4, count: (end - i) * 4) }
                        i = end
                        while i < n && s[i * 4 + 3] != 255 {
                            let a = s[i * 4 + 3]
                            if a > 0 { partial.append((area.x + i, row, Color(red: s[i * 4], green: s[i * 4 + 1], blue: s[i * 4 + 2], alpha: a))) }
                            i += 1
                        }
                    }
                }
            }
        }
        for (px, py, color) in partial { blend(color, coverage: 255, x: px, y: py) }
    }

    /// Writes `pattern` (one row of RGBA, `area.width` px) into every row of `area` (already clipped), choosing the
    /// row's pattern with `which(row)`.
    private mutating func copyRows(_ area: PixelRect, _ patterns: [[UInt8]], which: (Int) -> Int) {
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            guard let to = dst.baseAddress else { return }
            for row in area.y..<(area.y + area.height) {
                patterns[which(row)].withUnsafeBufferPointer { p in
                    if let base = p.baseAddress { (to + (row * w + area.x) * 4).update(from: base, count: p.count) }
                }
            }
        }
    }

    /// `count` pixels repeating `period` (RGBA, whole pixels) from its pixel `offset` on: one period written,
    /// then doubled by bulk copies (each copy a whole number of periods, so the phase holds).
    private static func tiled(_ period: [Color], from offset: Int, count: Int) -> [UInt8] {
        var row = [UInt8](repeating: 0, count: count * 4)
        row.withUnsafeMutableBufferPointer { r in
            guard let base = r.baseAddress else { return }
            let first = min(count, period.count)
            for i in 0..<first {
                let c = period[(offset + i) % period.count]
                base[i * 4] = c.red; base[i * 4 + 1] = c.green; base[i * 4 + 2] = c.blue; base[i * 4 + 3] = c.alpha
            }
            var filled = first * 4
            while filled < r.count {
                let part = min(filled, r.count - filled)
                (base + filled).update(from: base, count: part)
                filled += part
            }
        }
        return row
    }

    /// Fills `rect` with `color` (replacing the pixels), clipped to the bitmap.
    mutating func fill(_ rect: PixelRect, color: Color) {
        let area = rect.intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        copyRows(area, [Self.tiled([color], from: 0, count: area.width)]) { _ in 0 }
    }

    /// The neutral checkerboard under a cell's image: `checkerSize` px squares, light at the rect's top-left.
    mutating func fillCheckerboard(_ rect: PixelRect) {
        let area = rect.intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        let size = ContactSheet.checkerSize
        let light = Array(repeating: ContactSheet.checkerLight, count: size), dark = Array(repeating: ContactSheet.checkerDark, count: size)
        // Bands of `size` rows from the rect's top: light square first, then dark first.
        let patterns = [light + dark, dark + light].map { Self.tiled($0, from: area.x - rect.x, count: area.width) }
        copyRows(area, patterns) { row in ((row - rect.y) / size) % 2 }
    }

    /// Diagonal grey hatching over `rect`: a cell without an image.
    mutating func hatch(_ rect: PixelRect) {
        let area = rect.intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        let c = ContactSheet.hatchColor, w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            for row in area.y..<(area.y + area.height) {
                for column in area.x..<(area.x + area.width) where (column - rect.x + row - rect.y) % 8 < 2 {
                    let d = (row * w + column) * 4
                    dst[d] = c.red; dst[d + 1] = c.green; dst[d + 2] = c.blue; dst[d + 3] = 255
                }
            }
        }
    }

    /// A frame `t` px wide around `box`, one pixel outside it (in the gutter).
    mutating func outline(_ box: PixelRect, color: Color, width t: Int) {
        let outer = PixelRect(x: box.x - 1 - t, y: box.y - 1 - t, width: box.width + 2 * (t + 1), height: box.height + 2 * (t + 1))
        fill(PixelRect(x: outer.x, y: outer.y, width: outer.width, height: t), color: color)
        fill(PixelRect(x: outer.x, y: outer.y + outer.height - t, width: outer.width, height: t), color: color)
        fill(PixelRect(x: outer.x, y: outer.y, width: t, height: outer.height), color: color)
        fill(PixelRect(x: outer.x + outer.width - t, y: outer.y, width: t, height: outer.height), color: color)
    }
}
