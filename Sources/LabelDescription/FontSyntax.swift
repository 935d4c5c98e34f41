import Foundation
import Typesetting

// The syntaxes of the font's parts that have entries of their own (weight, variations, features, a name, fonts to
// register): one parser each for style JSON and command-line text, as ValueSyntax's.

extension ValueSyntax where Value == Font.Weight {
    /// UIKit's weight names (`semibold`, `ultraLight`) or a CSS weight class, a whole number 1…1000 (`650`; the
    /// option's text in decimal digits, the style's a JSON number or string): `Font.Weight(name:)`. A fraction or
    /// another spelling of a number (`650.5`, `0x10`, `1e3`) is refused, pointing to the `wght` variation.
    package static var weight: ValueSyntax {
        let names = Font.Weight.all.map(\.name)
        return ValueSyntax(placeholder: "W", summary: names.joined(separator: ", ") + " or a whole CSS weight 1…1000") { input throws(PropertyValueError) in
            let s: String
            switch input {
            case .text(let t), .string(let t): s = t
            case .number(let v): s = LabelDescriptionFormat.number(v)
            default: throw PropertyValueError(.phrase("must be a string or a number, not \(input.typeName)", got: nil))
            }
            guard let weight = Font.Weight(name: s) else {
                if Double(s) != nil || s.lowercased().hasPrefix("0x") {
                    throw PropertyValueError(.phrase("takes a CSS weight as a whole number from 1 to 1000 in decimal digits "
                                                     + "(a variable font's weight between two is a variation: wght=650.5)",
                                                     got: { if case .number(let v) = input { .number(v) } else { .text(s) } }()))
                }
                throw PropertyValueError(.phrase("must be \(names.joined(separator: ", ")) or a CSS weight 1…1000", got: .text(s)))
            }
            return weight
        }
    }
}

extension ValueSyntax where Value == [String: Double] {
    /// Values by OpenType tag: `TAG=VALUE` (a repeated option, or comma-separated), or a JSON object
    /// (`{"wght": 650}`). `bare` is the value of a tag given alone (`tnum` = 1 for features), nil when a value is
    /// needed (variation axes). A tag is 1 to 4 ASCII characters, as `Font.features` and `FontFile.variations` take.
    package static func tagged(placeholder: String, summary: String, bare: Double?, integers: Bool) -> ValueSyntax {
        @Sendable func tag(_ t: String) throws(PropertyValueError) -> String {
            guard (1...4).contains(t.utf8.count), t.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "=" }) else {
                throw PropertyValueError(.phrase("needs OpenType tags of 1 to 4 ASCII characters", got: .text(t)))
            }
            return t
        }
        @Sendable func value(_ v: Double, _ text: String, key: String? = nil) throws(PropertyValueError) -> Double {
            // Feature values are HarfBuzz's unsigned 32-bit ones: 0 off, 1 on, n the nth alternate.
            guard v.isFinite, !integers || (v == v.rounded() && v >= 0 && v <= Double(UInt32.max)) else {
                let wanted = integers ? "a whole number from 0 to \(UInt32.max) (0 off, 1 on, n the nth alternate)" : "a finite number"
                // A JSON object has no `=`: its member is named as written there.
                if let key { throw PropertyValueError(.whole("\"\(key)\" must be \(wanted), got \(LabelDescriptionFormat.number(v))")) }
                throw PropertyValueError(.phrase(integers ? "needs whole numbers from 0 to \(UInt32.max) after =" : "needs finite numbers after =",
                                                 got: .text(text)))
            }
            return v
        }
        return ValueSyntax(placeholder: placeholder, summary: summary) { input throws(PropertyValueError) in
            var out: [String: Double] = [:]
            switch input {
            case .object(let members):
                for m in members {
                    guard case .number(let v) = m.value else {
                        throw PropertyValueError(.whole("\"\(m.key)\" must be a number, not \(m.value.typeName)"))
                    }
                    out[try tag(m.key)] = try value(v, "\(m.key)=\(LabelDescriptionFormat.number(v))", key: m.key)
                }
            case .text, .texts, .string, .array:
                var parts: [String] = []
                switch input {
                case .text(let s), .string(let s): parts = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                case .texts(let all): parts = all.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
                case .array(let items):
                    for item in items {
                        guard case .string(let s) = item else { throw PropertyValueError(.phrase("must hold strings, not \(item.typeName)", got: nil)) }
                        parts.append(s)
                    }
                default: break
                }
                // A tag given twice (`--variation wght=400 --variation wght=700`) is refused: the last would win silently.
                var given: [String: String] = [:]
                for part in parts {
                    let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
                    let t: String, v: Double
                    if pieces.count == 2 {
                        guard let number = Double(pieces[1]) else { throw PropertyValueError(.phrase("needs TAG=NUMBER", got: .text(part))) }
                        (t, v) = (try tag(pieces[0]), try value(number, part))
                    } else if let bare {
                        (t, v) = (try tag(part), bare)
                    } else {
                        throw PropertyValueError(.phrase("needs TAG=NUMBER", got: .text(part)))
                    }
                    if let earlier = given[t] {
                        throw PropertyValueError(.phrase("gives the tag \(t) twice, as '\(earlier)' and '\(part)': give each tag once", got: nil))
                    }
                    given[t] = part
                    out[t] = v
                }
            default:
                throw PropertyValueError(.phrase("must be an object of tags, not \(input.typeName)", got: nil))
            }
            guard !out.isEmpty else { throw PropertyValueError(.phrase("needs at least one tag", got: nil)) }
            return out
        }
    }
}

