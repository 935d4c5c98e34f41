// The comparison of two bitmaps; its rules: docs/comparison.md.

/// How two bitmaps are compared: which pixels count as *differing*, and how many differing pixels
/// a comparison tolerates. The default, `.exact`, asks for identical decoded RGBA bytes.
///
/// Per-pixel tests (a pixel is only ever examined when its four RGBA bytes differ):
/// - **exact** (neither `threshold` nor `perceptualPrecision < 1`): any byte difference fails.
/// - **`threshold`** (pixelmatch, 0…1): the YIQ colour delta
///   `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` (Kotsarenko & Ramos 2010, pixelmatch's coefficients)
///   fails when it exceeds `35215·threshold²` (35215 is the delta of red vs cyan, the largest).
///   Colours with alpha < 255 are composited onto `alphaBackground` first, so transparent is not white.
///   Pixels that fail but look like anti-aliasing (Vyšniauskas 2009, as pixelmatch) are counted in
///   `ImageDifference.antiAliasedPixelCount` and do not fail the comparison unless `includeAA` is set.
/// - **`perceptualPrecision`** (swift-snapshot-testing, 0…1): CIE ΔE94 (graphic-arts weights) of the
///   two colours in CIELAB (sRGB, D65); a pixel fails when `ΔE94 > (1 − perceptualPrecision)·100`,
///   e.g. 0.98 tolerates ΔE94 ≤ 2, about what the eye can tell apart.
/// When both `threshold` and `perceptualPrecision < 1` are given, a pixel fails if it fails either test.
///
/// Image-level limits, on the number `D` of differing pixels among the `N` compared ones (the size
/// overlap minus `ignoring`): every limit that is set applies, so the smallest wins:
/// `maxDiffPixels`, `maxDiffPixelRatio·N`, and, when `precision < 1`, `(1 − precision)·N`
/// (rounded down). With no limit set, no differing pixel is allowed. A size mismatch always fails.
public struct ImageComparison: Sendable, Hashable, CustomStringConvertible {
    /// pixelmatch's YIQ threshold, 0…1 (pixelmatch's default is 0.1; smaller is stricter).
    /// `nil` (default): no YIQ test. Values outside 0…1 are clamped by `compare`; `validate()` rejects them.
    public var threshold: Double?
    /// With `threshold`: count anti-aliased pixels as differing (pixelmatch's `includeAA`).
    /// Default `false`: anti-aliasing detection is on and such pixels are counted apart.
    public var includeAA: Bool
    /// Largest number of differing pixels (px) that still passes. `nil` (default): no such limit.
    public var maxDiffPixels: Int?
    /// Largest share of differing pixels, 0…1, of the compared pixels. `nil` (default): no such limit.
    public var maxDiffPixelRatio: Double?
    /// Share of compared pixels, 0…1, that must match (swift-snapshot-testing's `precision`).
    /// Default 1: only a limit when below 1.
    public var precision: Double
    /// Per-pixel perceptual match, 0…1 (swift-snapshot-testing's `perceptualPrecision`): a pixel
    /// differs when CIE ΔE94 > (1 − perceptualPrecision)·100. Default 1: no perceptual test.
    public var perceptualPrecision: Double
    /// Regions (px, in the reference's coordinates, top-left origin) that are neither compared nor
    /// counted. Parts outside the compared overlap are ignored.
    public var ignoring: [PixelRect]
    /// What colours with alpha < 255 are composited onto before the YIQ and ΔE tests.
    public var alphaBackground: AlphaBackground

    /// The background that translucent colours are composited onto before colour deltas are taken.
    public enum AlphaBackground: String, Sendable, Hashable {
        /// pixelmatch 7's pseudo-random dark/light pattern (each channel 48 or 207, chosen from the
        /// pixel's byte offset in the reference): fully transparent differs from every opaque colour.
        case checkerboard
        /// White, as pixelmatch ≤ 6 and the `pixelmatch` Python package do: transparent equals white.
        case white
    }

