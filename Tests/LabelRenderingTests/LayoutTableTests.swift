import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// A table of layout cases: each row is a label and the values UIKit's rules give for it, computed here
/// from the font's advance and kerning tables in font units (`FontReference`), never copied from the program's output.
final class LayoutTableTests: XCTestCase {
    struct Case {
        var name: String
        var label: PaddedLabel
        /// Expected lines (drawn text) when laid out in `label.bounds`, if checked.
        var lines: [String]?
        /// Expected bounds size (intrinsic when `label.bounds` is nil), if checked.
        var size: CGSize?
        /// Expected size from `sizeThatFits(proposal)`, if checked.
        var proposal: CGSize? = nil
        var fits: CGSize? = nil
        var truncation: LineBreakMode?? = nil
        var fontSize: Double? = nil
    }

    static let ref = try! FontReference(path: dejaVuPath, text: asciiAndEllipsis)
    static func w(_ s: String, _ pt: Double = 17) -> CGFloat { ref.width(s, pointSize: pt) }
    static func px(_ v: CGFloat, _ scale: Double = 1) -> CGFloat { FontReference.px(v, scale) }
    static let lh = ref.lineHeight(pointSize: 17)
    static let pad = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    static let sentence = "Snapshot tests catch labels that lose their last line"

    static func label(_ text: String, lines: Int = 1, mode: LineBreakMode = .byTruncatingTail, scale: Double = 1,
                      insets: EdgeInsets = pad, bounds: CGSize? = nil, configure: (inout PaddedLabel) -> Void = { _ in }) -> PaddedLabel {
        var l = PaddedLabel(text, font: .default(size: 17), insets: insets)
        l.numberOfLines = lines
        l.lineBreakMode = mode
        l.scale = scale
        if let bounds { l.bounds = CGRect(origin: .zero, size: bounds) }
        configure(&l)
        return l
    }

