import Foundation
import LabelRendering
import Imaging
import Localization
import Typesetting

/// An attributed label's text written as JSON (`labelsnap render --attributed FILE.json`, a style's
/// `"attributedText"`): `{"text": "NEW · 3 items", "markdown": false, "runs": [{"range": [0, 3], "font":
/// "DejaVu Sans Bold", "size": 12, "color": "#FFFFFF", "kern": 1.2}], "paragraphStyle": {"minimumLineHeight": 20}}`.
/// Ranges are UTF-16 offsets of the text (of the parsed text with `"markdown": true`), as `.layout` prints them;
/// a run's `font` is a file, a family or a face's full or PostScript name, `size` its points; its other keys are
/// the attribute names (`backgroundColor`, `tracking`, `baselineOffset`, `underlineStyle`,
/// `underlineColor`, `strikethroughStyle`, `strikethroughColor`: "single", "thick" or "double"), and `image`
/// (a PNG file) with `bounds` [x, y, width, height] for an attachment; the paragraph style's keys are
/// `ParagraphStyle`'s. Relative image paths are read from `base`. A run's `font` without `size` takes the label's
/// point size (`Parsed.sized(_:)`), as a run without a font takes the label's font.
enum AttributedTextJSON {
    /// The attributed text read, and which UTF-16 offsets have a run font given without a size.
    struct Parsed: Sendable {
        var text: AttributedString
        /// Per UTF-16 offset of the text: the run's font was named without a size (and no later run sized it).
        var sizeFromLabel: [Bool]

        /// The text with those runs' fonts at `pointSize`, the label's (`font.pointSize` when it is set: after
        /// `font`, `size` and `textStyle` in table order).
        func sized(_ pointSize: Double) -> AttributedString {
            guard sizeFromLabel.contains(true) else { return text }
            var text = self.text
            var start = 0
            while let lo = sizeFromLabel[start...].firstIndex(of: true) {
                let hi = sizeFromLabel[lo...].firstIndex(of: false) ?? sizeFromLabel.count
                let u = text.utf16
                let range = u.index(u.startIndex, offsetBy: lo)..<u.index(u.startIndex, offsetBy: hi)
                for run in text[range].runs {
                    if let font = run.font { text[run.range].font = font.withSize(pointSize) }
                }
                start = hi
            }
            return text
        }
    }