extension ValueSyntax where Value == FontFile {
    /// A face by PostScript or full name among the registered and installed fonts (`Font(name:size:)`); an
    /// unknown name is refused with the nearest names.
    package static var fontName: ValueSyntax {
        ValueSyntax(placeholder: "NAME", summary: "a PostScript or full font name") { input throws(PropertyValueError) in
            switch input {
            case .text(let s), .string(let s):
                guard !s.isEmpty else {
                    throw PropertyValueError(.phrase("is empty: give a PostScript or full name (fc-list : postscriptname)", got: nil))
                }
                do { return try Font(name: s, size: 17).file } catch { throw PropertyValueError(.detail("\(error)")) }
            default: throw PropertyValueError(.phrase("must be a string, not \(input.typeName)", got: nil))
            }
        }
    }
}

extension ValueSyntax where Value == [FaceInfo] {
    /// Font files or folders registered when read (`FontRegistry.register(fileAt:)` / `register(folder:)`), so
    /// that a later font name, family or weight finds their faces; a list registers each.
    package static var registeredFonts: ValueSyntax {
        ValueSyntax(placeholder: "PATH", summary: "a font file or a folder of fonts") { input throws(PropertyValueError) in
            let paths: [String]
            switch input {
            case .text(let s), .string(let s): paths = [s]
            case .texts(let all): paths = all
            case .array(let items):
                var all: [String] = []
                for item in items {
                    guard case .string(let s) = item else { throw PropertyValueError(.phrase("must hold paths, not \(item.typeName)", got: nil)) }
                    all.append(s)
                }
                paths = all
            default: throw PropertyValueError(.phrase("must be a path or a list of paths, not \(input.typeName)", got: nil))
            }
            var faces: [FaceInfo] = []
            for path in paths {
                // URL(fileURLWithPath: "") is the working folder, which was then "not a file".
                guard !path.isEmpty else { throw PropertyValueError(.phrase("is empty: give a font file's path or a folder of fonts", got: nil)) }
                var isFolder: ObjCBool = false
                let url = URL(fileURLWithPath: path)
                do {
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                        faces += try FontRegistry.register(folder: url)
                    } else {
                        faces += try FontRegistry.register(fileAt: url)
                    }
                } catch { throw PropertyValueError(.detail("\(error)")) }
            }
            return faces
        }
    }
}
