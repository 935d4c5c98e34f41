import Foundation
import Imaging
import Typesetting

extension PaddedLabel {
    /// A stretch of the text in one font and one colour, as the accessibility audit judges its contrast.
    package struct TextRun: Sendable {
        /// UTF-16 range of the label's text.
        package var range: Range<Int>
        /// The run's characters.
        package var text: String
        /// Its font, resolved for `contentSizeCategory` (Markdown's strong and emphasis applied).
        package var font: Font
        /// The colour given (`highlightedTextColor` when highlighted, the run's `foregroundColor`, else `textColor`),
        /// unresolved: a system colour keeps its name.
        package var givenColor: Color
        /// The colour drawn: resolved for the appearance and contrast, the view state applied (`stateTextColor`:
        /// highlighted, then disabled dimming), as the renderer draws it; the group `alpha` is not in it.
        package var drawnColor: Color
        /// The run's own `backgroundColor` attribute, unresolved and resolved (nil: none).
        package var givenBackground: Color?
        package var drawnBackground: Color?
    }

    /// The text as runs of one font and colour, in text order: one run for plain text, the attribute runs of
    /// `attributedText` (attachments and empty runs left out). Colours and fonts as layout resolves them.
    /// - Throws: `TypesettingError` for a run font that cannot be loaded.
    package func textRuns() throws -> [TextRun] {
        let style = userInterfaceStyle, contrast = accessibilityContrast
        let highlight = isHighlighted ? highlightedTextColor : nil
        guard let attributed = attributedText else {
            let given = highlight ?? textColor
            return [TextRun(range: 0..<text.utf16.count, text: text, font: languageFont, givenColor: given,
                            drawnColor: stateTextColor(textColor.resolved(for: style, contrast: contrast)))]
        }
        let rich = try RichText(attributed, label: self, baseFont: languageFont, language: effectiveLanguage)
        // RichText's runs are the attribute runs of positive length, in order: walk them alongside for the colours
        // as given (RichText holds them resolved).
        var given: [(foreground: Color?, background: Color?, attachment: Bool)] = []
        for run in attributed.runs where !run.range.isEmpty {
            given.append((run.foregroundColor, run.backgroundColor, run.attachment != nil))
        }
        let utf16 = Array(text.utf16)
        return zip(rich.runs, given).compactMap { run, g in
            guard !g.attachment, run.range.upperBound <= utf16.count else { return nil }
            return TextRun(range: run.range, text: String(decoding: utf16[run.range], as: UTF16.self), font: run.font,
                           givenColor: highlight ?? g.foreground ?? textColor, drawnColor: run.color,
                           givenBackground: g.background, drawnBackground: run.backgroundColor)
        }
    }
}
