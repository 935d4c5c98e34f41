import LabelRendering
import Imaging

/// A contact sheet of one locale's failures, drawn with the project's renderer: a row per string, the
/// label as the app shows it (outlined red, the lost characters as caption) beside the same label with
/// no line limit (what the text needs). A string with code points no font covers has its cells outlined
/// magenta (`.uncovered`; the as-shown cell stays red when it does not fit either) and names them in the caption;
/// one with a word broken in the middle has its as-shown cell outlined red and the word in the caption.
package enum SweepContactSheet {
    /// Rows beyond this are left off the sheet (the title says how many), so a sheet stays viewable
    /// and its memory bounded.
    package static let maximumRows = 200
    /// Lines of a "whole text" cell beyond this are left off (its caption says how many it needs).
    package static let maximumWholeTextLines = 40
    /// Characters of the lost text a caption shows; more are cut with "…".
    package static let maximumCaptionCharacters = 40
    /// Uncovered code points a caption names; more are cut with "…".
    package static let maximumCaptionScalars = 6

    /// - Throws: `LabelError` from layout or rendering, `ContactSheet` errors for an oversized sheet.
    package static func render(locale: String, failures: [FitFailure], style: LabelStyle) throws -> Bitmap {
        let shown = failures.prefix(maximumRows)
        var cells: [[ContactSheet.Cell?]] = []
        for f in shown {
            let keyStyle = style.resolved(forKey: f.key)
            let language = PseudoLocale(rawValue: f.locale)?.language ?? f.locale
            var rowStyle = keyStyle
            if PseudoLocale(rawValue: f.locale) == .rightToLeft { rowStyle.label.layoutDirection = .rightToLeft }
            // A text measured from its start (FitCheck.maximumMeasuredLength) is drawn from it too: the cells show
            // its first lines, the same as the whole text's.
            let text = f.text.utf16.count > FitCheck.maximumMeasuredLength && keyStyle.label.lineBreakMode != .byTruncatingHead
                && keyStyle.label.lineBreakMode != .byTruncatingMiddle ? String(f.text.prefix(FitCheck.maximumMeasuredLength / 4)) : f.text
            let drawn = try rowStyle.makeLabel(text: text, language: language).render()
            var whole = rowStyle
            // The whole text, but at most `maximumWholeTextLines` lines: a paragraph of thousands of words would
            // make a cell (and the sheet) taller than any bitmap may be.
            let cut = f.lines > maximumWholeTextLines
            whole.label.numberOfLines = cut ? maximumWholeTextLines : 0
            whole.height = nil
            let needed = try whole.makeLabel(text: text, language: language).render()
            // A caption is one line: a long lost text is cut, or the caption alone outgrows any bitmap.
            let lostText = f.lost.count > maximumCaptionCharacters ? f.lost.prefix(maximumCaptionCharacters) + "…" : f.lost
            let lost = f.lost.isEmpty ? "clipped" : "lost “\(lostText)”"
            let overflow = "+\(SweepReport.points(f.overflow)) pt \(f.overflowAxis == .width ? "wide" : "tall")"
            let uncovered = f.uncovered.isEmpty ? nil : "no font for " + f.uncovered.prefix(maximumCaptionScalars)
                .map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                + (f.uncovered.count > maximumCaptionScalars ? " …" : "")
            let broken = f.brokenWords.first.map { w in
                "word broken: “" + (w.count > maximumCaptionCharacters ? w.prefix(maximumCaptionCharacters) + "…" : w) + "”"
            }
            let shownCaption = f.truncation == nil ? [uncovered, broken].compactMap { $0 }.joined(separator: "; ")
                : "\(SweepReport.lines(f)), \(lost)" + (broken.map { "; " + $0 } ?? "")
            let wholeCaption = (f.truncation == nil ? "shown whole" : overflow)
                + (cut ? " (first \(maximumWholeTextLines) of \(f.lines) lines shown)" : "") + (uncovered.map { "; " + $0 } ?? "")
            cells.append([
                ContactSheet.Cell(image: drawn, mark: f.truncation == nil && f.brokenWords.isEmpty ? .uncovered : .differs,
                                  caption: shownCaption),
                ContactSheet.Cell(image: needed, mark: f.uncovered.isEmpty ? .none : .uncovered, caption: wholeCaption),
            ])
        }
        let uncovered = failures.filter { !$0.uncovered.isEmpty }.count
        let title = "\(locale): \(failures.count) string\(failures.count == 1 ? "" : "s") "
            + (uncovered == 0 ? "do\(failures.count == 1 ? "es" : "") not fit" : "fail (\(SweepReport.doNotFit(failures.count - failures.filter { $0.truncation == nil }.count)), \(uncovered) not covered by any font)")
            + (failures.count > shown.count ? " (first \(shown.count) shown)" : "")
        var sheet = ContactSheet(title: title, columnTitles: ["as shown", "whole text"],
                                 rowTitles: shown.map { $0.key + ($0.variant.isEmpty ? "" : " [\($0.variant)]") },
                                 blocks: [.init(title: "", cells: cells)])
        sheet.textScale = style.label.scale
        return try sheet.render()
    }
}
