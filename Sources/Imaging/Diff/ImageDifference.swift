
/// A width × height in pixels.
package struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int
    package init(width: Int, height: Int) { self.width = width; self.height = height }
    package var pixelCount: Int { width * height }
    package var description: String { "\(width)×\(height) px" }
}

/// How the actual image's size differs from the reference's. Images are aligned at their top-left
/// corner, so only the right and bottom edges can move; the overlap is still compared.
package struct SizeMismatch: Hashable, Sendable, CustomStringConvertible {
    package var reference: PixelSize
    package var actual: PixelSize
    /// px the right edge moved: > 0 grew (actual wider), < 0 shrank.
    package var rightEdge: Int { actual.width - reference.width }
    /// px the bottom edge moved: > 0 grew (actual taller), < 0 shrank.
    package var bottomEdge: Int { actual.height - reference.height }
    /// The compared top-left region both images share.
    package var overlap: PixelSize {
        PixelSize(width: min(reference.width, actual.width), height: min(reference.height, actual.height))
    }

    /// e.g. `size differs: reference 600×160 px, actual 604×158 px (right edge grew 4 px, bottom edge shrank 2 px)`.
    package var description: String {
        var edges: [String] = []
        if rightEdge != 0 { edges.append("right edge \(rightEdge > 0 ? "grew" : "shrank") \(abs(rightEdge)) px") }
        if bottomEdge != 0 { edges.append("bottom edge \(bottomEdge > 0 ? "grew" : "shrank") \(abs(bottomEdge)) px") }
        return "size differs: reference \(reference), actual \(actual) (\(edges.joined(separator: ", ")))"
    }
}

/// Two bitmaps compared (`ImageComparison.compare(_:_:)`): whether they match under the comparison and the numbers
/// that say why. With `.pixelmatch(threshold:includeAA:)` the counts are pixelmatch's: `differingPixelCount` is the
/// number pixelmatch returns for the same images and options, `antiAliasedPixelCount` the pixels it drew yellow.
public struct ImageDifference: Hashable, Sendable, CustomStringConvertible {
    /// Same size and `differingPixelCount` within the comparison's limits (`maxDiffPixels`, `maxDiffPixelRatio`,
    /// `precision`; none: 0).
    public package(set) var passed: Bool
    /// The options the images were compared with.
    package var comparison: ImageComparison
    package var referenceSize: PixelSize
    package var actualSize: PixelSize
    /// Set when the sizes differ (the comparison then fails; the overlap is still compared).
    package var sizeMismatch: SizeMismatch?
    /// Pixels compared: the overlap of the two images (their common top-left region) minus the ignored regions.
    public package(set) var comparedPixelCount: Int
    /// Pixels of the overlap inside `comparison.ignoring`.
    package var ignoredPixelCount: Int
    /// Pixels failing the per-pixel test (anti-aliased ones excluded unless `includeAA`).
    public package(set) var differingPixelCount: Int
    /// Pixels failing the YIQ test that were recognised as anti-aliasing and not counted as differing
    /// (0 unless `threshold` is set and `includeAA` is false).
    public package(set) var antiAliasedPixelCount: Int
    /// The most differing pixels that pass (see `ImageComparison.allowedDifferingPixels`).
    package var allowedDifferingPixels: Int
    /// Largest absolute difference of any one channel (R, G, B or A) over the compared pixels, 0…255.
    package var maxChannelDelta: Int
    /// Largest squared YIQ delta over the compared pixels (0…35215), when `threshold` is set.
    package var maxYIQDelta: Double?
    /// Largest ΔE94 over the compared pixels, when `perceptualPrecision < 1`.
    package var maxDeltaE: Double?
    /// The smallest rectangle holding every differing pixel (px, reference coordinates), nil if none.
    public package(set) var boundingBox: PixelRect?

    /// True when both images have the same width and height (else `passed` is false and only the overlap was compared).
    public var sizesMatch: Bool { sizeMismatch == nil }

    /// `differingPixelCount / comparedPixelCount` (0 when nothing is compared).
    public var differingPixelRatio: Double {
        comparedPixelCount == 0 ? 0 : Double(differingPixelCount) / Double(comparedPixelCount)
    }

    /// The smallest `threshold` that would have let the worst pixel pass: `√(maxYIQDelta / 35215)`.
    package var thresholdNeeded: Double? {
        maxYIQDelta.map { ($0 / YIQ.maximumDelta).squareRoot() }
    }

    /// The numbers in one or two lines, for failure messages, e.g.
    /// `312 of 96000 px differ (0.325%, allowed 0), 14 anti-aliased not counted; largest channel Δ 255,
    /// YIQ Δ 35215 (threshold ≥ 1 to pass); changed area (10, 5, 32×16) — threshold 0.1, AA ignored`.
    package var summary: String {
        var first = ""
        if passed && differingPixelCount == 0 && antiAliasedPixelCount == 0 && maxChannelDelta == 0 {
            first = "images match: \(comparedPixelCount) px identical"
        } else {
            first = "\(differingPixelCount) of \(comparedPixelCount) px differ (\(percent(differingPixelRatio)), allowed \(allowedDifferingPixels))"
            if comparison.threshold != nil && !comparison.includeAA {
                first += ", \(antiAliasedPixelCount) anti-aliased not counted"
            }
            first += "; largest channel Δ \(maxChannelDelta)"
            if let y = maxYIQDelta, let t = thresholdNeeded {
                first += ", YIQ Δ \(formatNumber((y * 10).rounded() / 10)) (threshold ≥ \(formatNumber((t * 1000).rounded(.up) / 1000)) to pass)"
            }
            if let e = maxDeltaE { first += ", ΔE94 \(formatNumber((e * 100).rounded() / 100))" }
            if let b = boundingBox { first += "; changed area \(b)" }
        }
        if ignoredPixelCount > 0 { first += "; \(ignoredPixelCount) px ignored" }
        first += " — \(comparison)"
        if let m = sizeMismatch {
            return "\(m); compared the \(m.overlap) overlap\n" + first
        }
        return first
    }

    /// `passed: ` or `failed: ` and the numbers, e.g. `failed: 312 of 96000 px differ (0.325%, allowed 0), …`.
    public var description: String { (passed ? "passed: " : "failed: ") + summary }
}

extension ImageDifference {
    /// A ratio (0…1) as a percentage the way failure messages print it: 3 significant decimals below
    /// 10 % (`0.325%`), one above (`21.4%`), `<0.001%` for tiny ratios. `labelsnap` uses the same, so the
    /// test message and the review agree.
    package static func percentText(_ ratio: Double) -> String { percent(ratio) }
}

func percent(_ r: Double) -> String {
    if r == 0 { return "0%" }
    let p = r * 100
    if p >= 10 { return formatNumber((p * 10).rounded() / 10) + "%" }
    if p >= 0.001 { return formatNumber((p * 1000).rounded() / 1000) + "%" }
    return "<0.001%"
}
