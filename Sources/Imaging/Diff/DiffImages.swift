
/// Colours and geometry of the diff images (pixelmatch's defaults where pixelmatch has them).
package struct DiffImageStyle: Sendable, Hashable {
    /// Opacity of the faded grey reference under the marks (pixelmatch's `alpha`, 0.1).
    package var referenceOpacity: Double = 0.1
    /// Differing pixel where the actual image is lighter than (or as bright as) the reference (pixelmatch's `diffColor`).
    package var diffColor = Color(red: 255, green: 0, blue: 0)
    /// Differing pixel where the actual image is darker, "dark on light" (pixelmatch's `diffColorAlt`, which
    /// pixelmatch 7 uses where its colour delta is negative: Y(img1) − Y(img2) > 0). pixelmatch's default is
    /// none (everything in `diffColor`); this one is blue so that added and removed ink look different.
    package var diffColorAlt = Color(red: 0, green: 160, blue: 255)
    /// Anti-aliased pixel, not counted (pixelmatch's `aaColor`).
    package var aaColor = Color(red: 255, green: 255, blue: 0)
    /// Tint mixed half-and-half into the faded reference inside ignored regions.
    package var ignoredTint = Color(red: 120, green: 200, blue: 255)
    /// Pixels that exist in only one of the images (a size mismatch).
    package var sizeMismatchColor = Color(red: 255, green: 0, blue: 255)
    /// Gap (px) between the panels of the composite, filled with `gutterColor`.
    package var gutter = 4
    package var gutterColor = Color(red: 128, green: 128, blue: 128)

    package init() {}
    package static let pixelmatch = DiffImageStyle()
}

/// The pictures of a comparison, all RGBA8 and sized to cover both images (see `makeDiffImages`).
package struct DiffImages: Sendable, Equatable {
    /// pixelmatch-style: the reference as faded grey, differing pixels in `diffColor` (actual lighter) or
    /// `diffColorAlt` (actual darker), anti-aliased ones in `aaColor`, ignored regions tinted, pixels
    /// only one image has in `sizeMismatchColor`. Size: max width × max height of the two images.
    package var diff: Bitmap
    /// The same marks on a transparent background, without anti-aliased pixels (pixelmatch's `diffMask`).
    package var mask: Bitmap
    /// reference | diff | actual side by side, `gutter` px apart, top-aligned; uncovered areas transparent.
    package var composite: Bitmap
}

/// Compares like `compare(_:_:_:)` and draws the diff images in the same pass.
/// - Throws: `RasterError.invalidSize` if the diff image would exceed `Bitmap.maximumPixelCount`, `CompositeTooLarge`
///   if the composite would; `RasterError.pixelCountMismatch` if a bitmap's `pixels` was given the wrong length.
package func makeDiffImages(_ reference: Bitmap, _ actual: Bitmap, _ options: ImageComparison = .exact,
                           style: DiffImageStyle = .pixelmatch) throws -> (result: ImageDifference, images: DiffImages) {
    let (result, diff, mask) = try drawDiff(reference, actual, options, style: style, mask: true)
    let composite = try makeDiffComposite(reference, diff, actual, style: style)
    return (result, DiffImages(diff: diff, mask: mask ?? diff, composite: composite))
}

/// Compares like `compare(_:_:_:)` and draws only `DiffImages.diff` (no mask, no composite): the union of both
/// sizes, so it exists whenever the images do not exceed `Bitmap.maximumPixelCount` together, while the composite
/// (about three times as wide) may not (`compositeSize(_:_:gutter:)`).
/// - Throws: as `makeDiffImages`.
package func makeDiffImage(_ reference: Bitmap, _ actual: Bitmap, _ options: ImageComparison = .exact,
                           style: DiffImageStyle = .pixelmatch) throws -> (result: ImageDifference, diff: Bitmap) {
    let (result, diff, _) = try drawDiff(reference, actual, options, style: style, mask: false)
    return (result, diff)
}

/// The size of the diff image of images `a` and `b` (the union of their sizes) and of their composite
/// (reference | diff | actual, `gutter` px apart), px, from their sizes alone: to refuse before decoding.
package func diffImageSizes(_ a: (width: Int, height: Int), _ b: (width: Int, height: Int), gutter: Int = DiffImageStyle.pixelmatch.gutter)
    -> (diff: (width: Int, height: Int), composite: (width: Int, height: Int)) {
    let diff = (width: max(a.width, b.width), height: max(a.height, b.height))
    return (diff, (width: a.width + diff.width + b.width + 2 * max(0, gutter), height: diff.height))
}

/// The side-by-side composite of two images would exceed `Bitmap.maximumPixelCount`: the diff image (their union)
/// may still be drawn.
package struct CompositeTooLarge: Error, CustomStringConvertible, Equatable {
    package var width: Int, height: Int
    package init(width: Int, height: Int) { (self.width, self.height) = (width, height) }
    package var description: String {
        "the composite (reference | diff | actual) would be \(width)×\(height) px, over the \(Bitmap.maximumPixelCount) pixels "
            + "a bitmap may have, so it was not drawn; the diff image shows the difference"
    }
}

/// The composite of `reference`, `diff` and `actual` (`makeComposite` with `style`'s gutter).
/// - Throws: `CompositeTooLarge` when it would exceed `Bitmap.maximumPixelCount`.
package func makeDiffComposite(_ reference: Bitmap, _ diff: Bitmap, _ actual: Bitmap, style: DiffImageStyle = .pixelmatch) throws -> Bitmap {
    let size = diffImageSizes((reference.width, reference.height), (actual.width, actual.height), gutter: style.gutter).composite
    guard fitsABitmap(size) else { throw CompositeTooLarge(width: size.width, height: size.height) }
    return try makeComposite([reference, diff, actual], gutter: max(0, style.gutter), gutterColor: style.gutterColor)
}

