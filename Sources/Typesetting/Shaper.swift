import CHarfBuzz
import Foundation

/// One glyph from HarfBuzz, in logical order. Lengths are in ems (font units ÷ units per em, unrounded):
/// × the point size gives points, at every scale alike (DESIGN.md §2, Advances).
public struct ShapedGlyph: Sendable, Equatable {
    /// Index into `ShapedText.faces`.
    public var faceIndex: Int
    public var glyphID: UInt32
    /// UTF-16 offset of the first code unit of the glyph's cluster.
    public var cluster: Int
    /// Horizontal advance, em.
    public var advance: Double
    /// Offsets from the pen position, em (y up, as HarfBuzz).
    public var xOffset: Double
    public var yOffset: Double
}

/// A paragraph shaped with HarfBuzz across its font runs.
public struct ShapedText: Sendable {
    public let utf16: [UInt16]
    public let faces: [FontFile]
    public let glyphs: [ShapedGlyph]
    /// `advancePrefix[i]` = total advance (em) of the glyphs whose cluster starts before UTF-16 offset `i`.
    public let advancePrefix: [Double]
    /// The point size widths are measured at: the font's, or another with `resized(to:)`. Shaping itself is
    /// size-independent (font units), so a new size needs no new shaping.
    public private(set) var pointSize: Double
    /// Code points no face in the chain covers (drawn as the primary face's .notdef box).
    public let missingScalars: [Unicode.Scalar]
    /// Bidi embedding level of each UTF-16 unit (UAX #9; odd = right-to-left).
    public let levels: [UInt8]
    /// Level of the paragraph holding each UTF-16 unit (0 = left-to-right paragraph, 1 = right-to-left).
    public let paragraphLevels: [UInt8]
    /// `startsCluster[i]`: whether a HarfBuzz glyph cluster starts at UTF-16 offset `i` (true at the end,
    /// `utf16.count`). A line may only break at such an offset: inside a cluster (a ligature such as "fi", a
    /// conjunct) one glyph draws characters on both sides, and cutting it would lose them.
    public let startsCluster: [Bool]

    /// Indices into `glyphs` of the glyphs whose cluster lies in `range` (glyphs are in logical order,
    /// clusters non-decreasing), found by binary search.
    public func glyphIndices(_ range: Range<Int>) -> Range<Int> {
        let lo = glyphs.partitionPoint { $0.cluster >= range.lowerBound }
        let hi = glyphs.partitionPoint { $0.cluster >= range.upperBound }
        return lo..<max(lo, hi)
    }

    /// Width in points of UTF-16 range `range`: the sum of its glyphs' advances (kerning included) × `pointSize`.
    public func width(_ range: Range<Int>) -> Double {
        (advancePrefix[range.upperBound] - advancePrefix[range.lowerBound]) * pointSize
    }

    /// The same shaped text measured at another point size.
    public func resized(to pointSize: Double) -> ShapedText {
        var copy = self
        copy.pointSize = pointSize
        return copy
    }

    /// Width in points of `range` with trailing white space excluded (DESIGN.md §2, line width).
    public func lineWidth(_ range: Range<Int>) -> Double {
        width(trimmingTrailingWhitespace(range))
    }

