import Foundation

/// Reads an Xcode String Catalog (`.xcstrings`, JSON): `sourceLanguage`, `strings` → key →
/// `localizations` → locale → `stringUnit` {`state`, `value`}, `variations` (`plural`, `device`, nested)
/// and `substitutions` (`%#@name@` with `argNum`, `formatSpecifier` and their own plural variations).
/// Every variant becomes one `LocalizedString`; a key without a localization in the source language
/// takes the key itself as its source value, as Xcode does.
package enum StringCatalogReader {
    /// Combinations of substitution variants beyond this are refused (each one is laid out).
    package static let maximumVariantsPerString = 256

    /// - Throws: `StringResourceError` naming the file and line for unreadable files, invalid JSON, a value of
    ///   the wrong type, an unknown state, plural category or device, or an unknown locale.
    package static func read(path: String) throws -> StringTable {
        try read(bytes: try readFile(path), file: path)
    }

    package static func read(bytes: [UInt8], file: String) throws -> StringTable {
        let root = try JSONDocument.parse(bytes, file: file)
        let r = Reader(file: file)
        guard case .object = root.value else { throw r.error(root, "the catalog must be a JSON object") }
        guard let sourceNode = root["sourceLanguage"] else {
            throw r.error(root, "no \"sourceLanguage\" (is this a String Catalog written by Xcode?)")
        }
        let source = try r.string(sourceNode, "sourceLanguage")
        try r.checkLocale(source, sourceNode)
        guard let stringsNode = root["strings"], case .object(let keys) = stringsNode.value else {
            throw r.error(root["strings"] ?? root, "\"strings\" must be an object of keys")
        }
        var out: [LocalizedString] = []
        for (key, keyLine, entry) in keys {
            guard case .object = entry.value else { throw r.error(entry, "key \"\(key)\" must be an object") }
            let shouldTranslate = try entry["shouldTranslate"].map { try r.bool($0, "shouldTranslate") } ?? true
            var locales = Set<String>()
            if let locNode = entry["localizations"] {
                guard case .object(let locs) = locNode.value else { throw r.error(locNode, "\"localizations\" of \"\(key)\" must be an object") }
                for (locale, _, loc) in locs {
                    try r.checkLocale(locale, loc)
                    if !shouldTranslate && locale != source { continue }
                    locales.insert(locale)
                    out += try r.variants(of: loc, key: key, locale: locale)
                }
            }
            if !locales.contains(source) {
                // Keyed by source text: the key is what the source language shows.
                out.append(LocalizedString(key: key, locale: source, format: key, state: nil, file: file, line: keyLine))
            }
        }
        return StringTable(sourceLanguage: source, strings: out)
    }

    struct Reader {
        let file: String

        func error(_ node: JSONNode, _ message: String) -> StringResourceError {
            StringResourceError(file: file, line: node.line, message)
        }
        func string(_ node: JSONNode, _ name: String) throws -> String {
            guard case .string(let s) = node.value else { throw error(node, "\"\(name)\" must be a string, not \(node.typeName)") }
            return s
        }
        func bool(_ node: JSONNode, _ name: String) throws -> Bool {
            guard case .bool(let b) = node.value else { throw error(node, "\"\(name)\" must be true or false, not \(node.typeName)") }
            return b
        }
        func members(_ node: JSONNode, _ name: String) throws -> [(key: String, line: Int, value: JSONNode)] {
            guard case .object(let m) = node.value else { throw error(node, "\"\(name)\" must be an object, not \(node.typeName)") }
            return m
        }
        func checkLocale(_ locale: String, _ node: JSONNode) throws {
            guard LocaleCheck.isKnown(locale) else {
                throw error(node, "unknown locale \"\(locale)\" (use a BCP 47 tag such as de, pt-BR, zh-Hans)")
            }
        }

        /// A `stringUnit` or `variations` node → its variants (variant path, value, state, line, plural arguments).
        struct Unit { var variant: [String]; var value: String; var state: TranslationState?; var line: Int; var plural: [Int: String] }

        func units(_ node: JSONNode, context: String) throws -> [Unit] {
            if let su = node["stringUnit"] {
                _ = try members(su, "stringUnit")
                guard let v = su["value"] else { throw error(su, "stringUnit of \(context) has no \"value\"") }
                let value = try string(v, "value")
                var state: TranslationState?
                if let s = su["state"] {
                    let name = try string(s, "state")
                    guard let known = TranslationState(rawValue: name) else {
                        throw error(s, "unknown state \"\(name)\" in \(context) (translated, needs_review, new or stale)")
                    }
                    state = known
                }
                return [Unit(variant: [], value: value, state: state, line: v.line, plural: [:])]
            }
            guard let variations = node["variations"] else {
                throw error(node, "\(context) has neither \"stringUnit\" nor \"variations\"")
            }
            var out: [Unit] = []
            for (kind, _, cases) in try members(variations, "variations") {
                let allowed: Set<String>
                switch kind {
                case "plural": allowed = PluralSamples.categories
                case "device": allowed = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]
                default: throw error(variations, "unknown variation \"\(kind)\" in \(context) (plural or device)")
                }
                for (name, _, sub) in try members(cases, kind) {
                    guard allowed.contains(name) else {
                        throw error(sub, "unknown \(kind) variant \"\(name)\" in \(context) (\(allowed.sorted().joined(separator: ", ")))")
                    }
                    for var u in try units(sub, context: "\(context) \(kind)=\(name)") {
                        u.variant.insert("\(kind)=\(name)", at: 0)
                        // A plural variation of the whole string varies by its first integer argument (0).
                        if kind == "plural", u.plural[0] == nil { u.plural[0] = name }
                        out.append(u)
                    }
                }
            }
            return out
        }

        func variants(of loc: JSONNode, key: String, locale: String) throws -> [LocalizedString] {
            let context = "\"\(key)\" (\(locale))"
            _ = try members(loc, "localizations.\(locale)")
            var result: [Unit] = []
            let substitutions = try loc["substitutions"].map { try members($0, "substitutions") } ?? []
            for unit in try units(loc, context: context) {
                var partial = [unit]
                for (name, _, sub) in substitutions where unit.value.contains("%#@\(name)@") {
                    _ = try members(sub, "substitutions.\(name)")
                    let argNum: Int
                    if let n = sub["argNum"] {
                        guard case .number(let d) = n.value, d >= 1, d <= 99, d == d.rounded() else {
                            throw error(n, "\"argNum\" of substitution \"\(name)\" must be a whole number 1…99")
                        }
                        argNum = Int(d)
                    } else { argNum = 1 }
                    let spec = try sub["formatSpecifier"].map { try string($0, "formatSpecifier") } ?? "lld"
                    let cases = try units(sub, context: "\(context) substitution \(name)")
                    var next: [Unit] = []
                    for p in partial {
                        for c in cases {
                            var u = p
                            let text = c.value.replacingOccurrences(of: "%arg", with: "%\(argNum)$\(spec)")
                            u.value = u.value.replacingOccurrences(of: "%#@\(name)@", with: text)
                            let label = c.variant.map { $0.replacingOccurrences(of: "plural=", with: "") }.joined(separator: ",")
                            u.variant.append("\(name)=\(label)")
                            if let category = c.plural[0] { u.plural[argNum] = category }
                            if u.state == nil || (c.state != nil && c.state != .translated) { u.state = c.state ?? u.state }
                            next.append(u)
                        }
                    }
                    guard next.count <= StringCatalogReader.maximumVariantsPerString else {
                        throw error(sub, "\(context) has more than \(StringCatalogReader.maximumVariantsPerString) variant combinations")
                    }
                    partial = next
                }
                result += partial
            }
            return result.map {
                LocalizedString(key: key, locale: locale, variant: $0.variant.joined(separator: ","), format: $0.value,
                                state: $0.state, pluralArguments: $0.plural, file: file, line: $0.line)
            }
        }
    }
}

/// Reads a whole file as bytes, or throws a `StringResourceError` that names it.
func readFile(_ path: String) throws -> [UInt8] { try StringTable.bytes(ofFile: path) }
