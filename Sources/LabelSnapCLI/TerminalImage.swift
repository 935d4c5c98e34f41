import Imaging

/// A bitmap drawn in a terminal with the upper half block "▀": each character cell shows two pixels,
/// the upper one in the foreground colour and the lower one in the background colour (24-bit SGR
/// 38;2 / 48;2). Scaled to fit: enlarged by a whole number (pixels stay square, a 1-px change stays
/// visible), or reduced by averaging the pixels each cell covers. Translucent pixels are composited
/// on a light checkerboard, as in the report.
enum TerminalImage {
    /// The largest image previewed (4 Mpx, 2048×2048 px; an image is decoded whole before it is averaged
    /// down): larger files are named, to open in a viewer, so that one key press never waits seconds.
    static let maximumPixelCount = 2048 * 2048

    /// The lines to print (no trailing newline), and the scale used (`3×`, `0.42×` or `1/51×`).
    static func lines(_ bitmap: Bitmap, columns: Int, rows: Int) -> (lines: [String], scale: String) {
        guard bitmap.width > 0, bitmap.height > 0, columns > 0, rows > 0 else { return ([], "") }
        let fit = min(Double(columns) / Double(bitmap.width), Double(rows * 2) / Double(bitmap.height))
        let width: Int, height: Int, scale: String
        if fit >= 1 {
            let zoom = min(8, Int(fit))
            width = bitmap.width * zoom; height = bitmap.height * zoom; scale = "\(zoom)×"
        } else {
            width = max(1, Int(Double(bitmap.width) * fit)); height = max(1, Int(Double(bitmap.height) * fit))
            // Two decimals down to 0.1×, then a fraction: a 4096 px wide image on 80 columns is 1/51×, not 0.02×.
            scale = fit >= 0.1 ? String(format: "%.2f×", fit) : "1/\(Int((1 / fit).rounded()))×"
        }
        let pixels = resample(bitmap, width: width, height: height)
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        for y in stride(from: 0, to: height, by: 2) {
            var line = ""
            line.reserveCapacity(width * 40)
            for x in 0..<width {
                let top = pixels[y * width + x]
                let bottom = y + 1 < height ? pixels[(y + 1) * width + x] : nil
                line += "\u{1B}[38;2;\(top.r);\(top.g);\(top.b)m"
                if let bottom { line += "\u{1B}[48;2;\(bottom.r);\(bottom.g);\(bottom.b)m" } else { line += "\u{1B}[49m" }
                line += "▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return (lines, scale)
    }

    struct RGB { var r, g, b: Int }

    /// Each output pixel: the average of the source pixels it covers (box filter), composited on the
    /// checkerboard; when enlarging, the one source pixel under it.
    static func resample(_ b: Bitmap, width: Int, height: Int) -> [RGB] {
        var out = [RGB](repeating: RGB(r: 0, g: 0, b: 0), count: width * height)
        b.pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let y0 = y * b.height / height, y1 = max(y0 + 1, (y + 1) * b.height / height)
                for x in 0..<width {
                    let x0 = x * b.width / width, x1 = max(x0 + 1, (x + 1) * b.width / width)
                    let checker = ((x / 4) + (y / 4)) % 2 == 0 ? 255 : 214
                    var r = 0, g = 0, bl = 0, n = 0
                    for sy in y0..<y1 {
                        var i = (sy * b.width + x0) * 4
                        for _ in x0..<x1 {
                            let a = Int(p[i + 3])
                            r += (Int(p[i]) * a + checker * (255 - a)) / 255
                            g += (Int(p[i + 1]) * a + checker * (255 - a)) / 255
                            bl += (Int(p[i + 2]) * a + checker * (255 - a)) / 255
                            n += 1
                            i += 4
                        }
                    }
                    out[y * width + x] = RGB(r: r / n, g: g / n, b: bl / n)
                }
            }
        }
        return out
    }
}
