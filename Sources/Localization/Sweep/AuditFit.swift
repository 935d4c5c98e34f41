import Foundation
import LabelRendering
import Typesetting

/// The audit's truncation check in one cell: the fits check's kinds (`FitFailure.Kind`: cut, not covered, word
/// broken), read from the cell's own layout, and lines drawn outside the label's bounds.
enum AuditFit {
    static func truncation(_ label: PaddedLabel, layout: TextLayout) throws -> AccessibilityReport.Result {
        var kinds: [String] = [], measures: [String] = []
        if let mode = layout.truncation {
            kinds.append(cutWords(mode))
            measures.append(try cutMeasure(label, layout: layout))
        }
        let broken = try FitCheck.brokenWords(label, layout)
        if !broken.isEmpty { kinds.append("word broken inside (\(broken.map { "“\($0)”" }.joined(separator: ", ")))") }
        let missing = FitCheck.distinct(layout.missingScalars)
        if !missing.isEmpty {
            kinds.append("drawn as boxes (\(missing.prefix(4).map { String(format: "U+%04X", $0.value) }.joined(separator: ", "))"
                         + (missing.count > 4 ? " …" : "") + ")")
        }
        if let outside = linesOutside(layout) {
            kinds.append("glyphs outside the bounds")
            measures.append(outside)
        }
        return .init(check: .truncation, passed: kinds.isEmpty, subject: kinds.isEmpty ? "fits" : kinds.joined(separator: ", "),
                     measure: measures.isEmpty ? nil : measures.joined(separator: "; "))
    }

    /// "truncated (tail)", "clipped", "lines dropped".
    static func cutWords(_ mode: LineBreakMode) -> String {
        switch mode {
        case .byTruncatingTail: "truncated (tail)"
        case .byTruncatingHead: "truncated (head)"
        case .byTruncatingMiddle: "truncated (middle)"
        case .byClipping: "clipped"
        case .byWordWrapping, .byCharWrapping: "lines dropped"
        }
    }

    /// How much did not fit: a single line's natural width against the text rect's ("text 212 pt wide in 140 pt"),
    /// else the lines the text needs at the label's width against those drawn ("needs 4 lines, shows 2").
    static func cutMeasure(_ label: PaddedLabel, layout: TextLayout) throws -> String {
        let singleLine = label.numberOfLines == 1 || label.lineBreakMode == .byTruncatingMiddle
        if singleLine {
            var natural = label
            natural.bounds = nil
            natural.adjustsFontSizeToFitWidth = false
            let width = Double(try natural.intrinsicContentSize.width - natural.insets.horizontal)
            return "text \(AuditWording.points(width)) pt wide in \(AuditWording.points(Double(layout.textRect.width))) pt"
        }
        var unlimited = label
        unlimited.numberOfLines = 0
        unlimited.bounds = nil
        unlimited.preferredMaxLayoutWidth = max(1, layout.textRect.width)
        let needed = try FitCheck.measuringLayout(unlimited).lines.count
        return "needs \(needed) lines, shows \(layout.lines.count)"
    }

    /// Where a drawn line's box leaves the bounds (a bounds shorter than one line, a line wider than the bounds):
    /// "line 1 spans −3…21 pt of 18 pt"; nil when every line is inside.
    static func linesOutside(_ layout: TextLayout) -> String? {
        let tolerance = 0.5 / Double(max(layout.scale, 1))
        let w = Double(layout.bounds.width), h = Double(layout.bounds.height)
        for (i, line) in layout.lines.enumerated() {
            let r = line.rect
            if Double(r.minY) < -tolerance || Double(r.maxY) > h + tolerance {
                return "line \(i + 1) spans \(AuditWording.points(Double(r.minY)))…\(AuditWording.points(Double(r.maxY))) pt of \(AuditWording.points(h)) pt"
            }
            if Double(r.minX) < -tolerance || Double(r.maxX) > w + tolerance {
                return "line \(i + 1) spans \(AuditWording.points(Double(r.minX)))…\(AuditWording.points(Double(r.maxX))) pt across \(AuditWording.points(w)) pt"
            }
        }
        return nil
    }
}
