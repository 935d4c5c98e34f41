import Foundation
internal import LabelRendering
internal import Imaging

/// An attribute of a label's `attributedText` that LabelSnapshot does not draw, or a value of the wrong type.
package struct AttributedTextError: Error, CustomStringConvertible {
    package let description: String
}

/// `NSAttributedString` with UIKit's keys onto the model's `AttributedString`: every attribute a label draws, its
/// colours resolved with the view's traits; any other key is refused by name rather than drawn as if absent.
package enum AttributedTextConversion {
    package static func convert(_ text: NSAttributedString, traits: UITraitCollection) throws -> AttributedString {
        var result = AttributedString()
        let whole = NSRange(location: 0, length: text.length)
        var failure: AttributedTextError?
        let source = text.string as NSString
        text.enumerateAttributes(in: whole, options: []) { attributes, range, stop in
            do {
                var run = AttributedString(source.substring(with: range))
                for (key, value) in attributes { try apply(key, value, to: &run, traits: traits, range: range) }
                result.append(run)
            } catch let e as AttributedTextError {
                failure = e
                stop.pointee = true
            } catch {
                failure = AttributedTextError(description: "\(error)")
                stop.pointee = true
            }
        }
        if let failure { throw failure }
        return result
    }

    private static func apply(_ key: NSAttributedString.Key, _ value: Any, to run: inout AttributedString, traits: UITraitCollection,
                              range: NSRange) throws {
        func wrong(_ expected: String) -> AttributedTextError {
            AttributedTextError(description: "attributedText \(range.location)..<\(range.location + range.length): \(key.rawValue) "
                + "is a \(type(of: value)), not \(expected)")
        }
        func color() throws -> Color {
            if let c = value as? UIColor { return c.color(for: traits) }
            if let c = value as? CGColor { return c.color }
            throw wrong("a UIColor")
        }
        func number() throws -> CGFloat {
            switch value {
            case let v as CGFloat: return v
            case let v as Double: return CGFloat(v)
            case let v as Float: return CGFloat(v)
            case let v as Int: return CGFloat(v)
            case let v as NSNumber: return CGFloat(v.doubleValue)
            default: throw wrong("a number")
            }
        }
        func lineStyle() throws -> UnderlineStyle {
            switch value {
            case let v as NSUnderlineStyle: return UnderlineStyle(rawValue: v.rawValue)
            case let v as Int: return UnderlineStyle(rawValue: v)
            case let v as NSNumber: return UnderlineStyle(rawValue: v.intValue)
            default: throw wrong("an NSUnderlineStyle")
            }
        }
        switch key {
        case .font:
            guard let f = value as? UIFont else { throw wrong("a UIFont") }
            run.font = f.font
        case .foregroundColor: run.foregroundColor = try color()
        case .backgroundColor: run.backgroundColor = try color()
        case .kern: run.kern = try number()
        case .tracking: run.tracking = try number()
        case .baselineOffset: run.baselineOffset = try number()
        case .underlineStyle: run.underlineStyle = try lineStyle()
        case .strikethroughStyle: run.strikethroughStyle = try lineStyle()
        case .underlineColor: run.underlineColor = try color()
        case .strikethroughColor: run.strikethroughColor = try color()
        case .paragraphStyle:
            guard let p = value as? NSParagraphStyle else { throw wrong("an NSParagraphStyle") }
            run.paragraphStyle = paragraphStyle(p.values)
        case .attachment:
            guard let a = value as? NSTextAttachment else { throw wrong("an NSTextAttachment") }
            guard let image = a.image else {
                throw AttributedTextError(description: "attributedText \(range.location): an NSTextAttachment without an image draws nothing "
                    + "LabelSnapshot can check; give it an image (UIImage(contentsOfFile:))")
            }
            let bounds = a.bounds == .zero ? CGRect(origin: .zero, size: image.size) : a.bounds
            run.attachment = TextAttachment(image: image.bitmap, bounds: bounds)
        case .link:
            // A label draws a link as its text, in the link colour unless the run has its own (DESIGN.md "To check on a device").
            if run.foregroundColor == nil { run.foregroundColor = UIColor.link.color(for: traits) }
        default:
            throw AttributedTextError(description: "attributedText \(range.location)..<\(range.location + range.length): \(key.rawValue) is not drawn "
                + "by LabelSnapshot's UIKit (it draws font, foregroundColor, backgroundColor, kern, tracking, baselineOffset, underline and "
                + "strikethrough styles and colours, paragraphStyle, attachment and link); remove it or draw the label's own shadowColor")
        }
    }

    private static func paragraphStyle(_ v: ParagraphValues) -> ParagraphStyle {
        var p = ParagraphStyle()
        p.alignment = TextAlignment(v.alignment)
        p.lineBreakMode = LineBreakMode(v.lineBreakMode)
        p.lineBreakStrategy = LineBreakStrategy(v.lineBreakStrategy)
        p.lineSpacing = v.lineSpacing
        p.lineHeightMultiple = v.lineHeightMultiple
        p.minimumLineHeight = v.minimumLineHeight
        p.maximumLineHeight = v.maximumLineHeight
        p.paragraphSpacing = v.paragraphSpacing
        p.paragraphSpacingBefore = v.paragraphSpacingBefore
        p.firstLineHeadIndent = v.firstLineHeadIndent
        p.headIndent = v.headIndent
        p.tailIndent = v.tailIndent
        p.defaultTabInterval = v.defaultTabInterval
        return p
    }
}
