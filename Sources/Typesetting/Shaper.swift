import CHarfBuzz
import Foundation
import Support

/// One glyph from HarfBuzz, in logical order. Lengths are in ems (font units ÷ units per em, unrounded):
/// × the point size gives points, at every scale alike (docs/fonts.md, Advances).
package struct ShapedGlyph: Sendable, Equatable {
    /// Index into `ShapedText.faces`.
    package var faceIndex: Int
    package var glyphID: UInt32
    /// UTF-16 offset of the first code unit of the glyph's cluster.
    package var cluster: Int
    /// Horizontal advance, em.
    package var advance: Double
    /// Offsets from the pen position, em (y up, as HarfBuzz).
    package var xOffset: Double
    package var yOffset: Double
}

/// A text shaped whole with HarfBuzz across its font runs (`Shaper.shape`).
package struct ShapedText: Sendable {
    package let utf16: [UInt16]
    package let faces: [FontFile]
    package let glyphs: [ShapedGlyph]
    /// `advancePrefix[i]` = total advance (em) of the glyphs whose cluster starts before UTF-16 offset `i`.
    package let advancePrefix: [Double]
    /// The point size widths are measured at: the font's, or another with `resized(to:)`. Shaping itself is
    /// size-independent (font units), so a new size needs no new shaping.
    package private(set) var pointSize: Double
    /// Code points no face in the chain covers (drawn as the primary face's .notdef box).
    package let missingScalars: [Unicode.Scalar]
    /// Bidi embedding level of each UTF-16 unit (UAX #9; odd = right-to-left).
    package let levels: [UInt8]
    /// Level of the paragraph holding each UTF-16 unit (0 = left-to-right paragraph, 1 = right-to-left).
    package let paragraphLevels: [UInt8]
    /// `startsCluster[i]`: whether a HarfBuzz glyph cluster starts at UTF-16 offset `i` (true at the end,
    /// `utf16.count`). A line may only break at such an offset: inside a cluster (a ligature such as "fi", a
    /// conjunct) one glyph draws characters on both sides, and cutting it would lose them.
    package let startsCluster: [Bool]

    /// Width in points of UTF-16 range `range`: the sum of its glyphs' advances (kerning included) × `pointSize`.
    package func width(_ range: Range<Int>) -> Double {
        (advancePrefix[range.upperBound] - advancePrefix[range.lowerBound]) * pointSize
    }

    /// The same shaped text measured at another point size.
    package func resized(to pointSize: Double) -> ShapedText {
        var copy = self
        copy.pointSize = pointSize
        return copy
    }

    /// Width in points of `range` with trailing white space excluded (docs/layout-rules.md, Line width).
    package func lineWidth(_ range: Range<Int>) -> Double {
        width(trimmingTrailingWhitespace(range))
    }

    /// `range` without the white space at its end.
    package func trimmingTrailingWhitespace(_ range: Range<Int>) -> Range<Int> {
        TextSegmentation.trimmingTrailingWhitespace(range, in: utf16)
    }
}

