
/// Pseudo-locales for checking labels before translations exist (the conventions of Android's en-XA and
/// ar-XB and Xcode's accented and right-to-left pseudolanguages). Format specifiers are kept intact.
public enum PseudoLocale: String, Sendable, CaseIterable {
    /// `en-XA`: every letter accented, the text in brackets and lengthened to about 140 % of the source.
    case accented = "en-XA"
    /// `ar-XB`: each word mirrored with a right-to-left override, laid out right to left.
    case rightToLeft = "ar-XB"

    /// The language the sweep sets on the label.
    public var language: String { self == .accented ? "en" : "ar" }

    /// `format` pseudo-localized; specifiers (`%@`, `%1$lld` …) pass through unchanged.
    package func transform(_ format: String) -> String {
        let u = Array(format.utf16)
        var out = ""
        var last = 0
        var letters = 0
        for s in FormatSpecifiers.parse(format) {
            let literal = String(decoding: u[last..<s.range.lowerBound], as: UTF16.self)
            out += self == .accented ? PseudoLocale.accent(literal) : PseudoLocale.mirror(literal)
            letters += literal.count
            out += String(decoding: u[s.range], as: UTF16.self)
            last = s.range.upperBound
        }
        let tail = String(decoding: u[last...], as: UTF16.self)
        out += self == .accented ? PseudoLocale.accent(tail) : PseudoLocale.mirror(tail)
        letters += tail.count
        guard self == .accented else { return out }
        // Brackets show where a string is cut; padding makes it ~40 % longer than the source.
        let target = PseudoLocale.accentedLength(letters)
        let padding = max(0, target - letters - 2)
        return "[" + out + PseudoLocale.padding(padding) + "]"
    }

    /// The length (in characters, specifiers excluded) of the accented form of a source of `n` characters:
    /// ⌈1.4 n⌉, and at least n + 2 for the brackets.
    package static func accentedLength(_ n: Int) -> Int {
        max(n + 2, Int((Double(n) * 1.4).rounded(.up)))
    }

    static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ",
        "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    static func accent(_ s: String) -> String { String(s.map { accents[$0] ?? $0 }) }

    /// " ōñé ţŵö ţĥŕéé …" cut to `n` characters (spaces and accented words, as en-XA pads).
    static func padding(_ n: Int) -> String {
        guard n > 0 else { return "" }
        let words = " öñé ţŵö ţĥŕéé ƒöûŕ ƒîṽé šîẋ šéṽéñ éîĝĥţ ñîñé ţéñ"
        var out = ""
        while out.count < n { out += words }
        return String(out.prefix(n))
    }

    /// Each word wrapped in RLM + RLO … PDF + RLM: drawn mirrored, in a right-to-left paragraph.
    static func mirror(_ s: String) -> String {
        var out = ""
        var word = ""
        func flush() { if !word.isEmpty { out += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"; word = "" } }
        for c in s {
            if c.isWhitespace { flush(); out.append(c) } else { word.append(c) }
        }
        flush()
        return out
    }
}
