import Foundation

/// Reads a `.stringsdict` (XML property list): key → `NSStringLocalizedFormatKey` with `%#@name@` variables,
/// each a dict with `NSStringFormatSpecTypeKey` `NSStringPluralRuleType` (variants `zero` … `other`) or
/// `NSStringVariableWidthRuleType` (variants by width), and `NSStringFormatValueTypeKey`. Every combination
/// of variants becomes one `LocalizedString` (variant "files=one,folders=other", "width=20").
package enum StringsDictReader {
    /// - Throws: `StringResourceError` naming the file (and the line, where the property-list parser or
    ///   the key's position gives one) for malformed XML, a wrong type or a missing key.
    package static func read(path: String, locale: String) throws -> [LocalizedString] {
        try read(bytes: try readFile(path), file: path, locale: locale)
    }

    package static func read(bytes: [UInt8], file: String, locale: String) throws -> [LocalizedString] {
        // An XML property list is UTF-8 unless its declaration names another encoding (Xcode writes UTF-8);
        // Foundation's parser would keep going past bad bytes. A binary plist (bplist00) is not text.
        if !bytes.starts(with: Array("bplist".utf8)), declaresUTF8(bytes),
           let invalid = UTF8Validation.invalidError(bytes, file: file) { throw invalid }
        let text = String(decoding: bytes, as: UTF8.self)
        func line(of key: String) -> Int? {
            let escaped = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            guard let r = text.range(of: "<key>\(escaped)</key>") else { return nil }
            return text[..<r.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        }
        let plist: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.xml
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw parseError(error, file: file)
        }
        guard let root = plist as? [String: Any] else {
            throw StringResourceError(file: file, line: nil, "the property list must be a <dict> of keys")
        }
        var out: [LocalizedString] = []
        for key in root.keys.sorted(by: { (line(of: $0) ?? 0, $0) < (line(of: $1) ?? 0, $1) }) {
            let keyLine = line(of: key)
            func fail(_ message: String) -> StringResourceError {
                StringResourceError(file: file, line: keyLine, "\"\(key)\": \(message)")
            }
            guard let entry = root[key] as? [String: Any] else { throw fail("must be a <dict>") }
            guard let format = entry["NSStringLocalizedFormatKey"] as? String else {
                throw fail("has no NSStringLocalizedFormatKey <string>")
            }
            var partial: [(format: String, variant: [String], plural: [Int: String])] = [(format, [], [:])]
            for (name, argument) in variables(in: format) {
                guard let rule = entry[name] as? [String: Any] else { throw fail("variable %#@\(name)@ has no <dict> of that name") }
                let type = rule["NSStringFormatSpecTypeKey"] as? String
                let cases: [(String, String)]
                switch type {
                case "NSStringPluralRuleType":
                    cases = try rule.keys.filter { !$0.hasPrefix("NSString") }.sorted(by: pluralOrder).map { c in
                        guard PluralSamples.categories.contains(c) else { throw fail("unknown plural category \"\(c)\" in \(name) (zero, one, two, few, many, other)") }
                        guard let s = rule[c] as? String else { throw fail("\(name).\(c) must be a <string>") }
                        return (c, s)
                    }
                    guard cases.contains(where: { $0.0 == "other" }) else { throw fail("\(name) has no \"other\" variant (it is required)") }
                case "NSStringVariableWidthRuleType":
                    cases = try rule.keys.filter { !$0.hasPrefix("NSString") }.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { c in
                        guard let s = rule[c] as? String else { throw fail("\(name).\(c) must be a <string>") }
                        return ("width=\(c)", s)
                    }
                default:
                    throw fail("\(name) has NSStringFormatSpecTypeKey \(type.map { "\"\($0)\"" } ?? "missing") (NSStringPluralRuleType or NSStringVariableWidthRuleType)")
                }
                partial = partial.flatMap { p in
                    cases.map { (category, value) in
                        // The variant's own specifiers print the variable's argument.
                        let text = positional(value, argument: argument)
                        var plural = p.plural
                        let isWidth = category.hasPrefix("width=")
                        if !isWidth { plural[argument] = category }
                        return (p.format.replacingOccurrences(of: "%\(argument)$#@\(name)@", with: text)
                                        .replacingOccurrences(of: "%#@\(name)@", with: text),
                                p.variant + [isWidth ? category : "\(name)=\(category)"], plural)
                    }
                }
                guard partial.count <= StringCatalogReader.maximumVariantsPerString else {
                    throw fail("more than \(StringCatalogReader.maximumVariantsPerString) variant combinations")
                }
            }
            out += partial.map {
                LocalizedString(key: key, locale: locale, variant: $0.variant.joined(separator: ","), format: $0.format,
                                state: nil, pluralArguments: $0.plural, file: file, line: keyLine ?? 0)
            }
        }
        return out
    }

    static let pluralRank = ["zero": 0, "one": 1, "two": 2, "few": 3, "many": 4, "other": 5]
    static func pluralOrder(_ a: String, _ b: String) -> Bool { (pluralRank[a] ?? 9, a) < (pluralRank[b] ?? 9, b) }

    /// The `%#@name@` variables of a format and the 1-based argument each one takes (explicit `%2$#@name@`,
    /// else the next argument in order, counting the ordinary specifiers before it).
    static func variables(in format: String) -> [(name: String, argument: Int)] {
        var out: [(name: String, argument: Int)] = []
        var next = 1
        var cursor = format.startIndex
        for match in format.matches(of: /%(?:([0-9]+)\$)?#@([^@]+)@/) {
            // Ordinary specifiers before the variable take arguments in order too.
            let before = String(format[cursor..<match.range.lowerBound])
            next += FormatSpecifiers.parse(before).filter { $0.argument != nil && !$0.isPositional }.count
            cursor = match.range.upperBound
            let argument = match.output.1.flatMap { Int($0) } ?? next
            if match.output.1 == nil { next += 1 }
            let name = String(match.output.2)
            if !out.contains(where: { $0.name == name }) { out.append((name, argument)) }
        }
        return out
    }

    /// `value` with its non-positional specifiers bound to `argument` (`%d` → `%2$d`).
    static func positional(_ value: String, argument: Int) -> String {
        let u = Array(value.utf16)
        var out: [UInt16] = []
        var last = 0
        for s in FormatSpecifiers.parse(value) where s.argument != nil {
            guard !s.isPositional else { continue }
            out += u[last..<s.range.lowerBound]
            out += Array("%\(argument)$".utf16) + u[(s.range.lowerBound + 1)..<s.range.upperBound]
            last = s.range.upperBound
        }
        out += u[last...]
        return String(decoding: out, as: UTF16.self)
    }

    /// Whether an XML document is UTF-8: not taken for UTF-16/32 (`UTF8Validation.utf16Evidence`), and no
    /// `encoding` other than UTF-8 in its `<?xml …?>` declaration (XML 1.0 §4.3.3: UTF-8 by default).
    static func declaresUTF8(_ bytes: [UInt8]) -> Bool {
        if UTF8Validation.utf16Evidence(bytes) != nil { return false }
        let start = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard start.hasPrefix("<?xml") || start.hasPrefix("\u{FEFF}<?xml"), let end = start.range(of: "?>"),
              let enc = start[..<end.lowerBound].range(of: "encoding=") else { return true }
        let value = start[enc.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
        return value.lowercased() == "utf-8" || value.lowercased() == "utf8"
    }

    /// A property-list parse error with the line Foundation's message names ("… on line 5").
    static func parseError(_ error: Error, file: String) -> StringResourceError {
        let ns = error as NSError
        let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
        var line: Int?
        if let r = detail.range(of: #"line \d+"#, options: .regularExpression) {
            line = Int(detail[r].dropFirst(5))
        }
        return StringResourceError(file: file, line: line, "not a valid XML property list: \(detail)")
    }
}