    static func parse(_ input: PropertyInput, base: String) throws(PropertyValueError) -> Parsed {
        guard case .object(let members) = input else { throw detail("must be an object with \"text\" and \"runs\"") }
        var text: String?, markdown = false, runs: [PropertyInput] = [], paragraph: [PropertyInput.Member]?
        for m in members {
            switch (m.key, m.value) {
            case ("text", .string(let s)): text = s
            case ("markdown", .bool(let b)): markdown = b
            case ("runs", .array(let a)): runs = a
            case ("paragraphStyle", .object(let p)): paragraph = p
            default: throw detail("unknown or mistyped key \"\(m.key)\" (text: string, markdown: true/false, runs: array, paragraphStyle: object)")
            }
        }
        guard let text else { throw detail("needs \"text\": the label's characters") }
        var result: AttributedString
        if markdown {
            do { result = try AttributedString(markdown: text) } catch { throw detail("\(error)") }
        } else {
            result = AttributedString(text)
        }
        let count = result.utf16.count
        var sizeFromLabel = [Bool](repeating: false, count: count)
        for (i, run) in runs.enumerated() {
            guard case .object(let keys) = run else { throw detail("runs[\(i)] must be an object") }
            guard case .array(let bounds)? = keys.first(where: { $0.key == "range" })?.value, bounds.count == 2,
                  case .number(let lo) = bounds[0], case .number(let hi) = bounds[1], lo >= 0, lo <= hi, hi <= Double(count),
                  lo == lo.rounded(), hi == hi.rounded()
            else { throw detail("runs[\(i)] needs \"range\": [start, end], UTF-16 offsets within 0…\(count)") }
            let u = result.utf16
            let range = u.index(u.startIndex, offsetBy: Int(lo))..<u.index(u.startIndex, offsetBy: Int(hi))
            var container = AttributeContainer()
            var fontFile: FontFile?, size: Double?, image: String?, rect: CGRect?
            // Two names of one attribute: the later one silently replaced the earlier.
            if keys.contains(where: { $0.key == "color" }), keys.contains(where: { $0.key == "foregroundColor" }) {
                throw detail("runs[\(i)] gives both \"color\" and \"foregroundColor\", two names of the text colour: give one")
            }
            for k in keys where k.key != "range" {
                func number() throws(PropertyValueError) -> CGFloat {
                    guard case .number(let v) = k.value, v.isFinite else { throw detail("runs[\(i)].\(k.key) must be a number") }
                    return CGFloat(v)
                }
                func color() throws(PropertyValueError) -> Color {
                    // The one colour syntax of --color and the style's colours: hex or a system colour's name.
                    guard case .string = k.value else { throw detail("runs[\(i)].\(k.key) must be a colour, \(ValueSyntax<Color>.color.summary)") }
                    do { return try ValueSyntax<Color>.color.parse(k.value) } catch { throw detail(error.message(for: "runs[\(i)].\(k.key)")) }
                }
                func line() throws(PropertyValueError) -> UnderlineStyle {
                    guard case .string(let s) = k.value, let st = ["single": UnderlineStyle.single, "thick": .thick, "double": .double][s]
                    else { throw detail("runs[\(i)].\(k.key) must be \"single\", \"thick\" or \"double\"") }
                    return st
                }
                switch k.key {
                case "font":
                    guard case .string(let s) = k.value else { throw detail("runs[\(i)].font must be a font file, family or face name") }
                    do { fontFile = try runFont(s) } catch { throw detail("runs[\(i)].font: \(error)") }
                case "size": size = Double(try number())
                case "color", "foregroundColor": container.foregroundColor = try color()
                case "backgroundColor": container.backgroundColor = try color()
                case "kern": container.kern = try number()
                case "tracking": container.tracking = try number()
                case "baselineOffset": container.baselineOffset = try number()
                case "underlineStyle": container.underlineStyle = try line()
                case "underlineColor": container.underlineColor = try color()
                case "strikethroughStyle": container.strikethroughStyle = try line()
                case "strikethroughColor": container.strikethroughColor = try color()
                case "image":
                    guard case .string(let s) = k.value else { throw detail("runs[\(i)].image must be a PNG file") }
                    image = s.hasPrefix("/") ? s : URL(fileURLWithPath: base).appendingPathComponent(s).path
                case "bounds":
                    guard case .array(let a) = k.value, a.count == 4 else { throw detail("runs[\(i)].bounds must be [x, y, width, height]") }
                    var v: [CGFloat] = []
                    for e in a { guard case .number(let x) = e, x.isFinite else { throw detail("runs[\(i)].bounds must be numbers") }; v.append(CGFloat(x)) }
                    rect = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
                default: throw detail("runs[\(i)] has an unknown key \"\(k.key)\"")
                }
            }
            if fontFile != nil || size != nil {
                // A size alone keeps the run's (or the label's default) face: DejaVu Sans. A font alone keeps the
                // run's size, else takes the label's (`Parsed.sized`; 17 until then).
                let existing = result[range].runs.first?.font
                if size != nil {
                    sizeFromLabel.replaceSubrange(Int(lo)..<Int(hi), with: repeatElement(false, count: Int(hi - lo)))
                } else if existing == nil {
                    sizeFromLabel.replaceSubrange(Int(lo)..<Int(hi), with: repeatElement(true, count: Int(hi - lo)))
                }
                var font = existing ?? .default(size: size ?? 17)
                if let fontFile { font.file = fontFile }
                if let size { font = font.withSize(size) }
                container.font = font
            }
            if rect != nil, image == nil {
                throw detail("runs[\(i)] has \"bounds\" but no \"image\": bounds size an attachment, so give its PNG file as \"image\" (or drop \"bounds\")")
            }
            if let image {
                do { container.attachment = try TextAttachment(image: image, bounds: rect) } catch {
                    throw detail("runs[\(i)].image: \(error)")
                }
            }
            result[range].mergeAttributes(container)
        }
        if let paragraph {
            var style = ParagraphStyle()
            for m in paragraph {
                func number() throws(PropertyValueError) -> CGFloat {
                    let limit = Double(PaddedLabel.maximumLength)
                    guard case .number(let v) = m.value else { throw detail("paragraphStyle.\(m.key) must be a number of points, not \(m.value.typeName)") }
                    guard v.isFinite, v >= -limit, v <= limit else {
                        throw detail("paragraphStyle.\(m.key) must be within ±\(LabelDescriptionFormat.number(limit)) pt, got \(LabelDescriptionFormat.number(v))")
                    }
                    return CGFloat(v)
                }
                switch m.key {
                case "lineSpacing": style.lineSpacing = try number()
                case "lineHeightMultiple": style.lineHeightMultiple = try number()
                case "minimumLineHeight": style.minimumLineHeight = try number()
                case "maximumLineHeight": style.maximumLineHeight = try number()
                case "paragraphSpacing": style.paragraphSpacing = try number()
                case "paragraphSpacingBefore": style.paragraphSpacingBefore = try number()
                case "firstLineHeadIndent": style.firstLineHeadIndent = try number()
                case "headIndent": style.headIndent = try number()
                case "tailIndent": style.tailIndent = try number()
                case "defaultTabInterval": style.defaultTabInterval = try number()
                case "tabStops":
                    guard case .array(let stops) = m.value else { throw detail("paragraphStyle.tabStops must be a list of lengths in points") }
                    style.tabStops = []
                    for stop in stops {
                        guard case .number(let v) = stop, v.isFinite, v >= 0, v <= Double(PaddedLabel.maximumLength)
                        else { throw detail("paragraphStyle.tabStops must be lengths from 0 to \(Int(PaddedLabel.maximumLength)) pt") }
                        style.tabStops.append(TextTab(location: CGFloat(v)))
                    }
                case "alignment":
                    guard case .string(let s) = m.value, let a = TextAlignment(rawValue: s) else { throw detail("paragraphStyle.alignment must be left, center, right, justified or natural") }
                    style.alignment = a
                case "lineBreakMode":
                    guard case .string(let s) = m.value, let a = LineBreakMode(rawValue: s) else { throw detail("paragraphStyle.lineBreakMode must be byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail or byTruncatingMiddle") }
                    style.lineBreakMode = a
                case "lineBreakStrategy":
                    guard case .string(let s) = m.value, let st = ["none": LineBreakStrategy(), "standard": .standard, "pushOut": .pushOut, "hangulWordPriority": .hangulWordPriority][s]
                    else { throw detail("paragraphStyle.lineBreakStrategy must be none, standard, pushOut or hangulWordPriority") }
                    style.lineBreakStrategy = st
                case "baseWritingDirection":
                    guard case .string(let s) = m.value, let d = WritingDirection(rawValue: s) else { throw detail("paragraphStyle.baseWritingDirection must be natural, leftToRight or rightToLeft") }
                    style.baseWritingDirection = d
                default: throw detail("paragraphStyle has an unknown key \"\(m.key)\"")
                }
            }
            result.paragraphStyle = style
        }
        return Parsed(text: result, sizeFromLabel: sizeFromLabel)
    }

