import Support
import Foundation
import LabelRendering
import Typesetting

extension LabelProperty {
    /// Texts up to this many UTF-8 bytes are stated whole; longer ones by their first
    /// `statedTextPrefix` characters, length and digest, so the provenance chunk stays small (a 1.4 MB text
    /// made a 1.4 MB reference) and below `PNGCodec.maximumTextByteCount`.
    package static let wholeTextByteLimit = 512, statedTextPrefix = 200

    /// `text="…"` (quotes and backslashes escaped, control characters as `\u{…}`), or for a long text
    /// `text="<first 200 characters>" textLength=<characters> textSHA256=<SHA-256 of its UTF-8, hex>`:
    /// deterministic, and a changed text still changes the line.
    package static func describe(text: String) -> String {
        func quoted(_ s: Substring) -> String {
            "\"" + s.unicodeScalars.map { $0 == "\"" ? "\\\"" : $0 == "\\" ? "\\\\" : $0.value < 0x20 ? $0.escaped(asASCII: true) : String($0) }.joined() + "\""
        }
        guard text.utf8.count > wholeTextByteLimit else { return "text=" + quoted(text[...]) }
        let digest = SHA256Digest.of(Array(text.utf8))?.hex ?? "unavailable"
        return "text=\(quoted(text.prefix(statedTextPrefix))) textLength=\(text.count) textSHA256=\(digest)"
    }

    /// An attributed text's runs for the provenance: each range (UTF-16) with the attributes it sets, in order
    /// (`0..<3{font=DejaVuSans-Bold.ttf#0 12pt color=#FFFFFFFF kern=1.2}`; a font's instance, features and a
    /// stand-in file drawn unadjusted when present: `variations=wght=650 features=tnum=1 sizeAdjust=none`; an
    /// attachment's image by its size and
    /// the XXH3-128 of its RGBA pixels), and the paragraph styles that differ from the default.
    package static func describe(attributedText: AttributedString) -> String {
        func n(_ v: Double) -> String { LabelDescriptionFormat.number(v) }
        var parts: [String] = []
        var offset = 0
        let u = attributedText.utf16
        for run in attributedText.runs {
            let length = u.distance(from: run.range.lowerBound, to: run.range.upperBound)
            defer { offset += length }
            var a: [String] = []
            if let f = run.font {
                a.append("font=\(URL(fileURLWithPath: f.file.path).lastPathComponent)#\(f.file.faceIndex) \(n(f.pointSize))pt")
                // What else draws the run differently, stated only when present, so plain runs keep their line:
                // the instance, the features, and a stand-in's file drawn without the system font's size-adjust.
                if !f.file.variations.isEmpty { a.append("variations=\(f.file.variationsDescription)") }
                if !f.features.isEmpty { a.append("features=\(f.featuresDescription)") }
                if f.file.adjustment == nil && SystemFont.isStandInFile(f.file.path) { a.append("sizeAdjust=none") }
            }
            if let c = run.foregroundColor { a.append("color=\(c)") }
            if let c = run.backgroundColor { a.append("backgroundColor=\(c)") }
            if let k = run.kern { a.append("kern=\(n(Double(k)))") }
            if let k = run.tracking { a.append("tracking=\(n(Double(k)))") }
            if let b = run.baselineOffset { a.append("baselineOffset=\(n(Double(b)))") }
            if let s = run.underlineStyle { a.append("underline=\(s.rawValue)") }
            if let c = run.underlineColor { a.append("underlineColor=\(c)") }
            if let s = run.strikethroughStyle { a.append("strikethrough=\(s.rawValue)") }
            if let c = run.strikethroughColor { a.append("strikethroughColor=\(c)") }
            if let i = run.inlinePresentationIntent { a.append("intent=\(i.rawValue)") }
            if let t = run.attachment {
                let b = t.bounds
                // The image's pixels by digest: another icon of the same size is another label.
                let pixels = t.image.pixels.withUnsafeBytes { XXH128Digest.of($0) }.hex
                a.append("attachment=\(t.image.width)x\(t.image.height)px pixels-xxh128=\(pixels) bounds=\(n(Double(b.minX))),\(n(Double(b.minY))),\(n(Double(b.width))),\(n(Double(b.height)))")
            }
            if let p = run.paragraphStyle { a.append("paragraphStyle{\(LabelProperty.describe(paragraphStyle: p))}") }
            if !a.isEmpty { parts.append("\(offset)..<\(offset + length){\(a.joined(separator: " "))}") }
        }
        return "attributedText=" + (parts.isEmpty ? "plain" : parts.joined(separator: ","))
    }

    static func describe(paragraphStyle p: ParagraphStyle) -> String {
        func n(_ v: CGFloat) -> String { LabelDescriptionFormat.number(Double(v)) }
        let d = ParagraphStyle.default
        var a: [String] = []
        if p.alignment != d.alignment { a.append("alignment=\(p.alignment)") }
        if p.lineBreakMode != d.lineBreakMode { a.append("lineBreakMode=\(p.lineBreakMode)") }
        if p.lineBreakStrategy != d.lineBreakStrategy { a.append("lineBreakStrategy=\(p.lineBreakStrategy.rawValue)") }
        let lengths: [(String, CGFloat, CGFloat)] = [
            ("lineSpacing", p.lineSpacing, d.lineSpacing), ("lineHeightMultiple", p.lineHeightMultiple, d.lineHeightMultiple),
            ("minimumLineHeight", p.minimumLineHeight, d.minimumLineHeight), ("maximumLineHeight", p.maximumLineHeight, d.maximumLineHeight),
            ("paragraphSpacing", p.paragraphSpacing, d.paragraphSpacing), ("paragraphSpacingBefore", p.paragraphSpacingBefore, d.paragraphSpacingBefore),
            ("firstLineHeadIndent", p.firstLineHeadIndent, d.firstLineHeadIndent), ("headIndent", p.headIndent, d.headIndent),
            ("tailIndent", p.tailIndent, d.tailIndent), ("defaultTabInterval", p.defaultTabInterval, d.defaultTabInterval)]
        for (name, v, dv) in lengths where v != dv { a.append("\(name)=\(n(v))") }
        if p.baseWritingDirection != d.baseWritingDirection { a.append("baseWritingDirection=\(p.baseWritingDirection)") }
        if p.tabStops != d.tabStops { a.append("tabStops=" + p.tabStops.map { n($0.location) }.joined(separator: ",")) }
        return a.joined(separator: " ")
    }
}
