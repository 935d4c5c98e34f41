import Foundation
import Imaging
import Typesetting

/// A label's `attributedText` resolved for layout (docs/layout-rules.md, Attributed text): one run per range of equal
/// attributes, each with its font (for the content size category, Markdown's intents), colours for the
/// appearance, and the paragraph styles. Missing attributes take the label's properties.
struct RichText {
    struct Run {
        var range: Range<Int>
        /// The run's font at its size (resolved for `contentSizeCategory`, strong/emphasis/code applied).
        var font: Font
        var color: Color
        var backgroundColor: Color?
        /// `kern` + `tracking`, pt after each character.
        var kern: CGFloat
        var baselineOffset: CGFloat
        var underline: UnderlineStyle?
        var underlineColor: Color?
        var strikethrough: UnderlineStyle?
        var strikethroughColor: Color?
        var paragraphStyle: ParagraphStyle?
        var attachment: TextAttachment?
        /// The font's metrics at `font.pointSize`.
        var metrics: FontMetrics
    }

    let runs: [Run]
    /// The ranges shaped together: adjacent attribute runs of one font and kern merged, attachments alone.
    let fontRuns: [FontRun]
    /// The style of a paragraph without a `paragraphStyle` attribute: the label's own properties.
    let labelStyle: ParagraphStyle

    /// - Throws: `TypesettingError` for a run font that cannot be loaded or an invalid size.
    init(_ attributed: AttributedString, label: PaddedLabel, baseFont: Font, language: String?) throws {
        var style = ParagraphStyle()
        style.alignment = label.textAlignment
        style.lineBreakMode = label.lineBreakMode
        style.lineBreakStrategy = label.lineBreakStrategy
        style.lineSpacing = label.lineSpacing
        style.lineHeightMultiple = label.lineHeightMultiple
        style.tabStops = label.tabStops
        style.defaultTabInterval = label.defaultTabInterval
        labelStyle = style
        let appearance = label.userInterfaceStyle, contrast = label.accessibilityContrast
        let textColor = label.stateTextColor(label.textColor.resolved(for: appearance, contrast: contrast))
        var runs: [Run] = [], fontRuns: [FontRun] = []
        let utf16 = attributed.utf16
        var offset = 0
        for run in attributed.runs {
            let length = utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            guard length > 0 else { continue }
            let range = offset..<(offset + length)
            offset += length
            var font = run.font.map { $0.resolved(for: label.contentSizeCategory).forLanguage(language) } ?? baseFont
            if let intent = run.inlinePresentationIntent { font = RichText.font(font, for: intent) }
            var underline = run.underlineStyle, strike = run.strikethroughStyle
            if run.inlinePresentationIntent?.contains(.strikethrough) == true, strike == nil { strike = .single }
            if underline?.isEmpty == true { underline = nil }
            if strike?.isEmpty == true { strike = nil }
            let kern = (run.kern ?? 0) + (run.tracking ?? 0)
            let metrics = try FontFace.load(font.file).metrics(pointSize: font.pointSize)
            runs.append(Run(range: range, font: font, color: run.foregroundColor.map { label.stateTextColor($0.resolved(for: appearance, contrast: contrast)) } ?? textColor,
                            backgroundColor: run.backgroundColor?.resolved(for: appearance, contrast: contrast), kern: kern,
                            baselineOffset: run.baselineOffset ?? 0,
                            underline: underline, underlineColor: run.underlineColor?.resolved(for: appearance, contrast: contrast),
                            strikethrough: strike, strikethroughColor: run.strikethroughColor?.resolved(for: appearance, contrast: contrast),
                            paragraphStyle: run.paragraphStyle, attachment: run.attachment, metrics: metrics))
            // Shaping follows font runs, not attribute runs: a colour, background, decoration or baseline offset
            // change inside one face, size and kern keeps the text one HarfBuzz run, so a kern pair or ligature
            // across it applies (docs/layout-rules.md, Attributed text).
            let attachmentAdvance = run.attachment.map { Double($0.bounds.width) + Double(kern) }
            if attachmentAdvance == nil, let previous = fontRuns.last, previous.attachmentAdvance == nil, previous.font == font,
               previous.extraAdvance == Double(kern), previous.range.upperBound == range.lowerBound {
                fontRuns[fontRuns.count - 1].range = previous.range.lowerBound..<range.upperBound
            } else {
                fontRuns.append(FontRun(range: range, font: font, extraAdvance: Double(kern), attachmentAdvance: attachmentAdvance))
            }
        }
        self.runs = runs
        self.fontRuns = fontRuns
    }

    /// Markdown's inline intents on a font: strong → bold, emphasis → italic, code → DejaVu Sans Mono, of the
    /// run's family (docs/layout-rules.md, Attributed text).
    static func font(_ font: Font, for intent: InlinePresentationIntent) -> Font {
        var f = font
        if intent.contains(.code) {
            var mono = Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: f.pointSize, fallbacks: f.fallbacks)
            mono.dynamicType = f.dynamicType
            f = mono
        }
        if intent.contains(.stronglyEmphasized), f.weight.rawValue < Font.Weight.bold.rawValue { f = f.withWeight(.bold) }
        if intent.contains(.emphasized) { f = f.italic() }
        return f
    }

    /// The index of the attribute run holding `offset` (the last run at the end), by binary search.
    func runIndex(at offset: Int) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return max(lo, 0)
    }

    /// The style of the paragraph starting at `start`: its first character's `paragraphStyle`, else the label's.
    func style(forParagraphAt start: Int) -> ParagraphStyle {
        guard !runs.isEmpty else { return labelStyle }
        return runs[runIndex(at: start)].paragraphStyle ?? labelStyle
    }

    /// The runs that overlap `range` (the run holding its start when it is empty), as indices.
    func runIndices(overlapping range: Range<Int>) -> Range<Int> {
        guard !runs.isEmpty else { return 0..<0 }
        let first = runIndex(at: range.lowerBound)
        var last = first
        while last + 1 < runs.count, runs[last + 1].range.lowerBound < range.upperBound { last += 1 }
        return first..<(last + 1)
    }
}

/// A line's box (docs/layout-rules.md, Attributed text): its height and the distance from its top to its baseline, pt.
struct LineBox: Equatable {
    var height: CGFloat
    var baselineFromTop: CGFloat
}