    /// - Parameters: see the properties; every default reproduces `.exact`.
    public init(threshold: Double? = nil, includeAA: Bool = false,
                maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil,
                precision: Double = 1, perceptualPrecision: Double = 1,
                ignoring: [PixelRect] = [], alphaBackground: AlphaBackground = .checkerboard) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.ignoring = ignoring
        self.alphaBackground = alphaBackground
    }

    /// Identical decoded RGBA (the default).
    public static let exact = ImageComparison()

    /// pixelmatch's defaults: YIQ `threshold` 0.1 with anti-aliasing detection, no differing pixel allowed.
    public static func pixelmatch(threshold: Double = 0.1, includeAA: Bool = false,
                                  maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil) -> ImageComparison {
        ImageComparison(threshold: threshold, includeAA: includeAA,
                        maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio)
    }

    /// swift-snapshot-testing's `.image(precision:perceptualPrecision:)`.
    public static func precision(_ precision: Double, perceptualPrecision: Double = 1) -> ImageComparison {
        ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
    }

    /// True when neither a YIQ nor a perceptual test is set: any byte difference fails a pixel.
    package var isExactPerPixel: Bool { threshold == nil && !(perceptualPrecision < 1) }

    /// The largest ΔE94 a pixel may have, `(1 − perceptualPrecision)·100`, or nil without a perceptual test.
    package var maxDeltaE: Double? {
        perceptualPrecision < 1 ? (1 - min(1, max(0, perceptualPrecision))) * 100 : nil
    }

    /// The YIQ bound `35215·threshold²`, or nil without a threshold.
    package var maxYIQDelta: Double? {
        guard let t = threshold else { return nil }
        let c = min(1, max(0, t.isNaN ? 0 : t))
        return 35215 * c * c
    }

    /// How many differing pixels pass when `comparedPixels` pixels are compared (the smallest limit set; 0 if none).
    package func allowedDifferingPixels(comparedPixels n: Int) -> Int {
        var limit = Int.max
        var any = false
        // A tiny epsilon so that e.g. (1 − 0.9)·10 = 0.99999… still allows 1 pixel.
        func floorCount(_ share: Double) -> Int {
            let v = (min(1, max(0, share.isNaN ? 0 : share)) * Double(n) + 1e-9).rounded(.down)
            return Int(v)
        }
        if let m = maxDiffPixels { limit = min(limit, max(0, m)); any = true }
        if let r = maxDiffPixelRatio { limit = min(limit, floorCount(r)); any = true }
        if precision < 1 { limit = min(limit, floorCount(1 - precision)); any = true }
        return any ? limit : 0
    }

    /// Throws `ImageDiffError.invalidOption` for values outside their documented ranges
    /// (`compare` clamps them instead).
    package func validate() throws {
        if let t = threshold, !(0...1).contains(t) {
            throw ImageDiffError.invalidOption("threshold \(t) is outside 0…1 (pixelmatch uses 0.1 by default)")
        }
        if let m = maxDiffPixels, m < 0 {
            throw ImageDiffError.invalidOption("maxDiffPixels \(m) is negative: give a pixel count ≥ 0")
        }
        if let r = maxDiffPixelRatio, !(0...1).contains(r) {
            throw ImageDiffError.invalidOption("maxDiffPixelRatio \(r) is outside 0…1 (a share of the compared pixels)")
        }
        if !(0...1).contains(precision) {
            throw ImageDiffError.invalidOption("precision \(precision) is outside 0…1 (the share of pixels that must match)")
        }
        if !(0...1).contains(perceptualPrecision) {
            throw ImageDiffError.invalidOption("perceptualPrecision \(perceptualPrecision) is outside 0…1 (0.98 tolerates ΔE94 ≤ 2)")
        }
        for r in ignoring where r.isEmpty {
            // PixelRect clamps a negative width or height to 0, so the message says so rather than show a 0 the user never wrote.
            throw ImageDiffError.invalidOption("ignored region \(r) is empty (a width or height ≤ 0 px, which PixelRect clamps to 0): give a width and height > 0")
        }
    }

    /// The tolerance in force, for failure messages, e.g. `threshold 0.1, AA ignored, max 10 px`.
    public var description: String {
        var parts: [String] = []
        if let t = threshold {
            parts.append("threshold \(formatNumber(t))" + (includeAA ? ", AA counted" : ", AA ignored"))
        }
        if perceptualPrecision < 1 {
            parts.append("perceptualPrecision \(formatNumber(perceptualPrecision)) (ΔE94 ≤ \(formatNumber(maxDeltaE ?? 0)))")
        }
        if parts.isEmpty { parts.append("exact") }
        if let m = maxDiffPixels { parts.append("maxDiffPixels \(m)") }
        if let r = maxDiffPixelRatio { parts.append("maxDiffPixelRatio \(formatNumber(r))") }
        if precision < 1 { parts.append("precision \(formatNumber(precision))") }
        if !ignoring.isEmpty { parts.append("ignoring \(ignoring.map(\.description).joined(separator: ", "))") }
        if alphaBackground != .checkerboard { parts.append("alpha on \(alphaBackground.rawValue)") }
        return parts.joined(separator: ", ")
    }
}

/// Errors from the `ImageDiff` module.
public enum ImageDiffError: Error, CustomStringConvertible, Equatable {
    /// An `ImageComparison` value outside its documented range.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .invalidOption(let s): return "invalid comparison option: \(s)"
        }
    }
}

/// Shortest decimal form with at most 6 significant digits: 0.1 → "0.1", 1.0 → "1".
func formatNumber(_ v: Double) -> String {
    if v.isNaN || v.isInfinite { return "\(v)" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    var s = String(v)
    if s.contains("e") { return s }
    // Trim binary noise such as 0.30000000000000004 to 6 significant decimals.
    let scale = pow10(6 - Int((abs(v)).magnitudeExponent) - 1)
    let r = (v * scale).rounded() / scale
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    s = String(r)
    return s
}

private func pow10(_ n: Int) -> Double {
    var r = 1.0
    if n >= 0 { for _ in 0..<n { r *= 10 } } else { for _ in 0..<(-n) { r /= 10 } }
    return r
}

extension Double {
    /// floor(log10(|self|)) for finite non-zero values, 0 otherwise.
    fileprivate var magnitudeExponent: Double {
        guard self != 0, isFinite else { return 0 }
        var e = 0.0, v = abs(self)
        while v >= 10 { v /= 10; e += 1 }
        while v < 1 { v *= 10; e -= 1 }
        return e
    }
}
