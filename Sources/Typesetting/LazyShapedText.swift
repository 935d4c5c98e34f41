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
    package private(set) var frontier = 0
    /// Glyphs of the clusters before the frontier, in logical order.
    package private(set) var glyphs: [ShapedGlyph] = []
    /// `advancePrefix[i]` = total advance (em) of the glyphs whose cluster starts before `i`, for `i ≤ frontier`.
    package private(set) var advancePrefix: [Double] = [0]
    /// `startsCluster[i]`: a HarfBuzz glyph cluster starts at `i` (`i ≤ frontier`; true at the frontier).
    /// A line may only break at such an offset.
    package private(set) var startsCluster: [Bool] = [true]
    /// Grapheme-cluster boundaries in `1...frontier` where a glyph cluster starts, ascending.
    package private(set) var graphemes: [Int] = []
    /// UAX #14 break opportunities in `1...frontier` where a glyph cluster starts (with `.hangulWordPriority`
    /// none between two Hangul characters), and their offsets.
    package private(set) var breaks: [TextSegmentation.Break] = []
    package private(set) var breakOffsets: [Int] = []
    /// Offsets of the tabs (U+0009) before the frontier.
    package private(set) var tabOffsets: [Int] = []
    /// Uncovered clusters before the frontier, by offset.
    package private(set) var missingClusters: [MissingCluster] = []
    /// Bidi embedding level of each unit of the paragraphs resolved so far (at least up to the frontier).
    package private(set) var levels: [UInt8] = []
    /// Level of the bidi paragraph holding each unit of `levels`.
    package private(set) var paragraphLevels: [UInt8] = []
    /// UTF-16 units handed to HarfBuzz so far (a window's units after its cut are counted again by the next).
    package private(set) var shapedLength = 0
    /// Whether anything read up to the end of `utf16`: the frontier, a shaping call's context, a segmentation scan,
    /// and, unless the text `endsInsideParagraph`, a bidi paragraph or a `paragraph(from:)` reaching it.
    package private(set) var readToEnd = false
    /// Whether `utf16` is a prefix of a longer text cut inside its last paragraph, at a point where no grapheme
    /// or line-break boundary before it depends on what follows (`TextSegmentation.prefixCut`).
    package let endsInsideParagraph: Bool
    /// A layout of a prefix of a label's text equals the whole text's only while this is false: `readToEnd`, or,
    /// in a text that `endsInsideParagraph`, a bidi level read at or beyond `stableLevelsEnd`.
    package var dependsOnFollowingText: Bool {
        readToEnd || (endsInsideParagraph && highestLevelRead >= stableLevelsEnd)
    }
    /// The largest offset whose bidi level (or paragraph level) was read; -1 before any.
    private var highestLevelRead = -1
    /// Start of the last bidi paragraph (the open one when the text `endsInsideParagraph`), once resolved.
    private var lastParagraphStart: Int?
    private var stableLevelsEndCache: Int?

    private let window: Int
    private let keepHangulWords: Bool
    private let bidiMode: Int32
    private let chain: [FontFile]
    /// The font's OpenType features, for every run (`Font.features`).
    private let features: [hb_feature_t]
    /// Each font run's features (its own font's).
    private let runFeatures: [[hb_feature_t]]
    /// Each font run's chain as indices into `chain`, its face-choice cache and emoji order.
    private let runChains: [[Int]]
    private let runCaches: [FaceChoiceCache]
    private var runEmojiOrders: [[Int]?]
    /// The font run being shaped (the frontier only moves forward).
    private var runCursor = 0
    private var loadedFaces: [FontFace?]
    private var triedFaces: [Bool]
    private var emojiOrder: [Int]?
    /// The face chosen for clusters of one BMP code unit, shared by every text shaped with this chain.
    private let faceChoices: FaceChoiceCache
    /// Grapheme boundaries and break opportunities found by ICU beyond the frontier (from `…Head` on), and
    /// the offset up to which ICU has been read.
    private var pendingGraphemes: [Int] = [], pendingGraphemesHead = 0, graphemesScanned = 0
    private var pendingBreaks: [TextSegmentation.Break] = [], pendingBreaksHead = 0, breaksScanned = 0
    /// The script of the run being shaped in windows (set while a run continues past the frontier).
    private var continuingRunScript: hb_script_t?

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
        self.runChains = runChains
        self.runCaches = runCaches
        runEmojiOrders = Array(repeating: nil, count: runs.count)
        loadedFaces = Array(repeating: nil, count: chain.count)
        loadedFaces[0] = try FontFace.load(chain[0])
        triedFaces = Array(repeating: false, count: chain.count)
        triedFaces[0] = true
        for run in runs where run.attachmentAdvance == nil { _ = try FontFace.load(run.font.file) }   // a run's own font must load
        faceChoices = FaceChoiceCache.shared(for: runs.first?.font.chain ?? chain)
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
    private var stableLevelsEnd: Int {
        if let known = stableLevelsEndCache { return known }
        guard endsInsideParagraph, let start = lastParagraphStart else { return utf16.count }
        let end = start + Bidi.stableLength(ofParagraph: utf16, from: start)
        stableLevelsEndCache = end
        return end
    }

    /// Resolves bidi paragraphs (ICU, one paragraph at a time) until `offset` has a level.
    private func resolveBidi(through offset: Int) throws {
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

    // MARK: Segmentation

    /// Reads grapheme boundaries from ICU until one at or beyond `offset` is known.
    private func scanGraphemes(through offset: Int) throws {
        let n = utf16.count
        while graphemesScanned < min(offset, n) {
            let from = graphemesScanned, to = min(n, max(offset, from + 256))
            var out = [Int32](repeating: 0, count: to - from + 1)
            let count = out.withUnsafeMutableBufferPointer { o in
                utf16.withUnsafeBufferPointer {
                    lsicu_grapheme_breaks_from($0.baseAddress, Int32(n), Int32(from), Int32(to), o.baseAddress, Int32(o.count))
                }
            }
            guard count > 0 else { throw TypesettingError.lineBreakingFailed }
            for i in 0..<Int(count) { pendingGraphemes.append(Int(out[i])) }
            graphemesScanned = Int(out[Int(count) - 1])
            if graphemesScanned >= n { readToEnd = true }
        }
    }

    /// Reads break opportunities from ICU until one at or beyond `offset` is known.
    private func scanBreaks(through offset: Int) throws {
        let n = utf16.count
        while breaksScanned < min(offset, n) {
            let from = breaksScanned, to = min(n, max(offset, from + 256))
            var out = [Int32](repeating: 0, count: to - from + 1)
            var hard = [UInt8](repeating: 0, count: to - from + 1)
            let count = out.withUnsafeMutableBufferPointer { o in
                hard.withUnsafeMutableBufferPointer { h in
                    utf16.withUnsafeBufferPointer {
                        lsicu_line_breaks_from($0.baseAddress, Int32(n), Int32(from), Int32(to), o.baseAddress, h.baseAddress, Int32(o.count))
                    }
                }
            }
            guard count > 0 else { throw TypesettingError.lineBreakingFailed }
            for i in 0..<Int(count) {
                let offset = Int(out[i]), mandatory = hard[i] != 0
                if keepHangulWords, !mandatory, offset < n, offset > 0,
                   TextSegmentation.isHangul(utf16[offset]), TextSegmentation.isHangul(utf16[offset - 1]) { continue }
                pendingBreaks.append(TextSegmentation.Break(offset: offset, isMandatory: mandatory))
            }
            breaksScanned = Int(out[Int(count) - 1])
            if breaksScanned >= n { readToEnd = true }
        }
    }

    // MARK: Fallback

    private func face(_ i: Int) -> FontFace? {
        if !triedFaces[i] {
            triedFaces[i] = true
            // A fallback that is not installed is skipped, not fatal: the primary font decides.
            loadedFaces[i] = try? FontFace.load(chain[i])
        }
        return loadedFaces[i]
    }

    /// The first face of the chain that maps every code point of the cluster (docs/fonts.md, Fallback); the
    /// primary face and the uncovered code points when none does. A cluster of one BMP unit (most clusters) is
    /// looked up in the chain's process-wide `FaceChoiceCache` first.
    private func chooseFace(_ cluster: Range<Int>) -> (face: Int, missing: [Unicode.Scalar]) {
        let first = utf16[cluster.lowerBound]
        if cluster.count == 1, !UTF16.isLeadSurrogate(first), !UTF16.isTrailSurrogate(first),
           let scalar = Unicode.Scalar(first) {
            if let known = faceChoices.face(for: first) { return (known, []) }
            let choice = chooseFace(scalars: [scalar])
            // Uncovered units are not cached: their code points are reported each time.
            if choice.missing.isEmpty { faceChoices.remember(choice.face, for: first) }
            return choice
        }
        return chooseFace(scalars: Shaper.scalars(utf16[cluster]))
    }

    /// `chooseFace(_:)` for a cluster of font run `run`, over that run's chain (indices into `chain` returned).
    /// `order` and `cache` are `runChains[run]` and `runCaches[run]`, taken once per step by the caller (taking
    /// them here, once per cluster, retained and released them for every character of an attributed text).
    private func chooseFace(_ cluster: Range<Int>, run: Int, order: [Int], cache: FaceChoiceCache) -> (face: Int, missing: [Unicode.Scalar]) {
        let first = utf16[cluster.lowerBound]
        if cluster.count == 1, !UTF16.isLeadSurrogate(first), !UTF16.isTrailSurrogate(first),
           let scalar = Unicode.Scalar(first) {
            if let known = cache.face(for: first), known < order.count { return (order[known], []) }
            let choice = chooseRunFace(scalars: [scalar], run: run)
            if choice.missing.isEmpty { cache.remember(choice.local, for: first) }
            return (order[choice.local], choice.missing)
        }
        let choice = chooseRunFace(scalars: Shaper.scalars(utf16[cluster]), run: run)
        return (order[choice.local], choice.missing)
    }

    /// The first face of run `run`'s chain (an index into it) that maps every code point, as `chooseFace(scalars:)`.
    private func chooseRunFace(scalars: [Unicode.Scalar], run: Int) -> (local: Int, missing: [Unicode.Scalar]) {
        if scalars.allSatisfy(Shaper.needsNoGlyph) { return (0, []) }
        let order = runChains[run]
        let wantsEmoji = scalars.contains { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }
        if wantsEmoji, runEmojiOrders[run] == nil {
            runEmojiOrders[run] = order.indices.filter { face(order[$0])?.isColorBitmap == true }
                + order.indices.filter { face(order[$0])?.isColorBitmap != true }
        }
        for k in 0..<order.count {
            let local = wantsEmoji ? runEmojiOrders[run]![k] : k
            guard let f = face(order[local]) else { continue }
            if scalars.allSatisfy({ Shaper.needsNoGlyph($0) || f.hasGlyph(for: $0) }) { return (local, []) }
        }
        let primary = face(order[0])
        return (0, scalars.filter { !Shaper.needsNoGlyph($0) && primary?.hasGlyph(for: $0) != true })
    }

    private func chooseFace(scalars: [Unicode.Scalar]) -> (face: Int, missing: [Unicode.Scalar]) {
        if scalars.allSatisfy(Shaper.needsNoGlyph) { return (0, []) }
        // Emoji presentation (U+FE0F, or an Emoji_Presentation character) asks for the colour font first.
        let wantsEmoji = scalars.contains { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }
        if wantsEmoji, emojiOrder == nil {
            emojiOrder = chain.indices.filter { face($0)?.isColorBitmap == true } + chain.indices.filter { face($0)?.isColorBitmap != true }
        }
        let order = wantsEmoji ? emojiOrder ?? [] : []
        for k in 0..<chain.count {
            let i = wantsEmoji ? order[k] : k
            guard let f = face(i) else { continue }
            if scalars.allSatisfy({ Shaper.needsNoGlyph($0) || f.hasGlyph(for: $0) }) { return (i, []) }
        }
        let primary = loadedFaces[0]
        return (0, scalars.filter { !Shaper.needsNoGlyph($0) && primary?.hasGlyph(for: $0) != true })
    }

    // MARK: Shaping

    /// One step: the clusters from the frontier that share its face and bidi level, up to the window; shaped
    /// whole when the run ends inside the window, else cut at a safe cluster start (the window doubles when it
    /// holds none).
    private func step() throws {
        let n = utf16.count, start = frontier
        var size = window
        // With font runs: the run holding the frontier ends the clusters shaped together (a cluster belongs to the
        // run its first unit is in); an attachment is committed without shaping.
        var runEnd = n, run = 0
        if !fontRuns.isEmpty {
            while runCursor + 1 < fontRuns.count, fontRuns[runCursor + 1].range.lowerBound <= start { runCursor += 1 }
            run = runCursor
            runEnd = min(n, fontRuns[run].range.upperBound)
            if let advance = fontRuns[run].attachmentAdvance { return try commitAttachment(advance, upTo: runEnd) }
        }
        while true {
            let target = min(n, start + size)
            try scanGraphemes(through: target)
            var clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])] = []
            clusters.reserveCapacity(min(target - start, pendingGraphemes.count - pendingGraphemesHead) + 1)
            var runFace = 0, runLevel: UInt8 = 0, end = start, runEnds = false
            var g = pendingGraphemesHead
            let runOrder = fontRuns.isEmpty ? [] : runChains[run], runCache = fontRuns.isEmpty ? nil : runCaches[run]
            while g < pendingGraphemes.count {
                let b = pendingGraphemes[g]
                if end >= runEnd, !clusters.isEmpty { runEnds = true; break }
                try resolveBidi(through: end)
                let (face, missing) = if let runCache { chooseFace(end..<b, run: run, order: runOrder, cache: runCache) } else { chooseFace(end..<b) }
                let level = levels[end]
                if clusters.isEmpty { runFace = face; runLevel = level } else if face != runFace || level != runLevel { runEnds = true; break }
                if end >= target { break }   // one cluster looked at beyond the window: the run goes on
                clusters.append((end..<b, face, missing))
                end = b
                g += 1
                if g == pendingGraphemes.count, end < n { try scanGraphemes(through: end + 1) }
            }
            if end >= n { runEnds = true }
            let script = continuingRunScript ?? runScript(start..<end)
            if script == nil, !runEnds { size *= 2; continue }   // no script yet: HarfBuzz would look further
            guard let f = face(runFace) else { throw TypesettingError.lineBreakingFailed }
            let rightToLeft = runLevel & 1 == 1
            if runEnds {
                let shaped = shape(start..<end, face: f, faceIndex: runFace, rightToLeft: rightToLeft,
                                   script: script ?? HB_SCRIPT_INVALID, partial: false)
                try commit(shaped.glyphs, through: end, clusters: clusters)
                continuingRunScript = nil
                return
            }
            let shaped = shape(start..<end, face: f, faceIndex: runFace, rightToLeft: rightToLeft,
                               script: script ?? HB_SCRIPT_INVALID, partial: true)
            let boundaries = Set(clusters.map(\.range.lowerBound))
            var cut: Int?
            var i = shaped.glyphs.count - 1
            while i > 0 {
                let c = shaped.glyphs[i].cluster
                var j = i
                var safe = true
                while j >= 0, shaped.glyphs[j].cluster == c { safe = safe && !shaped.unsafe[j]; j -= 1 }
                if safe, c > start, c <= end - LazyShapedText.margin, boundaries.contains(c) { cut = c; break }
                i = j
            }
            guard let cut else { size *= 2; continue }
            try commit(Array(shaped.glyphs.prefix { $0.cluster < cut }), through: cut,
                   clusters: clusters.filter { $0.range.upperBound <= cut })
            continuingRunScript = script
            return
        }
    }

    /// HarfBuzz's guess for a run (`hb_buffer_guess_segment_properties`): the script of its first code point
    /// that is not Common, Inherited or Unknown; nil when there is none in `range`.
    private func runScript(_ range: Range<Int>) -> hb_script_t? {
        let funcs = hb_unicode_funcs_get_default()
        var i = range.lowerBound
        while i < range.upperBound {
            let u = utf16[i]
            var value = UInt32(u)
            if UTF16.isLeadSurrogate(u), i + 1 < range.upperBound, UTF16.isTrailSurrogate(utf16[i + 1]) {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(utf16[i + 1]) - 0xDC00)
                i += 1
            } else if UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) {
                value = 0xFFFD
            }
            i += 1
            let script = hb_unicode_script(funcs, value)
            if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN { return script }
        }
        return nil
    }

    /// Shapes `range` with HarfBuzz in font units, with up to 16 units of context on each side (HarfBuzz reads 5
    /// code points); glyphs in logical order, lengths in em, and (when `partial`; else empty) whether each is
    /// unsafe to break or concat at.
    private func shape(_ range: Range<Int>, face: FontFace, faceIndex: Int, rightToLeft: Bool, script: hb_script_t,
                       partial: Bool) -> (glyphs: [ShapedGlyph], unsafe: [Bool]) {
        shapedLength += range.count
        let base = max(0, range.lowerBound - 16), limit = min(utf16.count, range.upperBound + 16)
        if limit >= utf16.count { readToEnd = true }   // HarfBuzz saw the end (its context stops there)
        return utf16.withUnsafeBufferPointer { whole in
            let source = UnsafeBufferPointer(rebasing: whole[base..<limit])
            // Control characters are not drawn (UIKit draws no box for them): HarfBuzz sees a tab as a space and
            // other C0/C1 controls as U+200B, which it makes invisible. Both are one UTF-16 unit. Most text has
            // none and is handed to HarfBuzz where it lies.
            var mapped: [UInt16] = []
            if source.contains(where: LazyShapedText.isControl) {
                mapped = source.map { $0 == 0x09 ? 0x20 : LazyShapedText.isControl($0) ? 0x200B : $0 }
            }
            return face.withShapingFont { hbFont, buffer in
                let add = { (units: UnsafeBufferPointer<UInt16>) in
                    hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound - base), Int32(range.count))
                }
                if mapped.isEmpty { add(source) } else { mapped.withUnsafeBufferPointer(add) }
                hb_buffer_set_script(buffer, script)   // as guessed for the whole run
                hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                // Language-independent shaping: results must not depend on the process locale.
                hb_buffer_set_language(buffer, LazyShapedText.undeterminedLanguage)
                if partial { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT) }
                (fontRuns.isEmpty ? features : runFeatures[fontRuns.index(containing: range.lowerBound)]).withUnsafeBufferPointer { hb_shape(hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
                var count: UInt32 = 0
                guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                      let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], []) }
                let n = Int(count), em = Double(face.unitsPerEm) / face.sizeAdjust   // size-adjust scales advances
                // Written in logical order: a right-to-left run's glyphs come from HarfBuzz in visual order.
                let glyphs = [ShapedGlyph](unsafeUninitializedCapacity: n) { out, initialized in
                    for i in 0..<n {
                        out.baseAddress!.advanced(by: rightToLeft ? n - 1 - i : i).initialize(to: ShapedGlyph(
                            faceIndex: faceIndex, glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster) + base,
                            advance: Double(positions[i].x_advance) / em,
                            xOffset: Double(positions[i].x_offset) / em,
                            yOffset: Double(positions[i].y_offset) / em))
                    }
                    initialized = n
                }
                guard partial else { return (glyphs, []) }
                let unsafeFlags = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue | HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
                let unsafe = [Bool](unsafeUninitializedCapacity: n) { out, initialized in
                    for i in 0..<n {
                        out[rightToLeft ? n - 1 - i : i] = hb_glyph_info_get_glyph_flags(infos + i).rawValue & unsafeFlags != 0
                    }
                    initialized = n
                }
                return (glyphs, unsafe)
            }
        }
    }

    /// `Font.features` as HarfBuzz features over the whole buffer, sorted by tag (one order for one set).
    /// - Throws: `TypesettingError.invalidFontFeature` for a key that is not a tag of 1 to 4 printable ASCII
    ///   characters; `TypesettingError.invalidFontFeatureValue` for a value outside 0 … `UInt32.max`.
    static func hbFeatures(_ features: [String: Int]) throws -> [hb_feature_t] {
        guard !features.isEmpty else { return [] }
        return try features.sorted { $0.key < $1.key }.map { tag, value in
            let bytes = Array(tag.utf8)
            guard (1...4).contains(bytes.count), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw TypesettingError.invalidFontFeature(tag) }
            guard value >= 0, value <= Int(UInt32.max) else { throw TypesettingError.invalidFontFeatureValue(tag: tag, value: value) }
            return hb_feature_t(tag: hb_tag_from_string(tag, Int32(bytes.count)), value: UInt32(value),
                                start: 0, end: UInt32.max)
        }
    }

    /// A C0 or C1 control character (the tab included): HarfBuzz is given another character for it.
    private static func isControl(_ u: UInt16) -> Bool { u < 0x20 || (u >= 0x7F && u <= 0x9F) }

    /// "und": language-independent shaping, looked up once (`hb_language_from_string` searches a list).
    nonisolated(unsafe) private static let undeterminedLanguage = hb_language_from_string("und", -1)

    /// Makes `[frontier, end)` final: glyphs, advances, cluster starts, tabs, uncovered clusters, and the
    /// grapheme boundaries and break opportunities up to `end` that fall on a glyph cluster's start.
    private func commit(_ shapedGlyphs: [ShapedGlyph], through end: Int,
                        clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])], scaled: Bool = true) throws {
        let start = frontier
        let newGlyphs = fontRuns.isEmpty || !scaled ? shapedGlyphs : inBaseEms(shapedGlyphs, run: fontRuns.index(containing: start))
        // Local arrays, moved out and back: no copy, and no exclusivity check per element in debug builds.
        var starts = startsCluster, prefix = advancePrefix
        startsCluster = []; advancePrefix = []
        var sums = [Double](repeating: 0, count: end - start)
        starts += [Bool](repeating: false, count: end - start)
        for g in newGlyphs { sums[g.cluster - start] += g.advance; starts[g.cluster] = true }
        starts[end] = true
        for i in 0..<(end - start) { prefix.append(sums[i] + prefix[start + i]) }
        glyphs += newGlyphs
        for i in start..<end where utf16[i] == 0x09 { tabOffsets.append(i) }
        for c in clusters where !c.missing.isEmpty { missingClusters.append(MissingCluster(offset: c.range.lowerBound, scalars: c.missing)) }
        frontier = end
        if end >= utf16.count { readToEnd = true }
        var boundaries = graphemes
        graphemes = []
        while pendingGraphemesHead < pendingGraphemes.count, pendingGraphemes[pendingGraphemesHead] <= end {
            let b = pendingGraphemes[pendingGraphemesHead]
            if starts[b] { boundaries.append(b) }
            pendingGraphemesHead += 1
        }
        graphemes = boundaries
        // The break scan runs with the frontier (it only ever needs offsets up to it).
        try scanBreaks(through: end)
        var opportunities = breaks, offsets = breakOffsets
        breaks = []; breakOffsets = []
        while pendingBreaksHead < pendingBreaks.count, pendingBreaks[pendingBreaksHead].offset <= end {
            let b = pendingBreaks[pendingBreaksHead]
            if starts[b.offset] { opportunities.append(b); offsets.append(b.offset) }
            pendingBreaksHead += 1
        }
        breaks = opportunities; breakOffsets = offsets
        startsCluster = starts; advancePrefix = prefix
        if pendingGraphemesHead > 4096 { pendingGraphemes.removeFirst(pendingGraphemesHead); pendingGraphemesHead = 0 }
        if pendingBreaksHead > 4096 { pendingBreaks.removeFirst(pendingBreaksHead); pendingBreaksHead = 0 }
    }
}