    /// `range` without the white space at its end.
    public func trimmingTrailingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, TextSegmentation.isTrailingWhitespace(utf16[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// `range` without the white space at its start.
    public func trimmingLeadingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound, TextSegmentation.isTrailingWhitespace(utf16[start]) { start += 1 }
        return start..<range.upperBound
    }
}

/// Chooses a face for each grapheme cluster (first face in the chain that has all its glyphs)
/// and shapes each run of equal faces with HarfBuzz, with the whole paragraph as context.
public enum Shaper {
    /// Shapes `utf16` with `font`, in bidi runs of paragraphs whose base direction is `direction` (a `.natural`
    /// paragraph without strong characters is right-to-left when `fallbackIsRTL`). Shaping is in font units,
    /// unhinted: the result does not depend on a pixel size or scale.
    /// - Throws: `TypesettingError` for an invalid size, a primary font that cannot be loaded, or an ICU failure.
    public static func shape(_ utf16: [UInt16], font: Font,
                             direction: WritingDirection = .natural, fallbackIsRTL: Bool = false) throws -> ShapedText {
        try font.validateSize()
        let chain = font.chain
        let primary = try FontFace.load(chain[0])
        var faces: [FontFace?] = [primary] + Array(repeating: nil, count: chain.count - 1)
        func face(_ i: Int) -> FontFace? {
            if let f = faces[i] { return f }
            // A fallback that is not installed is skipped, not fatal: the primary font decides.
            let f = try? FontFace.load(chain[i])
            faces[i] = f
            return f
        }
        var glyphs: [ShapedGlyph] = []
        var missing: [Unicode.Scalar] = []
        var prefix = [Double](repeating: 0, count: utf16.count + 1)
        var starts = [Bool](repeating: false, count: utf16.count + 1)
        starts[utf16.count] = true
        let (levels, paragraphLevels) = try Bidi.levels(utf16, direction: direction, fallbackIsRTL: fallbackIsRTL)
        if !utf16.isEmpty {
            // 1. Face per cluster, merged into runs.
            let boundaries = try TextSegmentation.graphemeBoundaries(utf16)
            // Runs of one face and one bidi level.
            var runs: [(range: Range<Int>, face: Int, level: UInt8)] = []
            var start = 0
            for end in boundaries {
                let scalars = Shaper.scalars(utf16[start..<end])
                var chosen = 0
                if !scalars.allSatisfy(Shaper.needsNoGlyph) {
                    chosen = -1
                    // Emoji presentation (U+FE0F, or an Emoji_Presentation character) asks for the colour font first.
                    let wantsEmoji = scalars.contains { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }
                    let order = wantsEmoji
                        ? chain.indices.filter { face($0)?.isColorBitmap == true } + chain.indices.filter { face($0)?.isColorBitmap != true }
                        : Array(chain.indices)
                    for i in order {
                        guard let f = face(i) else { continue }
                        if scalars.allSatisfy({ Shaper.needsNoGlyph($0) || f.hasGlyph(for: $0) }) { chosen = i; break }
                    }
                    if chosen < 0 {
                        chosen = 0
                        missing += scalars.filter { !Shaper.needsNoGlyph($0) && !primary.hasGlyph(for: $0) }
                    }
                }
                let level = levels[start]
                if let last = runs.last, last.face == chosen, last.level == level, last.range.upperBound == start {
                    runs[runs.count - 1].range = last.range.lowerBound..<end
                } else {
                    runs.append((start..<end, chosen, level))
                }
                start = end
            }
            // 2. Shape each run. Control characters are not drawn (UIKit draws no box for them): HarfBuzz
            //    sees a tab as a space and other C0/C1 controls as U+200B, which it makes invisible.
            //    Both are one UTF-16 unit, so offsets are unchanged.
            let shapingText = utf16.map { u -> UInt16 in
                if u == 0x09 { return 0x20 }
                return u < 0x20 || (0x7F...0x9F).contains(u) ? 0x200B : u
            }
            for run in runs {
                guard let f = face(run.face) else { continue }
                glyphs += shapeRun(shapingText, run.range, face: f, faceIndex: run.face, rightToLeft: run.level & 1 == 1)
            }
            for g in glyphs { prefix[g.cluster + 1] += g.advance; starts[g.cluster] = true }
            for i in 0..<utf16.count { prefix[i + 1] += prefix[i] }
        }
        return ShapedText(utf16: utf16, faces: chain, glyphs: glyphs, advancePrefix: prefix,
                          pointSize: font.pointSize, missingScalars: missing, levels: levels, paragraphLevels: paragraphLevels,
                          startsCluster: starts)
    }

    /// Shapes `range` of `utf16` with HarfBuzz in font units; returns glyphs in logical order, lengths in em.
    static func shapeRun(_ utf16: [UInt16], _ range: Range<Int>, face: FontFace, faceIndex: Int,
                         rightToLeft: Bool) -> [ShapedGlyph] {
        face.withShapingFont { hbFont in
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            utf16.withUnsafeBufferPointer {
                hb_buffer_add_utf16(buffer, $0.baseAddress, Int32(utf16.count), UInt32(range.lowerBound), Int32(range.count))
            }
            hb_buffer_guess_segment_properties(buffer)   // script
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            // Language-independent shaping: results must not depend on the process locale.
            hb_buffer_set_language(buffer, hb_language_from_string("und", -1))
            hb_shape(hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            let em = Double(face.unitsPerEm)
            var out: [ShapedGlyph] = []
            out.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                out.append(ShapedGlyph(
                    faceIndex: faceIndex, glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster),
                    advance: Double(positions[i].x_advance) / em,
                    xOffset: Double(positions[i].x_offset) / em,
                    yOffset: Double(positions[i].y_offset) / em))
            }
            if hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL { out.reverse() }
            return out
        }
    }

    static func scalars(_ units: ArraySlice<UInt16>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for decoded in Unicode.UTF16.decode(units) { result.append(decoded) }
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

extension Unicode.UTF16 {
    /// Decodes code units, replacing unpaired surrogates with U+FFFD.
    static func decode(_ units: ArraySlice<UInt16>) -> [Unicode.Scalar] {
        var it = units.makeIterator()
        var parser = Unicode.UTF16.ForwardParser()
        var out: [Unicode.Scalar] = []
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let e): out.append(Unicode.UTF16.decode(e))
            case .error: out.append("\u{FFFD}")
            case .emptyInput: return out
            }
        }
    }
}

extension RandomAccessCollection {
    /// The index of the first element for which `predicate` holds, in a collection where it is false
    /// then true (a sorted partition); `endIndex` when it never holds. O(log n).
    public func partitionPoint(_ predicate: (Element) -> Bool) -> Index {
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
    public func sortedSlice(after lower: Int, through upper: Int) -> ArraySlice<Int> {
        let a = partitionPoint { $0 > lower }, b = partitionPoint { $0 > upper }
        return self[a..<Swift.max(a, b)]
    }
}
