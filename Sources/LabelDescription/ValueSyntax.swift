import Foundation
import LabelRendering
import Imaging
import Typesetting

/// How a property's value is written, and the one parser that reads it from style JSON and from the command
/// line. `placeholder` and `summary` are what `labelsnap render --help` and the docs show.
package struct ValueSyntax<Value: Sendable>: Sendable {
    /// The option's argument in help text: `PT`, `N`, `HEX`, `T,L,B,R`.
    package var placeholder: String
    /// The accepted values in words ("a number within 0…1000000", "word, char, clip, head, tail or middle").
    package var summary: String
    /// Reads a value. Ranges hold for style JSON; command-line text leaves them to the label's own validation,
    /// whose messages state the label's limits (the CLI reports them, as InputLimitsTests checks).
    package var parse: @Sendable (PropertyInput) throws(PropertyValueError) -> Value

    package init(placeholder: String, summary: String,
                parse: @escaping @Sendable (PropertyInput) throws(PropertyValueError) -> Value) {
        self.placeholder = placeholder
        self.summary = summary
        self.parse = parse
    }

    /// The same values, turned into another type (`Double` to `CGFloat`).
    package func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> ValueSyntax<Other> {
        let parse = self.parse
        return ValueSyntax<Other>(placeholder: placeholder, summary: summary) { input throws(PropertyValueError) in
            transform(try parse(input))
        }
    }
}

private func phrase(_ s: String, _ got: PropertyValueError.Got? = nil) -> PropertyValueError {
    PropertyValueError(.phrase(s, got: got))
}

private func n(_ v: Double) -> String { LabelDescriptionFormat.number(v) }

extension ValueSyntax where Value == Double {
    /// A finite number; a JSON number within `range`. `meaning` follows "needs a finite number" ("an opacity …").
    package static func number(_ range: ClosedRange<Double>, placeholder: String = "PT", meaning: String? = nil) -> ValueSyntax {
        ValueSyntax(placeholder: placeholder, summary: "a number within \(n(range.lowerBound))…\(n(range.upperBound))") { input throws(PropertyValueError) in
            switch input {
            case .text(let s):
                guard let v = Double(s), v.isFinite else { throw phrase("needs a finite number" + (meaning.map { " (\($0))" } ?? ""), .text(s)) }
                return v
            case .number(let v):
                guard range.contains(v) else { throw phrase("must be within \(n(range.lowerBound))…\(n(range.upperBound))", .number(v)) }
                return v
            default:
                throw phrase("must be a number, not \(input.typeName)")
            }
        }
    }

    /// A length in points: any finite number, a JSON one within ±`PaddedLabel.maximumLength`.
    package static var length: ValueSyntax { number(-Double(PaddedLabel.maximumLength)...Double(PaddedLabel.maximumLength)) }
    /// A non-negative length in points, a JSON one up to `PaddedLabel.maximumLength`.
    package static var positiveLength: ValueSyntax { number(0...Double(PaddedLabel.maximumLength)) }
}

extension ValueSyntax where Value == Int {
    /// A whole number; a JSON number within `range`. `meaning` follows the JSON "whole number" message ("0 = unlimited").
    package static func integer(_ range: ClosedRange<Int>, meaning: String? = nil) -> ValueSyntax {
        ValueSyntax(placeholder: "N", summary: "a whole number within \(range.lowerBound)…\(range.upperBound)") { input throws(PropertyValueError) in
            switch input {
            case .text(let s):
                guard let v = Int(s) else { throw phrase("needs an integer", .text(s)) }
                return v
            case .number(let v):
                guard (Double(range.lowerBound)...Double(range.upperBound)).contains(v) else {
                    throw phrase("must be within \(range.lowerBound)…\(range.upperBound)", .number(v))
                }
                guard v == v.rounded() else { throw phrase("must be a whole number" + (meaning.map { " (\($0))" } ?? "")) }
                return Int(v)
            default:
                throw phrase("must be a number, not \(input.typeName)")
            }
        }
    }
}

extension ValueSyntax where Value == Bool {
    /// `true` or `false` (JSON booleans; on the command line the words).
    package static var bool: ValueSyntax {
        ValueSyntax(placeholder: "BOOL", summary: "true or false") { input throws(PropertyValueError) in
            switch input {
            case .bool(let b): return b
            case .text("true"): return true
            case .text("false"): return false
            case .text(let s): throw phrase("must be true or false", .text(s))
            default: throw phrase("must be true or false")
            }
        }
    }
}