/// Shapes a whole text at once (the ellipsis, tests): `LazyShapedText` taken to the end.
package enum Shaper {
    /// Shapes `utf16` with `font`, in bidi runs of paragraphs whose base direction is `direction` (a `.natural`
    /// paragraph without strong characters is right-to-left when `fallbackIsRTL`). Shaping is in font units,
    /// unhinted: the result does not depend on a pixel size or scale.
    /// - Throws: `TypesettingError` for an invalid size, a primary font that cannot be loaded, or an ICU failure.
    package static func shape(_ utf16: [UInt16], font: Font,
                             direction: WritingDirection = .natural, fallbackIsRTL: Bool = false) throws -> ShapedText {
        let text = try LazyShapedText(utf16, font: font, direction: direction, fallbackIsRTL: fallbackIsRTL)
        try text.extend(through: utf16.count)
        return ShapedText(utf16: utf16, faces: text.faces, glyphs: text.glyphs, advancePrefix: text.advancePrefix,
                          pointSize: font.pointSize, missingScalars: text.missingClusters.flatMap(\.scalars),
                          levels: text.levels, paragraphLevels: text.paragraphLevels, startsCluster: text.startsCluster)
    }

    /// "…" (U+2026) shaped left to right with `font`'s chain and features, at `font.pointSize`: the truncation
    /// ellipsis of every layout. Shaped once per chain and features (and size, for a face tracked by size) for the
    /// life of the process (shaping is in font units, so only the size differs), not once per layout: in a client's
    /// debug build that was a tenth of a badge's layout.
    /// - Throws: as `shape(_:font:direction:fallbackIsRTL:)`.
    package static func ellipsis(font: Font) throws -> ShapedText {
        try font.validateSize()
        // A face tracked by point size (the system font's stand-in) has the size's tracking in its advances, so
        // its ellipsis is kept per size: resized from another size it would carry that size's tracking.
        let tracked = font.chain.contains { !($0.adjustment?.tracking.isEmpty ?? true) }
        let chain = EllipsisKey(chain: font.chain, features: font.features, trackedSize: tracked ? font.pointSize : nil)
        // The chain shaped last is compared before the table hashes every path of the chain.
        let known = ellipses.withLock { ellipses -> ShapedText? in
            if let last = ellipses.last, last.chain == chain { return last.shaped }
            guard let shaped = ellipses.byChain[chain] else { return nil }
            ellipses.last = (chain, shaped)
            return shaped
        }
        if let known { return known.resized(to: font.pointSize) }
        let shaped = try shape(Array("\u{2026}".utf16), font: font, direction: .leftToRight)
        ellipses.withLock { ellipses in
            ellipses.byChain[chain] = shaped
            ellipses.last = (chain, shaped)
        }
        return shaped
    }

    private struct EllipsisKey: Hashable { var chain: [FontFile]; var features: [String: Int]; var trackedSize: Double? }
    private struct Ellipses {
        var byChain: [EllipsisKey: ShapedText] = [:]
        var last: (chain: EllipsisKey, shaped: ShapedText)?
    }
    private static let ellipses = Locked(Ellipses())

    /// The code points of `units`, unpaired surrogates as U+FFFD: an index loop, not the generic UTF-16 parser
    /// (unspecialised in a client's debug build, where it was a tenth of a badge's layout).
    static func scalars(_ units: ArraySlice<UInt16>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var i = units.startIndex
        while i < units.endIndex {
            let u = units[i]
            if UTF16.isLeadSurrogate(u), i + 1 < units.endIndex, UTF16.isTrailSurrogate(units[i + 1]) {
                let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 2
            } else {
                result.append(Unicode.Scalar(u) ?? "\u{FFFD}")
                i += 1
            }
        }
        return result
    }

    /// Format and control characters (ZWJ, variation selectors, line feeds …) need no glyph of their own.
    static func needsNoGlyph(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return s.properties.isVariationSelector || s.properties.isDefaultIgnorableCodePoint
        }
    }
}

extension RandomAccessCollection {
    /// The index of the first element for which `predicate` holds, in a collection where it is false
    /// then true (a sorted partition); `endIndex` when it never holds. O(log n).
    package func partitionPoint(_ predicate: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(low, offsetBy: half)
            if predicate(self[mid]) { count = half } else { low = index(after: mid); count -= half + 1 }
        }
        return low
    }
}

extension Array where Element == Int {
    /// The elements of a sorted array that lie in `lower <.. upper` (greater than `lower`, at most `upper`).
    package func sortedSlice(after lower: Int, through upper: Int) -> ArraySlice<Int> {
        let a = partitionPoint { $0 > lower }, b = partitionPoint { $0 > upper }
        return self[a..<Swift.max(a, b)]
    }
}
