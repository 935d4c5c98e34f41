import Foundation
import Imaging

/// Attachments (`TextLayout.PlacedAttachment`): the image resampled to its pixel size, then composited
/// source-over at its top-left pixel (positions rounded to whole pixels, as an image view at integral frames).
enum AttachmentDrawing {
    struct Placed {
        let image: Bitmap
        let left, top: Int
    }

    /// The layout's attachments at their pixel size and place; none that is empty or far outside the bitmap.
    static func place(_ layout: TextLayout) throws -> [Placed] {
        let reach = Double(PaddedLabel.maximumPixelDimension)
        var out: [Placed] = []
        for a in layout.attachments where a.x.isFinite && a.y.isFinite && abs(a.x) < reach && abs(a.y) < reach {
            // The size checked as a Double before Int(): a width beyond Int's range (or NaN) trapped.
            guard (1...4096).contains(a.width.rounded()), (1...4096).contains(a.height.rounded()),
                  a.image.width > 0, a.image.height > 0 else { continue }
            let w = Int(a.width.rounded()), h = Int(a.height.rounded())
            out.append(Placed(image: try resampled(a.image, width: w, height: h), left: Int(a.x.rounded()), top: Int(a.y.rounded())))
        }
        return out
    }

    /// Bilinear resampling on premultiplied alpha, sampling at pixel centres; the image itself when the size is equal.
    static func resampled(_ image: Bitmap, width: Int, height: Int) throws -> Bitmap {
        if image.width == width, image.height == height { return image }
        var out = try Bitmap(width: width, height: height)
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        let src = image.pixels
        func texel(_ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
            let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 4
            let a = Double(src[i + 3]) / 255
            return (Double(src[i]) * a, Double(src[i + 1]) * a, Double(src[i + 2]) * a, a)
        }
        for y in 0..<height {
            let fy = (Double(y) + 0.5) * sy - 0.5, y0 = Int(fy.rounded(.down)), ty = fy - Double(y0)
            for x in 0..<width {
                let fx = (Double(x) + 0.5) * sx - 0.5, x0 = Int(fx.rounded(.down)), tx = fx - Double(x0)
                let p = [texel(x0, y0), texel(x0 + 1, y0), texel(x0, y0 + 1), texel(x0 + 1, y0 + 1)]
                let wts = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty]
                var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                for k in 0..<4 { r += p[k].0 * wts[k]; g += p[k].1 * wts[k]; b += p[k].2 * wts[k]; a += p[k].3 * wts[k] }
                let i = (y * width + x) * 4
                if a > 0 {
                    out.pixels[i] = UInt8(min(255, (r / a).rounded())); out.pixels[i + 1] = UInt8(min(255, (g / a).rounded()))
                    out.pixels[i + 2] = UInt8(min(255, (b / a).rounded()))
                }
                out.pixels[i + 3] = UInt8(min(255, (a * 255).rounded()))
            }
        }
        return out
    }

    /// Composites `placed` over `bitmap` in `rows`.
    static func draw(_ placed: Placed, into bitmap: inout Bitmap, rows: Range<Int>) {
        let image = placed.image
        let y0 = max(placed.top, rows.lowerBound), y1 = min(placed.top + image.height, rows.upperBound)
        guard y0 < y1 else { return }
        for y in y0..<y1 {
            for x in 0..<image.width {
                let i = ((y - placed.top) * image.width + x) * 4
                let alpha = image.pixels[i + 3]
                guard alpha > 0 else { continue }
                bitmap.blend(Color(red: image.pixels[i], green: image.pixels[i + 1], blue: image.pixels[i + 2], alpha: 255),
                             coverage: alpha, x: placed.left + x, y: y)
            }
        }
    }
}