    /// Greedy word wrapping at `width` by the reference widths (spaces between words, none trailing);
    /// a word wider than the line is broken between characters, at least one a line. Then, with `pushOut`
    /// (UILabel's default strategy), docs/layout-rules.md's rule (Line-break strategy): a lone last word takes the previous line's last word
    /// when that line keeps one and the new last line fits.
    static func wrap(_ text: String, _ width: CGFloat, pushOut: Bool = true) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if w(candidate) <= width + 1e-6 { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            var rest = Substring(word)
            while w(String(rest)) > width + 1e-6, rest.count > 1 {
                var n = 1
                while n < rest.count, w(String(rest.prefix(n + 1))) <= width + 1e-6 { n += 1 }
                lines.append(String(rest.prefix(n)))
                rest = rest.dropFirst(n)
            }
            current = String(rest)
        }
        if !current.isEmpty { lines.append(current) }
        if pushOut, lines.count >= 2, !lines[lines.count - 1].contains(" "),
           let space = lines[lines.count - 2].lastIndex(of: " ") {
            let previous = lines[lines.count - 2]
            let moved = String(previous[previous.index(after: space)...]) + " " + lines[lines.count - 1]
            if w(moved) <= width + 1e-6 {
                lines[lines.count - 2] = String(previous[..<space])
                lines[lines.count - 1] = moved
            }
        }
        return lines
    }

    /// The longest prefix (by characters) that fits `width` with "…", trailing spaces dropped.
    static func tail(_ text: String, _ width: CGFloat) -> String {
        var best = ""
        for n in 0...text.count {
            let p = String(text.prefix(n))
            if w(p) + w("…") <= width + 1e-6 { best = p } else { break }
        }
        while best.hasSuffix(" ") { best.removeLast() }
        return best + "…"
    }

    /// The longest suffix that fits `width` after "…".
    static func head(_ text: String, _ width: CGFloat) -> String {
        var best = ""
        for n in 0...text.count {
            let s = String(text.suffix(n))
            if w(s) + w("…") <= width + 1e-6 { best = s } else { break }
        }
        return "…" + best
    }

    static var cases: [Case] {
        var c: [Case] = []
        // 1–15: single-line intrinsic sizes at 1x/2x/3x.
        for text in ["Hello", "UILabel", "AV Typography", "Padding", "Wrap me, please"] {
            for scale in [1.0, 2.0, 3.0] {
                c.append(Case(name: "intrinsic \(text) @\(Int(scale))x", label: label(text, scale: scale), lines: [text],
                              size: CGSize(width: px(w(text, 17), scale) + 32, height: px(lh, scale) + 16)))
            }
        }
        // 16–20: multi-line intrinsic sizes at a preferred width.
        for width in [60.0, 90.0, 120.0, 180.0, 400.0] {
            let lines = wrap(sentence, width)
            c.append(Case(name: "preferred width \(width)", label: label(sentence, lines: 0) { $0.preferredMaxLayoutWidth = width },
                          lines: nil, size: CGSize(width: px(lines.map { w($0) }.max()!) + 32, height: px(CGFloat(lines.count) * lh) + 16)))
        }
        // 21–25: sizeThatFits subtracts the insets before wrapping.
        for width in [100.0, 150.0, 200.0, 260.0, 500.0] {
            let lines = wrap(sentence, width - 32)
            c.append(Case(name: "sizeThatFits \(width)", label: label(sentence, lines: 0), lines: nil, size: nil,
                          proposal: CGSize(width: width, height: 1000),
                          fits: CGSize(width: px(lines.map { w($0) }.max()!) + 32, height: px(CGFloat(lines.count) * lh) + 16)))
        }
        // 26–29: tail truncation on one line.
        for width in [80.0, 123.0, 200.0, 310.0] {
            c.append(Case(name: "tail \(width)", label: label(sentence, bounds: CGSize(width: width + 32, height: 40)),
                          lines: [tail(sentence, width)], size: nil, truncation: .some(.byTruncatingTail)))
        }
        // 30–32: head truncation.
        for width in [80.0, 150.0, 260.0] {
            c.append(Case(name: "head \(width)", label: label(sentence, mode: .byTruncatingHead, bounds: CGSize(width: width + 32, height: 40)),
                          lines: [head(sentence, width)], size: nil, truncation: .some(.byTruncatingHead)))
        }
        // 33–34: clipping keeps the whole text; word wrapping on one line cuts at a word.
        c.append(Case(name: "clip", label: label(sentence, mode: .byClipping, bounds: CGSize(width: 132, height: 40)),
                      lines: [sentence], size: nil))
        c.append(Case(name: "word, one line", label: label(sentence, mode: .byWordWrapping, bounds: CGSize(width: 182, height: 40)),
                      lines: [wrap(sentence, 150, pushOut: false)[0]], size: nil))
        // 35–37: multi-line wrapping in explicit bounds, last kept line truncated.
        for (width, n) in [(150.0, 2), (120.0, 3), (200.0, 2)] {
            // A truncated paragraph is not pushed out.
            var expected = Array(wrap(sentence, width, pushOut: false).prefix(n))
            let rest = sentence.dropFirst(expected.dropLast().joined(separator: " ").count + (n > 1 ? 1 : 0))
            expected[n - 1] = tail(String(rest), width)
            c.append(Case(name: "\(n) lines at \(width)", label: label(sentence, lines: n, bounds: CGSize(width: width + 32, height: 300)),
                          lines: expected, size: nil, truncation: .some(.byTruncatingTail)))
        }
        // 38–41: line spacing and line height multiple.
        for (spacing, multiple) in [(4.0, 0.0), (0.0, 1.5), (6.0, 1.2), (0.0, 0.0)] {
            let lines = wrap(sentence, 150)
            let box = lh * (multiple > 0 ? multiple : 1)
            let height = CGFloat(lines.count) * box + CGFloat(lines.count - 1) * spacing
            c.append(Case(name: "spacing \(spacing) multiple \(multiple)",
                          label: label(sentence, lines: 0) { $0.preferredMaxLayoutWidth = 150; $0.lineSpacing = spacing; $0.lineHeightMultiple = multiple },
                          lines: nil, size: CGSize(width: px(lines.map { w($0) }.max()!) + 32, height: px(height) + 16)))
        }
        // 42–46: the padding subclasses' bugs.
        c.append(Case(name: "bug: wrapping measured without insets", label: label("UILabel With Padding", lines: 0),
                      lines: nil, size: nil, proposal: CGSize(width: w("UILabel With Padding") + 20, height: 500),
                      fits: CGSize(width: px(wrap("UILabel With Padding", w("UILabel With Padding") + 20 - 32).map { w($0) }.max()!) + 32,
                                   height: px(2 * lh) + 16)))
        c.append(Case(name: "bug: last line cut off", label: {
            var l = label(sentence, lines: 0)
            try! l.layout(width: 150)
            return l
        }(), lines: wrap(sentence, 118), size: nil, truncation: .some(nil)))
        c.append(Case(name: "bug: negative preferred width at zero bounds", label: {
            var l = label("Hello", lines: 0)
            try! l.layout(width: 0)
            return l
        }(), lines: nil, size: CGSize(width: 0, height: px(lh) + 16)))
        c.append(Case(name: "bug: insets applied per line, not per label", label: label("one\ntwo\nthree", lines: 0),
                      lines: ["one", "two", "three"], size: CGSize(width: px(w("three")) + 32, height: px(3 * lh) + 16)))
        c.append(Case(name: "bug: infinite proposal width", label: label(sentence, lines: 0), lines: nil, size: nil,
                      proposal: CGSize(width: CGFloat.infinity, height: .infinity),
                      fits: CGSize(width: px(w(sentence)) + 32, height: px(lh) + 16)))
        // 47–48: adjustsFontSizeToFitWidth finds the largest size (1/64 pt steps) that fits, or the minimum.
        for (width, minimum) in [(180.0, 0.5), (100.0, 0.9)] {
            let full = w(sentence, 17)
            var size = max(17 * minimum, (17 * Double(width / full) * 64).rounded(.down) / 64)
            while w(sentence, size) > width + 1e-6, size > 17 * minimum { size = max(17 * minimum, size - 1.0 / 64) }
            c.append(Case(name: "shrink to \(width), min \(minimum)",
                          label: label(sentence, bounds: CGSize(width: width + 32, height: 40)) { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = minimum },
                          lines: nil, size: nil, fontSize: size))
        }
        return c
    }

    func testTable() throws {
        let cases = Self.cases
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        for c in cases {
            let layout = try c.label.makeLayout()
            if let lines = c.lines { XCTAssertEqual(layout.lines.map(\.text), lines, c.name) }
            if let size = c.size {
                let actual = try c.label.bounds?.size ?? c.label.intrinsicContentSize
                XCTAssertEqual(actual.width, size.width, accuracy: 1e-9, c.name)
                XCTAssertEqual(actual.height, size.height, accuracy: 1e-9, c.name)
            }
            if let proposal = c.proposal, let fits = c.fits {
                let actual = try c.label.sizeThatFits(proposal)
                XCTAssertEqual(actual.width, fits.width, accuracy: 1e-9, c.name)
                XCTAssertEqual(actual.height, fits.height, accuracy: 1e-9, c.name)
            }
            if let truncation = c.truncation { XCTAssertEqual(layout.truncation, truncation, c.name) }
            if let fontSize = c.fontSize {
                XCTAssertEqual(layout.fontSize, fontSize, accuracy: 1e-9, c.name)
                XCTAssertEqual(try c.label.intrinsicContentSize.height, Self.px(Self.lh) + 16, accuracy: 1e-9, "\(c.name): intrinsic size unchanged")
            }
            // Nothing is drawn outside the text rect's lines: every line fits its width unless clipping.
            if c.label.lineBreakMode != .byClipping, layout.textRect.width > 0 {
                for line in layout.lines { XCTAssertLessThanOrEqual(line.rect.width, layout.textRect.width + 1e-6, c.name) }
            }
        }
    }
}
