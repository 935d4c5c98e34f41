import Imaging
import SnapshotStore

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// Bitmaps (RGBA8, straight alpha) as PNG references, compared exactly (identical decoded RGBA).
    public static var image: Snapshotting { .image(.exact) }

    /// Bitmaps as PNG references, compared with `comparison` (`ImageComparison`: `.exact`, `.pixelmatch()`,
    /// `.precision(_:perceptualPrecision:)`, regions ignored, …): what a label's `.image` and the matrix's
    /// `.contactSheet` are pulled back from. Invalid options (a threshold outside 0…1, …) fail the assertion as a
    /// setup error before the value is made.
    /// - Parameter comparison: the tolerance.
    /// - Returns: the strategy.
    public static func image(_ comparison: ImageComparison) -> Snapshotting {
        Snapshotting(format: .image(comparison), check: {
            do { try comparison.validate() } catch {
                throw SnapshotConfigurationError("\(error); fix the assertion's `as:` argument")
            }
        }, make: { SnapshotOutput(value: $0) })
    }

    /// swift-snapshot-testing's tolerances: `precision` is the share of pixels that must match; a pixel matches
    /// when CIE ΔE94 ≤ (1 − `perceptualPrecision`)·100.
    /// - Parameters:
    ///   - precision: the share of pixels, 0…1, that must match.
    ///   - perceptualPrecision: the per-pixel perceptual match, 0…1 (1: exact per pixel; 0.98 tolerates ΔE94 ≤ 2).
    /// - Returns: the strategy.
    public static func image(precision: Double, perceptualPrecision: Double = 1) -> Snapshotting {
        .image(.precision(precision, perceptualPrecision: perceptualPrecision))
    }

    /// pixelmatch's tolerance: YIQ `threshold`, anti-aliased pixels not counted unless `includeAA`, and at most
    /// `maxDiffPixels` / `maxDiffPixelRatio` differing pixels.
    /// - Parameters:
    ///   - threshold: the YIQ threshold, 0…1 (pixelmatch's default is 0.1).
    ///   - includeAA: count anti-aliased pixels as differing.
    ///   - maxDiffPixels: the most differing pixels that pass; nil: no such limit.
    ///   - maxDiffPixelRatio: the largest share, 0…1, of differing pixels that passes; nil: no such limit.
    /// - Returns: the strategy.
    public static func image(threshold: Double, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                             maxDiffPixelRatio: Double? = nil) -> Snapshotting {
        .image(.pixelmatch(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio))
    }
}
