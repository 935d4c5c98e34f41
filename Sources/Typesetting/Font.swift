/// A font at a point size with its fallback chain, as `UIFont` but explicit about files.
/// Creating a `Font` does no I/O; files are opened (once, then cached) when text is laid out,
/// and a missing or corrupt file is reported then as a `TypesettingError`.
public struct Font: Hashable, Sendable {
    /// Largest accepted point size; beyond it a label is rejected rather than rasterised.
    public static let maximumPointSize = 10_000.0

    /// The primary face: its metrics (ascender, descender, line height) set the line height.
    public var file: FontFile
    /// Size in points.
    public var pointSize: Double
    /// Faces tried in order for clusters the primary face cannot draw.
    public var fallbacks: [FontFile]
    /// How the size follows a label's `contentSizeCategory` (`Font.preferred`, `Font.scaled`); nil = fixed.
    public var dynamicType: DynamicTypeScaling?

    public init(file: FontFile, size: Double, fallbacks: [FontFile] = FontFile.defaultFallbacks) {
        self.file = file
        self.pointSize = size
        self.fallbacks = fallbacks
    }

    /// A font file by path (exact; no lookup), optionally a face of a collection.
    public init(path: String, size: Double, faceIndex: Int = 0, fallbacks: [FontFile] = FontFile.defaultFallbacks) {
        self.init(file: FontFile(path: path, faceIndex: faceIndex), size: size, fallbacks: fallbacks)
    }

    /// A font by family name, resolved with fontconfig ("DejaVu Sans", "NanumGothic").
    /// - Throws: `TypesettingError.familyNotFound` naming the apt package when it is a known family.
    public init(family: String, size: Double, fallbacks: [FontFile] = FontFile.defaultFallbacks) throws {
        self.init(file: try FontFile.resolve(family: family), size: size, fallbacks: fallbacks)
    }

    /// DejaVu Sans at `size` points, with the default fallback chain `FontFile.defaultFallbacks`: Noto Sans CJK JP
    /// (Han, kana and Hangul in one design), NanumGothic (Hangul, when Noto Sans CJK is not installed), Noto Color Emoji.
    public static func `default`(size: Double) -> Font {
        Font(file: .dejaVuSans, size: size)
    }

    /// The same font at another point size, fixed (no `dynamicType`: the size is no longer scaled).
    public func withSize(_ size: Double) -> Font {
        var f = self
        f.pointSize = size
        f.dynamicType = nil
        return f
    }

    /// The primary face followed by the fallbacks, without repeats.
    public var chain: [FontFile] {
        // A linear check: chains hold a handful of faces, and hashing their paths cost more (debug builds).
        var chain: [FontFile] = []
        chain.reserveCapacity(1 + fallbacks.count)   // one allocation, not one per doubling
        chain.append(file)
        for f in fallbacks where !chain.contains(f) { chain.append(f) }
        return chain
    }

    /// - Throws: `TypesettingError.invalidFontSize` unless `0 < pointSize ≤ maximumPointSize`.
    public func validateSize() throws {
        guard pointSize.isFinite, pointSize > 0, pointSize <= Font.maximumPointSize else {
            throw TypesettingError.invalidFontSize(pointSize)
        }
    }
}

/// A font's vertical metrics in points: design units × `pointSize / unitsPerEm`, unrounded
/// (never FreeType's rounded `size->metrics`; DESIGN.md §2).
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the line box, pt (positive).
    public var ascender: Double
    /// Distance from the baseline to the bottom, pt (negative).
    public var descender: Double
    /// Baseline-to-baseline distance, pt: FreeType's `face->height` scaled (ascender − descender + line gap),
    /// as `UIFont.lineHeight`.
    public var lineHeight: Double
    public var unitsPerEm: Int
}
