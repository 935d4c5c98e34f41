import Raster

/// The few fills a contact sheet needs, on raw rows (fast unoptimised too: no per-pixel closures).
extension Bitmap {
    /// Composites `image` (straight alpha) with its top-left at (`x`, `y`), clipped to the bitmap: opaque
    /// pixels are copied, transparent ones skipped, the rest blended source-over with Raster's formula.
    mutating func draw(_ image: Bitmap, x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
            .intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        var partial: [(Int, Int, Color)] = []
        let w = width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in area.y..<(area.y + area.height) {
                    var s = ((row - y) * image.width + (area.x - x)) * 4
                    var d = (row * w + area.x) * 4
                    for column in area.x..<(area.x + area.width) {
                        let a = src[s + 3]
                        if a == 255 {
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = 255
                        } else if a > 0 {
                            partial.append((column, row, Color(red: src[s], green: src[s + 1], blue: src[s + 2], alpha: a)))
                        }
                        s += 4; d += 4
                    }
                }
            }
        }
        for (px, py, color) in partial { blend(color, coverage: 255, x: px, y: py) }
    }

    /// Fills `rect` with `color` (replacing the pixels), clipped to the bitmap.
    mutating func fill(_ rect: PixelRect, color: Color) {
        let area = rect.intersection(with: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            for row in area.y..<(area.y + area.height) {
                var d = (row * w + area.x) * 4
                for _ in 0..<area.width {
                    dst[d] = color.red; dst[d + 1] = color.green; dst[d + 2] = color.blue; dst[d + 3] = color.alpha
                    d += 4
                }
            }
        }
    }

    /// The neutral checkerboard under a cell's image: `checkerSize` px squares, light at the rect's top-left.
    mutating func fillCheckerboard(_ rect: PixelRect) {
        let size = ContactSheet.checkerSize
        fill(rect, color: ContactSheet.checkerLight)
        var y = 0
        while y < rect.height {
            var x = ((y / size) % 2 == 0) ? size : 0
            while x < rect.width {
                fill(PixelRect(x: rect.x + x, y: rect.y + y, width: min(size, rect.width - x), height: min(size, rect.height - y)),
                     color: ContactSheet.checkerDark)
                x += 2 * size
            }
            y += size
        }
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

    /// A frame `plan.outlineWidth` px wide around `box`, one pixel outside it (in the gutter).
    mutating func outline(_ box: PixelRect, color: Color, plan: Plan) {
        let t = plan.outlineWidth
        let outer = PixelRect(x: box.x - 1 - t, y: box.y - 1 - t, width: box.width + 2 * (t + 1), height: box.height + 2 * (t + 1))
        fill(PixelRect(x: outer.x, y: outer.y, width: outer.width, height: t), color: color)
        fill(PixelRect(x: outer.x, y: outer.y + outer.height - t, width: outer.width, height: t), color: color)
        fill(PixelRect(x: outer.x, y: outer.y, width: t, height: outer.height), color: color)
        fill(PixelRect(x: outer.x + outer.width - t, y: outer.y, width: t, height: outer.height), color: color)
    }
}
