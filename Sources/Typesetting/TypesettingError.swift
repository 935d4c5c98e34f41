/// Errors from fonts, shaping and line breaking. Each says what to do.
public enum TypesettingError: Error, CustomStringConvertible, Equatable {
    /// The font file does not exist or cannot be read.
    case fontNotFound(path: String, package: String?)
    /// The font path is a FIFO, a device or a socket (`kind`: "a FIFO" …): refused before FreeType or fontconfig
    /// opens it, which would wait forever on a FIFO.
    case notARegularFile(path: String, kind: String)
    /// FreeType could not open the file as a font (corrupt or unsupported), with FreeType's error code.
    case unreadableFont(path: String, faceIndex: Int, freeTypeError: Int32)
    /// No installed font matches a family name (fontconfig).
    case familyNotFound(family: String, package: String?)
    /// No registered or installed face has this PostScript or full name (`Font(name:size:)`); `nearest` holds the
    /// closest names by edit distance.
    case fontNameNotFound(name: String, nearest: [String])
    /// A variation axis tag the face has no axis for (`axes` lists the face's; empty for a static face).
    case invalidVariation(tag: String, path: String, axes: [String])
    /// A variation axis value that is NaN (`["wght": .nan]`), with the axis's range; infinite values are clamped.
    case invalidVariationValue(tag: String, value: Double, path: String, range: ClosedRange<Double>)
    /// A size that is NaN, infinite, negative or too large.
    case invalidFontSize(Double)
    /// A `Font.scaled(_:relativeTo:maximumPointSize:)` limit that is NaN, zero or negative.
    case invalidMaximumPointSize(Double)
    /// A weight (`Font.Weight.rawValue`) outside UIKit's −1 … 1: NaN, infinite, or a CSS class outside 1 … 1000.
    case invalidFontWeight(Double)
    /// A `Font.features` key that is not an OpenType feature tag (1 to 4 printable ASCII characters).
    case invalidFontFeature(String)
    /// A `Font.features` value outside HarfBuzz's unsigned 32-bit range (0 off, 1 on, n the nth alternate).
    case invalidFontFeatureValue(tag: String, value: Int)
    /// ICU failed on the text.
    case lineBreakingFailed
    case freeTypeFailure(String, Int32)

    /// A family that is installed but left out by the fontconfig configuration in force: the name was a family's,
    /// so its message stands alone (no other reading of the name, such as a face's PostScript name, applies).
    package var isHiddenFamily: Bool {
        if case .familyNotFound(let family, _) = self { return FontconfigResolver.hiddenByConfiguration(family: family) != nil }
        return false
    }

    public var description: String {
        switch self {
        case .fontNotFound(let path, let package):
            if let message = SystemFont.unavailableMessage(path: path) { return message }
            return "font file not found or not readable: \(path)" +
                (package.map { " (install it with: apt-get install \($0))" } ?? " (check the path)")
        case .notARegularFile(let path, let kind):
            return "font file \(path) is \(kind), not a regular file: nothing was read from it; give a font file (.ttf, .otf, .ttc, .otc)"
        case .unreadableFont(let path, let index, let code):
            return "FreeType cannot open face \(index) of \(path) (FreeType error 0x\(String(code, radix: 16))): is it a TrueType/OpenType font, and is the face index in range?"
        case .familyNotFound(let family, let package):
            if let hidden = FontconfigResolver.hiddenByConfiguration(family: family) { return hidden }
            return "no installed font for family \"\(family)\"" +
                (package.map { " (install it with: apt-get install \($0))" } ?? " (list families with: fc-list : family)")
        case .fontNameNotFound(let name, let nearest):
            return "no registered or installed font named \"\(name)\"" +
                (nearest.isEmpty ? "" : "; nearest names: " + nearest.map { "\"\($0)\"" }.joined(separator: ", ")) +
                ". Use a PostScript name (fc-list : postscriptname) or full name (fc-list : fullname), or register the font's file first (FontRegistry.register(fileAt:), labelsnap render --register PATH)"
        case .invalidVariation(let tag, let path, let axes):
            return axes.isEmpty
                ? "\(path) is not a variable font (no fvar table), so it has no \"\(tag)\" axis: use a variable font, or drop the variation"
                : "\(path) has no \"\(tag)\" variation axis; its axes: \(axes.joined(separator: ", ")) (tags are case-sensitive)"
        case .invalidVariationValue(let tag, let value, let path, let range):
            return "invalid variation \(tag) \(n(value)) of \(path): use a number in the axis's units, \(n(range.lowerBound)) … \(n(range.upperBound)) (values beyond are clamped)"
        case .invalidFontSize(let size):
            return "invalid font size \(n(size)) pt: use a finite size > 0 and ≤ \(n(Font.maximumPointSize)) pt"
        case .invalidMaximumPointSize(let size):
            return "invalid maximumPointSize \(n(size)) pt in Font.scaled: use a size > 0 (.infinity or nil for no limit)"
        case .invalidFontWeight(let raw):
            // A weight made from a CSS class out of range is named by that class too (5000 read as 3.08 alone).
            let css = raw.isFinite ? " (CSS weight \(n((Font.Weight(rawValue: raw).cssWeight * 1000).rounded() / 1000)))" : ""
            return "invalid font weight \(n(raw))\(css): use a finite UIFont.Weight from -1 to 1 (ultraLight -0.8 … black 0.62), or Font.Weight(cssWeight:) with a CSS weight class from 1 to 1000"
        case .invalidFontFeature(let tag):
            return "invalid OpenType feature tag \"\(tag)\" in Font.features: use a tag of 1 to 4 ASCII letters or digits such as \"tnum\", \"smcp\" or \"ss01\" (values: 0 off, 1 on, n the nth alternate)"
        case .invalidFontFeatureValue(let tag, let value):
            return "invalid value \(value) of OpenType feature \"\(tag)\" in Font.features: use a whole number from 0 to \(UInt32.max) (0 off, 1 on, n the nth alternate)"
        case .lineBreakingFailed:
            return "ICU could not compute line breaks for the text"
        case .freeTypeFailure(let what, let code):
            return "FreeType failed to \(what) (error 0x\(String(code, radix: 16)))"
        }
    }

    /// A number as people write it: no trailing ".0" for whole numbers.
    private func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
}
