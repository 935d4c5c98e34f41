import CHarfBuzz
import CICU

/// A cluster that no face of the chain covers: drawn as the primary face's .notdef, its code points reported.
package struct MissingCluster: Sendable, Equatable {
    /// UTF-16 offset of the cluster's first unit.
    package var offset: Int
    /// Its code points that need a glyph and that the primary face lacks.
    package var scalars: [Unicode.Scalar]
}

/// A text analysed and shaped from its start up to a `frontier` that moves forward on demand, so that layout
/// costs what it draws and measures, not the whole text (docs/layout-rules.md, Early stop). Everything before the
/// frontier is final and equal to shaping the whole text at once:
/// - bidi levels per UAX #9 paragraph (ICU on that paragraph alone: P1 makes paragraphs independent);
/// - grapheme clusters and UAX #14 break opportunities read in steps, each continuing from the last boundary
///   found (equal to a scan from the start);
/// - a face per grapheme cluster, runs of one face and one bidi level, each shaped by HarfBuzz with its
///   neighbours as pre- and post-context. A run longer than `window` is shaped a window at a time and kept up
///   to the window's last cluster start that HarfBuzz marks neither unsafe to break nor unsafe to concat, at
///   least `margin` units before the window's end; the next window starts there. Windows sit on a grid fixed
///   by the text (each starts at the previous one's cut), so stopping early never changes what was shaped.
///
/// Offsets are UTF-16 units of the whole text; lengths are ems. Not thread-safe: one layout uses one.
package final class LazyShapedText {
    /// Units of a run shaped at once: runs up to this length are shaped whole.
    package static let defaultWindow = 1024
    /// A window's cut lies at least this many units before its end, beyond the reach of OpenType lookups
    /// that see text past the window (HarfBuzz reads 5 code points of context on each side).
    static let margin = 32

    package let utf16: [UInt16]
    /// The face chain, primary first; `ShapedGlyph.faceIndex` indexes it. With font runs, every run's chain
    /// (the first run's first), without repeats.
    package let faces: [FontFile]
    /// The font runs of an attributed text (empty: one font, `font`). Lengths of a text with runs are ems of
    /// `basePointSize`: a run's advances are scaled by its size ÷ `basePointSize` and its `extraAdvance` added.
    package let fontRuns: [FontRun]
    /// The size lengths are ems of: the font's (the label's font when there are font runs).
    package let basePointSize: Double
    /// Everything below this offset is analysed and shaped; `utf16.count` when done.
    package internal(set) var frontier = 0
    /// Glyphs of the clusters before the frontier, in logical order.
    package internal(set) var glyphs: [ShapedGlyph] = []
    /// `advancePrefix[i]` = total advance (em) of the glyphs whose cluster starts before `i`, for `i ≤ frontier`.
    package internal(set) var advancePrefix: [Double] = [0]
    /// `startsCluster[i]`: a HarfBuzz glyph cluster starts at `i` (`i ≤ frontier`; true at the frontier).
    /// A line may only break at such an offset.
    package internal(set) var startsCluster: [Bool] = [true]
    /// Grapheme-cluster boundaries in `1...frontier` where a glyph cluster starts, ascending.
    package internal(set) var graphemes: [Int] = []
    /// UAX #14 break opportunities in `1...frontier` where a glyph cluster starts (with `.hangulWordPriority`
    /// none between two Hangul characters), and their offsets.
    package internal(set) var breaks: [TextSegmentation.Break] = []
    package internal(set) var breakOffsets: [Int] = []
    /// Offsets of the tabs (U+0009) before the frontier.
    package internal(set) var tabOffsets: [Int] = []
    /// Uncovered clusters before the frontier, by offset.
    package internal(set) var missingClusters: [MissingCluster] = []
    /// Bidi embedding level of each unit of the paragraphs resolved so far (at least up to the frontier).
    package internal(set) var levels: [UInt8] = []
    /// Level of the bidi paragraph holding each unit of `levels`.
    package internal(set) var paragraphLevels: [UInt8] = []
    /// UTF-16 units handed to HarfBuzz so far (a window's units after its cut are counted again by the next).
    package internal(set) var shapedLength = 0
    /// Whether anything read up to the end of `utf16`: the frontier, a shaping call's context, a segmentation scan,
    /// and, unless the text `endsInsideParagraph`, a bidi paragraph or a `paragraph(from:)` reaching it.
    package internal(set) var readToEnd = false
    /// Whether `utf16` is a prefix of a longer text cut inside its last paragraph, at a point where no grapheme
    /// or line-break boundary before it depends on what follows (`TextSegmentation.prefixCut`).
    package let endsInsideParagraph: Bool
    /// A layout of a prefix of a label's text equals the whole text's only while this is false: `readToEnd`, or,
    /// in a text that `endsInsideParagraph`, a bidi level read at or beyond `stableLevelsEnd`.
    package var dependsOnFollowingText: Bool {
        readToEnd || (endsInsideParagraph && highestLevelRead >= stableLevelsEnd)
    }
    /// The largest offset whose bidi level (or paragraph level) was read; -1 before any.
    var highestLevelRead = -1
    /// Start of the last bidi paragraph (the open one when the text `endsInsideParagraph`), once resolved.
    var lastParagraphStart: Int?
    var stableLevelsEndCache: Int?

    let window: Int
    let keepHangulWords: Bool
    let bidiMode: Int32
    let chain: [FontFile]
    /// The font's OpenType features, for every run (`Font.features`).
    let features: [hb_feature_t]
    /// Each font run's features (its own font's).
    let runFeatures: [[hb_feature_t]]
    /// Each font run's chain as indices into `chain`, its face-choice cache (the face chosen for clusters of one
    /// BMP unit, shared by every text shaped with that chain) and emoji order; plain text has one, over `chain`.
    let runChains: [[Int]]
    let runCaches: [FaceChoiceCache]
    var runEmojiOrders: [[Int]?]
    /// The font run being shaped (the frontier only moves forward).
    var runCursor = 0
    var loadedFaces: [FontFace?]
    var triedFaces: [Bool]
    /// Grapheme boundaries and break opportunities found by ICU beyond the frontier (from `…Head` on), and
    /// the offset up to which ICU has been read.
    var pendingGraphemes: [Int] = [], pendingGraphemesHead = 0, graphemesScanned = 0
    var pendingBreaks: [TextSegmentation.Break] = [], pendingBreaksHead = 0, breaksScanned = 0
    /// The script of the run being shaped in windows (set while a run continues past the frontier).
    var continuingRunScript: hb_script_t?

    /// - Parameters:
    ///   - direction: the paragraphs' base direction; `.natural` takes each one's first strong character, and
    ///     one without is right-to-left when `fallbackIsRTL`.
    ///   - keepHangulWords: `.hangulWordPriority` (no break opportunity between two Hangul characters).
    ///   - endsInsideParagraph: `utf16` is a prefix cut inside a paragraph (`TextSegmentation.prefixCut`): its
    ///     end is not the last paragraph's end, and `dependsOnFollowingText` tracks the levels read.
    ///   - runs: font runs of an attributed text (`FontRun`: sorted, adjacent, covering the text); `font` then
    ///     only gives `basePointSize`.
    ///   - window: units of a run shaped at once (tests use small windows).
    /// - Throws: `TypesettingError` for an invalid size, a primary font that cannot be loaded, or a text longer
    ///   than ICU's 32-bit offsets.
    package init(_ utf16: [UInt16], font: Font, direction: WritingDirection = .natural, fallbackIsRTL: Bool = false,
                keepHangulWords: Bool = true, endsInsideParagraph: Bool = false, runs: [FontRun] = [],
                window: Int = LazyShapedText.defaultWindow) throws {
        try font.validateSize()
        for run in runs { try run.font.validateSize() }
        guard utf16.count < Int(Int32.max) else { throw TypesettingError.lineBreakingFailed }
        self.utf16 = utf16
        fontRuns = runs
        basePointSize = font.pointSize
        var union = runs.first?.font.chain ?? font.chain
        var runChains: [[Int]] = [], runCaches: [FaceChoiceCache] = []
        // Runs mostly repeat a few chains (a bold word, then regular text again): each distinct chain is mapped
        // into the union and its process-wide cache looked up once, not once per run.
        var distinct: [(chain: [FontFile], order: [Int], cache: FaceChoiceCache)] = []
        for run in runs {
            let runChain = run.font.chain
            if let known = distinct.first(where: { $0.chain == runChain }) {
                runChains.append(known.order); runCaches.append(known.cache)
                continue
            }
            let order = runChain.map { file in
                if let i = union.firstIndex(of: file) { return i }
                union.append(file)
                return union.count - 1
            }
            let cache = FaceChoiceCache.shared(for: runChain)
            distinct.append((runChain, order, cache))
            runChains.append(order); runCaches.append(cache)
        }
        chain = union
        faces = chain
        features = try LazyShapedText.hbFeatures(font.features)
        runFeatures = try runs.map { try LazyShapedText.hbFeatures($0.font.features) }
        // Plain text is one run over the whole chain (one face chooser for both).
        self.runChains = runs.isEmpty ? [Array(union.indices)] : runChains
        self.runCaches = runs.isEmpty ? [FaceChoiceCache.shared(for: union)] : runCaches
        runEmojiOrders = Array(repeating: nil, count: max(1, runs.count))
        loadedFaces = Array(repeating: nil, count: chain.count)
        loadedFaces[0] = try FontFace.load(chain[0])
        triedFaces = Array(repeating: false, count: chain.count)
        triedFaces[0] = true
        for run in runs where run.attachmentAdvance == nil { _ = try FontFace.load(run.font.file) }   // a run's own font must load
        self.keepHangulWords = keepHangulWords
        self.endsInsideParagraph = endsInsideParagraph
        self.window = max(window, 4 * LazyShapedText.margin)
        bidiMode = switch direction {
        case .leftToRight: 0
        case .rightToLeft: 1
        case .natural: fallbackIsRTL ? 3 : 2
        }
        // Room for what the first window shapes, at once: grown a step at a time, these arrays were reallocated
        // several times each in every short label's layout. Past the first window they grow as usual.
        let expected = min(utf16.count, self.window) + 1
        glyphs.reserveCapacity(expected)
        advancePrefix.reserveCapacity(expected)
        startsCluster.reserveCapacity(expected)
        graphemes.reserveCapacity(expected)
        breaks.reserveCapacity(expected)
        breakOffsets.reserveCapacity(expected)
    }

    // MARK: Reading

    /// Moves the frontier to at least `offset` (at most the text's end).
    package func extend(through offset: Int) throws {
        while frontier < min(offset, utf16.count) { try step() }
        if frontier >= utf16.count { readToEnd = true }
    }

    /// The paragraph that starts at `start` and where the next one starts (`TextSegmentation.paragraph`), noting
    /// when it runs to the end of the text.
    /// In a text that `endsInsideParagraph` the last paragraph's end is only where the prefix stops: a layout reads
    /// it only by moving the frontier there (noted then), as every rule compares it with offsets below the frontier.
    package func paragraph(from start: Int) -> (text: Range<Int>, next: Int) {
        let found = TextSegmentation.paragraph(in: utf16, from: start)
        if found.next >= utf16.count, !endsInsideParagraph { readToEnd = true }
        return found
    }

    /// Whether text follows the paragraph whose next one starts at `next`: assumed so at the end of a text that
    /// `endsInsideParagraph` (the layouts that could tell it from the end of the text read there, see docs/layout-rules.md,
    /// Early stop).
    package func textFollows(paragraphEndingAt next: Int) -> Bool {
        next < utf16.count || endsInsideParagraph
    }

    /// Shapes the next window (or the rest of the current run): the frontier moves forward unless at the end.
    package func extendOneStep() throws {
        if frontier < utf16.count { try step() }
        if frontier >= utf16.count { readToEnd = true }
    }

    /// Width in points of `range`: its glyphs' advances (kerning included) × `pointSize`.
    package func width(_ range: Range<Int>, pointSize: Double) throws -> Double {
        try extend(through: range.upperBound)
        return (advancePrefix[range.upperBound] - advancePrefix[range.lowerBound]) * pointSize
    }

    /// Indices into `glyphs` of the glyphs whose cluster lies in `range` (shaped first).
    package func glyphIndices(_ range: Range<Int>) throws -> Range<Int> {
        try extend(through: range.upperBound)
        return glyphs.indices(ofClustersIn: range)
    }

    /// The level of the bidi paragraph holding `offset` (0 left-to-right, 1 right-to-left).
    package func paragraphLevel(at offset: Int) throws -> UInt8 {
        try resolveBidi(through: offset)
        return paragraphLevels[offset]
    }

    /// The code points of the uncovered clusters that start in `range`, in text order.
    package func missingScalars(in range: Range<Int>) -> [Unicode.Scalar] {
        let lo = missingClusters.partitionPoint { $0.offset >= range.lowerBound }
        let hi = missingClusters.partitionPoint { $0.offset >= range.upperBound }
        return missingClusters[lo..<max(lo, hi)].flatMap(\.scalars)
    }

    // MARK: Bidi

    /// The end of the levels that no text after `utf16` could change: everything before the last bidi paragraph,
    /// and of that paragraph (when the text `endsInsideParagraph`) its `Bidi.stableLength`.
    var stableLevelsEnd: Int {
        if let known = stableLevelsEndCache { return known }
        guard endsInsideParagraph, let start = lastParagraphStart else { return utf16.count }
        let end = start + Bidi.stableLength(ofParagraph: utf16, from: start)
        stableLevelsEndCache = end
        return end
    }

    /// Resolves bidi paragraphs (ICU, one paragraph at a time) until `offset` has a level.
    func resolveBidi(through offset: Int) throws {
        highestLevelRead = max(highestLevelRead, offset)
        let n = utf16.count
        while levels.count <= offset, levels.count < n {
            let start = levels.count
            let end = utf16.withUnsafeBufferPointer { Int(lsicu_bidi_paragraph_end($0.baseAddress, Int32(n), Int32(start))) }
            var paragraph = [UInt8](repeating: 0, count: end - start)
            var level: UInt8 = 0
            let status = paragraph.withUnsafeMutableBufferPointer { out in
                utf16.withUnsafeBufferPointer {
                    lsicu_bidi_paragraph_levels($0.baseAddress! + start, Int32(end - start), bidiMode, out.baseAddress, &level)
                }
            }
            guard status == 0 else { throw TypesettingError.lineBreakingFailed }
            if end >= n {
                lastParagraphStart = start
                if !endsInsideParagraph { readToEnd = true }
            }
            levels += paragraph
            paragraphLevels += [UInt8](repeating: level, count: end - start)
        }
    }
}