extension ValueSyntax where Value == String {
    /// Any string (a language tag: the label validates it).
    package static func string(placeholder: String, summary: String) -> ValueSyntax {
        ValueSyntax(placeholder: placeholder, summary: summary) { input throws(PropertyValueError) in
            switch input {
            case .text(let s), .string(let s): return s
            default: throw phrase("must be a string, not \(input.typeName)")
            }
        }
    }
}

extension ValueSyntax {
    /// One of named values. `shown` lists the names help and errors give, in order (the first names of
    /// each value); `names` may hold more spellings (UIKit's case names beside short ones), all accepted.
    /// `unknown` words the refusal of a string that is no name; by default "must be a, b or c".
    package static func choice(_ names: [(String, Value)], shown: [String], also: String? = nil,
                              placeholder: String? = nil,
                              unknown: (@Sendable (String) -> PropertyValueError)? = nil) -> ValueSyntax {
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " or " + shown.last! : shown.joined()
        let expected = "must be \(list)" + (also.map { " (\($0))" } ?? "")
        let table = names
        return ValueSyntax(placeholder: placeholder ?? shown.joined(separator: "|"), summary: list) { input throws(PropertyValueError) in
            let s: String
            switch input {
            case .text(let t), .string(let t): s = t
            default: throw phrase("must be a string, not \(input.typeName)")
            }
            guard let value = table.first(where: { $0.0 == s })?.1 else {
                if let unknown { throw unknown(s) }
                throw phrase(expected, .text(s))
            }
            return value
        }
    }

    /// A list of values, JSON `[…]` or on the command line one comma-separated argument; a repeated option
    /// gives each of its arguments.
    package static func list<Element>(of element: ValueSyntax<Element>, placeholder: String) -> ValueSyntax<[Element]> where Value == [Element] {
        ValueSyntax<[Element]>(placeholder: placeholder, summary: "a list of \(element.summary)") { input throws(PropertyValueError) in
            switch input {
            case .array(let items):
                var out: [Element] = []
                for item in items { out.append(try element.parse(item)) }
                return out
            case .text(let s):
                var out: [Element] = []
                for part in s.split(separator: ",", omittingEmptySubsequences: false) {
                    out.append(try element.parse(.text(part.trimmingCharacters(in: .whitespaces))))
                }
                return out
            case .texts(let all):
                var out: [Element] = []
                for t in all { out.append(try element.parse(.text(t))) }
                return out
            default:
                throw phrase("must be a list, not \(input.typeName)")
            }
        }
    }
}

extension ValueSyntax where Value == Color {
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, or a system colour's UIKit name (`systemRed`: `Color(hexOrName:)`).
    package static var color: ValueSyntax {
        ValueSyntax(placeholder: "COLOR", summary: "#RRGGBB[AA] or a system colour (systemRed, label …)") { input throws(PropertyValueError) in
            switch input {
            case .text(let s), .string(let s):
                do { return try Color(hexOrName: s) } catch { throw PropertyValueError(.detail("\(error)")) }
            default:
                throw phrase("must be a string, not \(input.typeName)")
            }
        }
    }
}

extension ValueSyntax where Value == [Double] {
    /// Four lengths in points: `T,L,B,R` on the command line; in JSON one number for every edge,
    /// `[a, b, c, d]` or an object of `edges` (missing edges 0).
    /// `key` names the property in an edge's refusal ("\"insets.top\" must be within …").
    package static func fourLengths(key: String, edges: [String], placeholder: String) -> ValueSyntax {
        let length = ValueSyntax<Double>.length
        let shape = "[\(edges.joined(separator: ", "))], a number or {\"\(edges[0])\": …}"
        return ValueSyntax(placeholder: placeholder, summary: shape) { input throws(PropertyValueError) in
            switch input {
            case .text(let s):
                let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
                    throw phrase("needs 4 comma-separated finite numbers (not nan or inf)", .text(s))
                }
                return parts.map { $0! }
            case .number:
                let v = try length.parse(input)
                return [v, v, v, v]
            case .array(let items) where items.count == 4:
                var v: [Double] = []
                for item in items { v.append(try length.parse(item)) }
                return v
            case .object(let members):
                var v = [0.0, 0, 0, 0]
                for m in members {
                    guard let i = edges.firstIndex(of: m.key) else {
                        throw PropertyValueError(.whole("unknown edge \"\(m.key)\" (\(edges.joined(separator: ", ")))"))
                    }
                    do throws(PropertyValueError) { v[i] = try length.parse(m.value) } catch {
                        throw PropertyValueError(.whole(error.message(for: "\"\(key).\(m.key)\"")))
                    }
                }
                return v
            default:
                throw phrase("must be \(shape)")
            }
        }
    }
}

