extension Font {
    /// A font weight as `UIFont.Weight`: its raw value is UIKit's (−1 … 1, regular 0), and each of UIKit's nine
    /// weights stands for one OpenType / CSS weight class (`usWeightClass`, 100 … 900), by which faces are matched
    /// (`nearestFace`, CSS Fonts' font-matching rule; docs/fonts.md "Weights").
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// UIKit's value (`UIFont.Weight.rawValue`): ultraLight −0.8 … black 0.62.
        public var rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }

        /// 100 (SF "Ultralight"; `UIFont.Weight.ultraLight`, −0.8).
        public static let ultraLight = Weight(rawValue: -0.8)
        /// 200 (−0.6).
        public static let thin = Weight(rawValue: -0.6)
        /// 300 (−0.4).
        public static let light = Weight(rawValue: -0.4)
        /// 400 (0).
        public static let regular = Weight(rawValue: 0)
        /// 500 (0.23).
        public static let medium = Weight(rawValue: 0.23)
        /// 600 (0.3).
        public static let semibold = Weight(rawValue: 0.3)
        /// 700 (0.4).
        public static let bold = Weight(rawValue: 0.4)
        /// 800 (0.56).
        public static let heavy = Weight(rawValue: 0.56)
        /// 900 (0.62).
        public static let black = Weight(rawValue: 0.62)

        /// UIKit's nine weights, lightest first, with their names as UIKit spells them.
        public static let all: [(name: String, weight: Weight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
            ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ]

        /// The weight named as UIKit names it (`"semibold"`, `"ultraLight"`; case-insensitive), or by a CSS
        /// weight class written in decimal digits (`"600"`, a whole number 1 … 1000, as `OS/2.usWeightClass`
        /// holds); nil for anything else (`"650.5"`, `"0x10"`, `"1e3"`: a fraction of a variable font's weight is
        /// its `wght` variation).
        public init?(name: String) {
            if let match = Weight.all.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                self = match.weight
            } else if (1...4).contains(name.utf8.count), name.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                      let css = Double(name), css >= 1, css <= 1000 {
                self.init(cssWeight: css)
            } else {
                return nil
            }
        }

        /// The weight of a CSS / OpenType weight class, interpolated linearly between UIKit's nine (100 → −0.8,
        /// 900 → 0.62; below 100 and above 900 the end segments extended): 600 is `.semibold`, 650 lies halfway
        /// between semibold and bold. Laying out a label checks UIKit's range, −1 … 1, which is CSS 0 … about 1533 here:
        /// a class outside it (NaN, infinite, 5000) is refused (`TypesettingError.invalidFontWeight`, naming the class),
        /// while 0 is UIKit's −1 and lays out. `labelsnap --weight` and a style's `"weight"` take CSS Fonts' own range,
        /// whole classes 1 … 1000: a text format names a CSS class, this initialiser converts one (LabelSnapshot's rule).
        public init(cssWeight: Double) {
            let points = Weight.all.enumerated().map { (css: Double(100 * ($0.offset + 1)), raw: $0.element.weight.rawValue) }
            // The segment in Double first: Int() of NaN or of a class beyond Int's range traps.
            let segment = cssWeight.isNaN ? 0 : min(max((cssWeight / 100).rounded(.down) - 1, 0), Double(points.count - 2))
            let i = Int(segment)
            let (a, b) = (points[i], points[i + 1])
            self.init(rawValue: a.raw + (cssWeight - a.css) * (b.raw - a.raw) / (b.css - a.css))
        }

        /// The CSS / OpenType weight class (100 … 900 for UIKit's nine; in between for other raw values, the
        /// inverse of `init(cssWeight:)`), what fonts' `OS/2.usWeightClass` and `wght` axes use.
        public var cssWeight: Double {
            let points = Weight.all.enumerated().map { (css: Double(100 * ($0.offset + 1)), raw: $0.element.weight.rawValue) }
            var i = 0
            while i < points.count - 2, rawValue > points[i + 1].raw { i += 1 }
            let (a, b) = (points[i], points[i + 1])
            return a.css + (rawValue - a.raw) * (b.css - a.css) / (b.raw - a.raw)
        }

        /// UIKit's name for one of the nine weights, else the CSS weight class to a thousandth (`"650"`, `"650.5"`;
        /// `"nan"`, `"inf"` as Swift writes a class beyond Int's range), never rounded to another whole class.
        public var description: String {
            if let match = Weight.all.first(where: { $0.weight == self }) { return match.name }
            let css = (cssWeight * 1000).rounded() / 1000
            if css == css.rounded(), abs(css) < 1e15 { return String(Int(css)) }
            return "\(css)"
        }

        /// The weights a label lays out: UIKit's range, −1 … 1 (`UIFontDescriptor.TraitKey.weight` documents it),
        /// which holds the CSS weight classes 1 … 1000.
        package static let validRange: ClosedRange<Double> = -1...1

        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// Refuses a weight asked for outside UIKit's −1 … 1 (NaN, infinite, `Font.Weight(cssWeight: 1e300)`), which
    /// would otherwise pick a face at random or set a variable font's `wght` to NaN.
    /// - Throws: `TypesettingError.invalidFontWeight`.
    package func validateWeight() throws {
        if let w = requestedWeight, !Weight.validRange.contains(w.rawValue) { throw TypesettingError.invalidFontWeight(w.rawValue) }
    }
}

/// CSS Fonts Level 4 §5.2 "Matching font styles", step 4 (font-weight), for the weights faces have:
/// the face whose weight class the rule prefers for `desired`.
/// - desired 400 … 500: faces from `desired` up to 500, ascending; then below `desired`, descending; then above
///   500, ascending.
/// - desired below 400: below or at `desired`, descending; then above, ascending.
/// - desired above 500: at or above `desired`, ascending; then below, descending.
/// Returns the index into `available`, nil when it is empty.
package func cssNearestWeight(_ desired: Double, among available: [Double]) -> Int? {
    guard !available.isEmpty else { return nil }
    if let exact = available.firstIndex(of: desired) { return exact }
    /// A rank: lower is preferred.
    func rank(_ w: Double) -> (Int, Double) {
        if desired >= 400 && desired <= 500 {
            if w > desired && w <= 500 { return (0, w - desired) }
            if w < desired { return (1, desired - w) }
            return (2, w - desired)
        }
        if desired < 400 {
            return w < desired ? (0, desired - w) : (1, w - desired)
        }
        return w > desired ? (0, w - desired) : (1, desired - w)
    }
    return available.indices.min { rank(available[$0]) < rank(available[$1]) }
}