/// Whether a bitmap of `size` is within `Bitmap.maximumPixelCount` (no arithmetic that overflows).
package func fitsABitmap(_ size: (width: Int, height: Int)) -> Bool {
    size.width >= 0 && size.height >= 0 && (size.width == 0 || size.height <= Bitmap.maximumPixelCount / size.width)
}

private func drawDiff(_ reference: Bitmap, _ actual: Bitmap, _ options: ImageComparison, style: DiffImageStyle,
                      mask withMask: Bool) throws -> (ImageDifference, Bitmap, Bitmap?) {
    for b in [reference, actual] where b.pixels.count != b.width * b.height * 4 {
        throw RasterError.pixelCountMismatch(expected: b.width * b.height * 4, actual: b.pixels.count)
    }
    var scanner = DiffScanner(reference: reference, actual: actual, options: options, recording: true)
    let result = scanner.run()
    let uw = max(reference.width, actual.width), uh = max(reference.height, actual.height)
    let ow = scanner.width, oh = scanner.height
    var diff = try Bitmap(width: uw, height: uh)
    var mask = try Bitmap(width: withMask ? uw : 0, height: withMask ? uh : 0)

    let opacity = min(1, max(0, style.referenceOpacity))
    let ignore = scanner.ignore
    reference.pixels.withUnsafeBufferPointer { rp in
        diff.pixels.withUnsafeMutableBufferPointer { dp in
            mask.pixels.withUnsafeMutableBufferPointer { mp in
                func put(_ buf: UnsafeMutableBufferPointer<UInt8>, _ x: Int, _ y: Int, _ c: Color) {
                    if buf.isEmpty { return }   // the mask, when only the diff is drawn
                    let o = (y * uw + x) * 4
                    buf[o] = c.red; buf[o + 1] = c.green; buf[o + 2] = c.blue; buf[o + 3] = c.alpha
                }
                func faded(_ x: Int, _ y: Int) -> UInt8 {
                    let i = (y * reference.width + x) * 4
                    let luma = YIQ.luma(rp[i], rp[i + 1], rp[i + 2])
                    let v = 255 + (luma - 255) * opacity * Double(rp[i + 3]) / 255
                    return UInt8(max(0, min(255, v.rounded())))
                }
                for y in 0..<uh {
                    for x in 0..<uw {
                        let inRef = x < reference.width && y < reference.height
                        let inAct = x < actual.width && y < actual.height
                        if inRef && inAct {
                            let v = faded(x, y)
                            put(dp, x, y, Color(red: v, green: v, blue: v))
                        } else if inRef || inAct {
                            put(dp, x, y, style.sizeMismatchColor)
                            put(mp, x, y, style.sizeMismatchColor)
                        }
                    }
                    if y < oh && !ignore.isEmpty {
                        // Tint the ignored runs: everything of the overlap row outside the compared spans.
                        var cursor = 0
                        func tint(_ a: Int, _ b: Int) {
                            for x in a..<b {
                                let o = (y * uw + x) * 4
                                dp[o] = UInt8((Int(dp[o]) + Int(style.ignoredTint.red)) / 2)
                                dp[o + 1] = UInt8((Int(dp[o + 1]) + Int(style.ignoredTint.green)) / 2)
                                dp[o + 2] = UInt8((Int(dp[o + 2]) + Int(style.ignoredTint.blue)) / 2)
                            }
                        }
                        _ = ignore.forEachComparedSpan(row: y) { x0, x1 in
                            if x0 > cursor { tint(cursor, x0) }
                            cursor = x1
                        }
                        if cursor < ow { tint(cursor, ow) }
                    }
                }
                var y = 0
                while y < oh {
                    var x = 0
                    while x < ow {
                        switch scanner.kind(x: x, y: y) {
                        case nil: break
                        case .antiAliased?:
                            put(dp, x, y, style.aaColor)
                        case .darker?:
                            put(dp, x, y, style.diffColorAlt); put(mp, x, y, style.diffColorAlt)
                        case .lighter?:
                            put(dp, x, y, style.diffColor); put(mp, x, y, style.diffColor)
                        }
                        x += 1
                    }
                    y += 1
                }
            }
        }
    }

    return (result, diff, withMask ? mask : nil)
}

/// Panels side by side, top-aligned, `gutter` px apart (the gutter filled with `gutterColor`),
/// areas below shorter panels transparent.
/// - Throws: `RasterError.invalidSize` when the result would exceed `Bitmap.maximumPixelCount`.
package func makeComposite(_ panels: [Bitmap], gutter: Int = 4, gutterColor: Color = Color(red: 128, green: 128, blue: 128)) throws -> Bitmap {
    let height = panels.map(\.height).max() ?? 0
    let width = panels.map(\.width).reduce(0, +) + gutter * max(0, panels.count - 1)
    var out = try Bitmap(width: width, height: height)
    var left = 0
    for (n, p) in panels.enumerated() {
        p.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<p.height {
                    let s = y * p.width * 4, d = (y * width + left) * 4
                    for i in 0..<(p.width * 4) { dst[d + i] = src[s + i] }
                }
                if n < panels.count - 1 && gutter > 0 {
                    for y in 0..<height {
                        for x in (left + p.width)..<(left + p.width + gutter) {
                            let d = (y * width + x) * 4
                            dst[d] = gutterColor.red; dst[d + 1] = gutterColor.green
                            dst[d + 2] = gutterColor.blue; dst[d + 3] = gutterColor.alpha
                        }
                    }
                }
            }
        }
        left += p.width + gutter
    }
    return out
}