extension LazyShapedText {
    /// A font run's glyphs in ems of `basePointSize`: advances and offsets × its size ÷ the base size, and the run's
    /// `extraAdvance` (kern, tracking) after the last glyph of each glyph cluster.
    private func inBaseEms(_ glyphs: [ShapedGlyph], run: Int) -> [ShapedGlyph] {
        let r = fontRuns[run], factor = r.font.pointSize / basePointSize, extra = r.extraAdvance / basePointSize
        var out = glyphs
        for i in out.indices {
            out[i].advance *= factor; out[i].xOffset *= factor; out[i].yOffset *= factor
            if extra != 0, i + 1 == out.count || out[i + 1].cluster != out[i].cluster { out[i].advance += extra }
        }
        return out
    }

    /// An attachment run (U+FFFC): each grapheme cluster up to `end` is one glyph of no face (`glyphID` 0 of
    /// face 0, not drawn), `advance` pt wide, at the level of its bidi run.
    private func commitAttachment(_ advance: Double, upTo end: Int) throws {
        let start = frontier
        try scanGraphemes(through: end)
        var clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])] = []
        var glyphs: [ShapedGlyph] = []
        var from = start
        var g = pendingGraphemesHead
        while from < end, g < pendingGraphemes.count {
            let b = pendingGraphemes[g]
            try resolveBidi(through: from)
            clusters.append((from..<b, 0, []))
            glyphs.append(ShapedGlyph(faceIndex: 0, glyphID: 0, cluster: from, advance: advance / basePointSize, xOffset: 0, yOffset: 0))
            from = b
            g += 1
        }
        try commit(glyphs, through: max(from, start + 1), clusters: clusters, scaled: false)
    }
}

extension Array where Element == ShapedGlyph {
    /// Indices of the glyphs whose cluster lies in `range` (glyphs in logical order, clusters non-decreasing),
    /// by binary search.
    package func indices(ofClustersIn range: Range<Int>) -> Range<Int> {
        let lo = partitionPoint { $0.cluster >= range.lowerBound }
        let hi = partitionPoint { $0.cluster >= range.upperBound }
        return lo..<Swift.max(lo, hi)
    }
}
