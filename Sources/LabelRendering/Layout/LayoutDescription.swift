import Foundation
import Imaging
import Typesetting

extension TextLayout {
    /// A readable, stable text form of the layout for the `.layout` snapshot strategy: sizes in pt and px,
    /// the text rect, and each line's text, UTF-16 range, rect and baseline (pt, 2 decimals), the truncation
    /// applied, missing code points and the font files used (by file name), then, for a font that asks for a
    /// weight, italic, variations or features, the primary face's weight and instance. Attributed text lists each
    /// line's runs: face, size, colour, kern, baseline offset, underline, strikethrough and background. It does not depend on the
    /// rasteriser, so it stays the same when FreeType's anti-aliasing changes.
    public var layoutDescription: String {
        let n = layoutNumber
        func rect(_ r: CGRect) -> String { "x \(n(r.minX)) y \(n(r.minY)) w \(n(r.width)) h \(n(r.height))" }
        var out = [
            "size: \(n(bounds.width)) × \(n(bounds.height)) pt = \(pixelWidth) × \(pixelHeight) px @\(n(scale))x",
            "text rect: \(rect(textRect))",
            "truncation: \(truncation?.rawValue ?? "none")" + (fontSize == fontPointSize ? "" : "\nfont size: \(n(fontSize)) pt (adjusted to fit from \(n(fontPointSize)) pt)"),
            "lines: \(lines.count)",
        ]
        if statesCorners {
            // The radii drawn (top-left, top-right, bottom-left, bottom-right), resolved from these bounds.
            out.insert("corners: " + cornerRadii.all.map { n(CGFloat($0)) }.joined(separator: " ") + " pt \(cornerCurve)"
                       + (clipsToBounds ? ", clips to bounds" : ""), at: 2)
        }
        if let viewState {
            out.insert("view state: " + viewState, at: statesCorners ? 3 : 2)
        }
        for (i, line) in lines.enumerated() {
            let quoted = line.text.unicodeScalars.map { s -> String in
                switch s {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                default: return s.value < 0x20 || s.value == 0x7F ? String(format: "\\u{%X}", s.value) : String(s)
                }
            }.joined()
            out.append("  \(i + 1). \"\(quoted)\" range \(line.range.lowerBound)..<\(line.range.upperBound) \(rect(line.rect)) baseline \(n(line.baseline))")
            // Attributed text: each run of the line, its face, drawn size, colour and kern (plain text lists none).
            for run in line.runs {
                let range = run.range.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "ellipsis"
                var parts = ["     run \(range)"]
                if let b = run.attachmentBounds {
                    parts.append("attachment \(n(b.width)) × \(n(b.height)) pt at x \(n(b.minX)) y \(n(b.minY))")
                } else {
                    parts.append(layoutFaceName(run.font))
                    parts.append("\(n(CGFloat(run.pointSize))) pt \(run.color.hexString)")
                }
                if run.kern != 0 { parts.append("kern \(n(CGFloat(run.kern)))") }
                if run.baselineOffset != 0 { parts.append("baseline offset \(n(CGFloat(run.baselineOffset)))") }
                // Decorations change the drawing, so they are listed: a run without any lists none.
                if let u = run.underline { parts.append("underline \(layoutName(u))" + (run.underlineColor.map { " " + $0.hexString } ?? "")) }
                if let s = run.strikethrough {
                    parts.append("strikethrough \(layoutName(s))" + (run.strikethroughColor.map { " " + $0.hexString } ?? ""))
                }
                if let b = run.background { parts.append("background \(b.hexString)") }
                out.append(parts.joined(separator: " "))
            }
        }
        out.append("missing: " + (missingScalars.isEmpty ? "none" : missingScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")))
        out.append("fonts: " + fontsUsed.map(layoutFaceName).joined(separator: ", "))
        if let face { out.append("face: " + face) }
        return out.joined(separator: "\n") + "\n"
    }
}

/// An underline or strikethrough style as `.layout` writes it: UIKit's name, else its raw value.
func layoutName(_ style: UnderlineStyle) -> String {
    switch style {
    case .single: "single"
    case .thick: "thick"
    case .double: "double"
    default: "0x" + String(style.rawValue, radix: 16)
    }
}

/// A face as `.layout` names it: its file's name, `#index` when not the first face, and the axes an adjustment draws
/// it at (the system font's stand-in: `Inter-4.1.ttf[opsz=14,wght=700]`, its design and weight), so two faces of
/// one file are told apart.
func layoutFaceName(_ file: FontFile) -> String {
    URL(fileURLWithPath: file.path).lastPathComponent + (file.faceIndex == 0 ? "" : "#\(file.faceIndex)")
        + ((file.adjustment?.axes ?? [:]).isEmpty ? "" : "[\(FontFile.describe(file.adjustment!.axes))]")
}

/// A length or factor as `.layout` writes it: rounded to 2 decimals, without trailing zeros ("12", "0.35").
/// Beyond 1e15 (or NaN, infinite), as Swift writes a Double ("1e+19", "inf"): Int() of it would trap.
func layoutNumber(_ v: CGFloat) -> String {
    let r = (Double(v) * 100).rounded() / 100
    guard abs(r) < 1e15 else { return "\(Double(v))" }
    if r == r.rounded() { return String(Int(r)) }
    var s = String(format: "%.2f", r)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