    /// A run's font: a file, else a family (its regular face), else a face's full or PostScript name
    /// ("DejaVu Sans Bold", as `UIFont(name:size:)`), so that a run can name a bold face without a path.
    /// - Throws: `FontNotNamed` when the text is neither a family nor a face's name.
    static func runFont(_ s: String) throws -> FontFile {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: s, isDirectory: &isFolder), isFolder.boolValue {
            throw FontNotNamed(message: "\(s) is a folder: name a font file in it")
        }
        if s.hasPrefix("/") || s.hasSuffix(".ttf") || s.hasSuffix(".otf") || s.hasSuffix(".ttc") { return FontFile(path: s) }
        return try FontFile.resolve(familyOrFaceName: s)
    }

    /// A file's JSON as a `PropertyInput` (`labelsnap render --attributed FILE.json`).
    static func read(file path: String) throws(PropertyValueError) -> PropertyInput {
        guard !path.isEmpty else { throw detail("the path is empty: give a JSON file's path, or - for standard input") }
        // The one checked read of a file (a folder, a FIFO, no permission: each said).
        do { return PropertyInput(try JSONDocument.parse(StringTable.bytes(ofFile: path), file: path)) } catch { throw detail("\(error)") }
    }

    /// Standard input's JSON as a `PropertyInput` (`labelsnap render --attributed -`), at most 64 MiB.
    static func readStandardInput() throws(PropertyValueError) -> PropertyInput {
        let bytes: [UInt8]
        do { bytes = try StandardInput.read(option: "--attributed", what: "the attributed text") } catch { throw PropertyValueError(.whole(error.description)) }
        do { return PropertyInput(try JSONDocument.parse(bytes, file: "standard input")) } catch { throw detail("\(error)") }
    }

    private static func detail(_ s: String) -> PropertyValueError { PropertyValueError(.detail(s)) }
}
