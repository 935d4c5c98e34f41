import Imaging

/// The amplified-difference view of a failure: each pixel's difference, multiplied so that the largest
/// one reaches the top of a colour scale, on a faded copy of the reference. A Δ 2 change that the
/// diff paints like any other is visible here, and the factor (×127) says how small it was.
package struct AmplifiedDifference: Sendable {
    /// Same size as the overlap of reference and actual (plus any grown area, in magenta).
    package var image: Bitmap
    /// The largest channel difference (0…255) over the overlap; 0 when the overlap is identical.
    package var largestDelta: Int
    /// The whole number each Δ is multiplied by: `255 / largestDelta` (1 when nothing differs).
    package var factor: Int

    /// Colour scale from small to large amplified Δ (viridis' end points and three stops between).
    package static let scale: [(UInt8, UInt8, UInt8)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
    /// Where only one image has pixels (a size change).
    package static let outside: (UInt8, UInt8, UInt8) = (255, 0, 255)

    /// The colour of amplified Δ `v` (1…255) on `scale`, linearly between its stops.
    package static func color(_ v: Int) -> (UInt8, UInt8, UInt8) {
        let t = Double(max(0, min(255, v))) / 255 * Double(scale.count - 1)
        let i = min(scale.count - 2, Int(t)), f = t - Double(i)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        let (a, b) = (scale[i], scale[i + 1])
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    /// - Parameters: `reference`, `actual`: RGBA8 bitmaps, any sizes (the overlap is compared).
    /// - Returns: the view, `max(width)×max(height)` px.
    /// - Throws: only when the result would exceed `Bitmap`'s limits.
    package init(reference: Bitmap, actual: Bitmap) throws {
        let w = max(reference.width, actual.width), h = max(reference.height, actual.height)
        let ow = min(reference.width, actual.width), oh = min(reference.height, actual.height)
        var largest = 0
        // First pass: the largest Δ of the overlap (any channel, alpha included).
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<oh {
                    var ri = y * reference.width * 4, ai = y * actual.width * 4
                    for _ in 0..<(ow * 4) {
                        let d = abs(Int(r[ri]) - Int(a[ai]))
                        if d > largest { largest = d }
                        ri += 1; ai += 1
                    }
                }
            }
        }
        let factor = largest == 0 ? 1 : max(1, 255 / largest)
        var out = try Bitmap(width: w, height: h, fill: Color(red: Self.outside.0, green: Self.outside.1, blue: Self.outside.2, alpha: 255))
        let lut = (0...255).map { Self.color($0) }
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    for y in 0..<oh {
                        var ri = y * reference.width * 4, ai = y * actual.width * 4, oi = y * w * 4
                        for _ in 0..<ow {
                            var d = 0
                            for c in 0..<4 { d = max(d, abs(Int(r[ri + c]) - Int(a[ai + c]))) }
                            if d == 0 {
                                // Unchanged: the reference's luminance, faded towards white, as context.
                                let alpha = Int(r[ri + 3])
                                let lum = (Int(r[ri]) * 299 + Int(r[ri + 1]) * 587 + Int(r[ri + 2]) * 114) / 1000
                                let shown = (lum * alpha + 255 * (255 - alpha)) / 255
                                let v = UInt8(215 + shown * 40 / 255)
                                o[oi] = v; o[oi + 1] = v; o[oi + 2] = v
                            } else {
                                let c = lut[min(255, d * factor)]
                                o[oi] = c.0; o[oi + 1] = c.1; o[oi + 2] = c.2
                            }
                            o[oi + 3] = 255
                            ri += 4; ai += 4; oi += 4
                        }
                    }
                }
            }
        }
        image = out
        largestDelta = largest
        self.factor = factor
    }
}
