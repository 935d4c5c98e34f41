import Foundation
import Typesetting

extension PaddedLabel {
    /// The attributed text's values, checked as the label's own properties are (docs/layout-rules.md, Attributed text):
    /// `kern`, `tracking`, `baselineOffset` and an attachment's origin finite within ±`maximumLength`; the
    /// paragraph style's lengths (`tailIndent` signed) and an attachment's size finite, non-negative and at most
    /// `maximumLength`; each run's font size and weight. The first bad value in text order is reported.
    /// - Throws: `LabelError.invalidAttribute` naming the attribute and its UTF-16 range, `LabelError.font`.
    func validateAttributes() throws {
        guard let attributed = attributedText else { return }
        let m = PaddedLabel.maximumLength
        let utf16 = attributed.utf16
        var offset = 0
        for run in attributed.runs {
            let length = utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let range = offset..<(offset + length)
            offset += length
            var signed: [(String, CGFloat)] = [("kern", run.kern ?? 0), ("tracking", run.tracking ?? 0), ("baselineOffset", run.baselineOffset ?? 0)]
            var lengths: [(String, CGFloat)] = []
            if let style = run.paragraphStyle {
                lengths += [("paragraphStyle.lineSpacing", style.lineSpacing), ("paragraphStyle.lineHeightMultiple", style.lineHeightMultiple),
                            ("paragraphStyle.minimumLineHeight", style.minimumLineHeight),
                            ("paragraphStyle.maximumLineHeight", style.maximumLineHeight),
                            ("paragraphStyle.paragraphSpacing", style.paragraphSpacing),
                            ("paragraphStyle.paragraphSpacingBefore", style.paragraphSpacingBefore),
                            ("paragraphStyle.firstLineHeadIndent", style.firstLineHeadIndent), ("paragraphStyle.headIndent", style.headIndent),
                            ("paragraphStyle.defaultTabInterval", style.defaultTabInterval)]
                lengths += style.tabStops.map { ("paragraphStyle.tabStops", $0.location) }
                signed.append(("paragraphStyle.tailIndent", style.tailIndent))
            }
            if let bounds = run.attachment?.bounds {
                signed += [("attachment.bounds.x", bounds.origin.x), ("attachment.bounds.y", bounds.origin.y)]
                lengths += [("attachment.bounds.width", bounds.size.width), ("attachment.bounds.height", bounds.size.height)]
            }
            for (name, value) in signed where !(value.isFinite && abs(value) <= m) {
                throw LabelError.invalidAttribute(name: name, value: value, range: range)
            }
            for (name, value) in lengths where !(value.isFinite && value >= 0 && value <= m) {
                throw LabelError.invalidAttribute(name: name, value: value, range: range)
            }
            if let font = run.font {
                do { try font.validateSize(); try font.validateWeight() } catch let e as TypesettingError { throw LabelError.font(e) }
            }
        }
    }
}