extension ValueSyntax where Value == FontFile {
    /// A font file path (anything with a `/` or a `.ttf`/`.otf`/`.ttc` ending, or an existing file), a
    /// fontconfig family ("DejaVu Sans") or a face's PostScript or full name ("Inter-SemiBold").
    package static var font: ValueSyntax {
        ValueSyntax(placeholder: "PATH|FAMILY", summary: "a font file, fontconfig family or face name") { input throws(PropertyValueError) in
            let s: String
            switch input {
            case .text(let t), .string(let t): s = t
            default: throw phrase("must be a string, not \(input.typeName)")
            }
            guard !s.isEmpty else { throw phrase("is empty: give a font file's path or a family (fc-list : family)") }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: s, isDirectory: &isFolder), isFolder.boolValue {
                // FreeType's "cannot open face 0" said nothing of what to do.
                let (register, name) = input.isCommandLine ? ("--register \(s)", "--font-name NAME, or --font FAMILY")
                                                           : ("\"registerFonts\"", "\"fontName\", or a family as \"font\"")
                throw PropertyValueError(.detail("\(s) is a folder: name a font file in it, or register the folder (\(register)) and name "
                    + "one of its faces (\(name))"))
            }
            if s.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: { s.lowercased().hasSuffix($0) })
                || FileManager.default.fileExists(atPath: s) {
                // A style file names the member's line; on the command line a missing file is the label's
                // error when it is laid out ("font file not found").
                if case .string = input, !FileManager.default.isReadableFile(atPath: s) { throw PropertyValueError(.detail("no font file at \(s)")) }
                return FontFile(path: s)
            }
            do throws(FontNotNamed) { return try FontFile.resolve(familyOrFaceName: s) } catch { throw PropertyValueError(.detail(error.message)) }
        }
    }
}

/// A family that is not installed and a face name that is not found (`FontFile.resolve(familyOrFaceName:)`).
package struct FontNotNamed: Error, CustomStringConvertible {
    /// The family's error, then that no face has the name, with the nearest names.
    package var message: String
    package var description: String { message }
}

extension FontFile {
    /// A font named in a label's description (`--font`, a style's `font`, an attributed run's `font`): a fontconfig
    /// family (its regular face, "DejaVu Sans"), else a face's PostScript or full name (`Font(name:size:)`'s rule:
    /// "Inter-SemiBold", "Inter Semi Bold"), so one resolver serves all three.
    /// - Throws: `FontNotNamed`, naming both failures and the nearest face names.
    package static func resolve(familyOrFaceName s: String) throws(FontNotNamed) -> FontFile {
        guard !s.isEmpty else { throw FontNotNamed(message: "the name is empty: give a font file's path or a family (fc-list : family)") }
        let familyError: Error
        do { return try FontFile.resolve(family: s) } catch {
            if let error = error as? TypesettingError, error.isHiddenFamily { throw FontNotNamed(message: "\(error)") }
            familyError = error
        }
        do { return try Font(name: s, size: 17).file } catch {
            var nearest: [String] = []
            if case TypesettingError.fontNameNotFound(_, let names) = error { nearest = names }
            throw FontNotNamed(message: "\(familyError), nor a face of that PostScript or full name"
                + (nearest.isEmpty ? "" : " (nearest: " + nearest.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
                + "; or give a font file's path")
        }
    }
}

extension ValueSyntax where Value == [FontFile] {
    /// One font, or several: the first is the primary font, the others its fallbacks in order (JSON `[…]`,
    /// or a repeated option).
    package static var fonts: ValueSyntax {
        let one = ValueSyntax<FontFile>.font
        return ValueSyntax(placeholder: one.placeholder, summary: one.summary) { input throws(PropertyValueError) in
            let files: [FontFile]
            switch input {
            case .array, .texts: files = try ValueSyntax<[FontFile]>.list(of: one, placeholder: one.placeholder).parse(input)
            default: files = [try one.parse(input)]
            }
            guard !files.isEmpty else { throw PropertyValueError(.phrase("must name a font", got: nil)) }
            return files
        }
    }
}

extension ValueSyntax where Value == [Double] {
    /// A width and a height in points: `W,H`, or `[w, h]`.
    package static var twoLengths: ValueSyntax {
        pair(of: .positiveLength, placeholder: "W,H", summary: "a width and a height in points", needs: "needs a width and a height")
    }

