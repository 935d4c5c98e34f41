/// A range of an attributed text drawn with its own font (docs/layout-rules.md, Attributed text): `LazyShapedText`
/// shapes each font run on its own inside each bidi run, with its neighbours as HarfBuzz context.
package struct FontRun: Sendable, Equatable {
    /// UTF-16 offsets of the text; runs are sorted, adjacent and cover the text.
    package var range: Range<Int>
    /// The run's font (resolved for the label's content size category), with its own fallback chain.
    package var font: Font
    /// pt added after each glyph cluster of the run (`kern` + `tracking`), the last one included.
    package var extraAdvance: Double
    /// An attachment's advance, pt: the run is U+FFFC drawn by no face (nil for text).
    package var attachmentAdvance: Double?

    package init(range: Range<Int>, font: Font, extraAdvance: Double = 0, attachmentAdvance: Double? = nil) {
        self.range = range
        self.font = font
        self.extraAdvance = extraAdvance
        self.attachmentAdvance = attachmentAdvance
    }
}

extension Array where Element == FontRun {
    /// The index of the run holding `offset` (the last run for an offset at or past the end), by binary search.
    package func index(containing offset: Int) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