    /// An offset in points, each part signed: `X,Y`, or `[x, y]`.
    package static var offset: ValueSyntax {
        pair(of: .length, placeholder: "X,Y", summary: "an x and a y offset in points", needs: "needs an x and a y offset")
    }

    /// Two values of `element`, as a list of exactly two; `needs` is the error's phrase for any other count.
    private static func pair(of element: ValueSyntax<Double>, placeholder: String, summary: String, needs: String) -> ValueSyntax {
        let list = ValueSyntax<[Double]>.list(of: element, placeholder: placeholder)
        return ValueSyntax(placeholder: placeholder, summary: summary) { input throws(PropertyValueError) in
            let v = try list.parse(input)
            guard v.count == 2 else { throw PropertyValueError(.phrase(needs, got: nil)) }
            return v
        }
    }
}

extension ValueSyntax where Value == CornerConfiguration {
    /// `capsule`, `capsule:MAX`, a radius, or `TL,TR,BL,BR` (top-left, top-right, bottom-left, bottom-right), pt; in
    /// JSON also a number or an array of four numbers.
    package static var corners: ValueSyntax {
        let shape = "capsule, capsule:MAX, a radius or TL,TR,BL,BR"
        // A style file is told in JSON's own terms, never the command line's comma list.
        let jsonShape = "\"capsule\", \"capsule:MAX\", a radius or [topLeft, topRight, bottomLeft, bottomRight] (numbers, pt)"
        let length = ValueSyntax<Double>.positiveLength
        return ValueSyntax(placeholder: "capsule|R|TL,TR,BL,BR", summary: shape) { input throws(PropertyValueError) in
            func radius(_ text: Substring, _ whole: String) throws(PropertyValueError) -> Double {
                guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                    throw phrase(input.isCommandLine ? "must be \(shape) (finite numbers, pt)" : "must be \(jsonShape)", .text(whole))
                }
                if !input.isCommandLine { return try length.parse(.number(v)) }
                return v
            }
            switch input {
            case .text(let s), .string(let s):
                if s == "capsule" { return .capsule() }
                if s.hasPrefix("capsule:") { return .capsule(maximumRadius: try radius(s.dropFirst(8), s)) }
                let parts = s.split(separator: ",", omittingEmptySubsequences: false)
                if parts.count == 1 { return .corners(radius: .fixed(try radius(parts[0], s))) }
                guard parts.count == 4 else { throw phrase("must be \(input.isCommandLine ? shape : jsonShape)", .text(s)) }
                var r: [Double] = []
                for p in parts { r.append(try radius(p, s)) }
                return .corners(topLeftRadius: .fixed(r[0]), topRightRadius: .fixed(r[1]), bottomLeftRadius: .fixed(r[2]), bottomRightRadius: .fixed(r[3]))
            case .number:
                return .corners(radius: .fixed(try length.parse(input)))
            case .array(let items) where items.count == 4:
                var r: [Double] = []
                for item in items { r.append(try length.parse(item)) }
                return .corners(topLeftRadius: .fixed(r[0]), topRightRadius: .fixed(r[1]), bottomLeftRadius: .fixed(r[2]), bottomRightRadius: .fixed(r[3]))
            case .array(let items):
                throw phrase("must be \(jsonShape); an array needs 4 radii, not \(items.count)")
            default:
                throw phrase("must be \(input.isCommandLine ? shape : jsonShape)")
            }
        }
    }
}
