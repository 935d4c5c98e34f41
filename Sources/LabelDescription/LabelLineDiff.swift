extension LabelProperty {
    /// What changed between two `label:` lines of the provenance (`describe(_:)`), as the report shows it: one
    /// entry per property part that differs (`lines=1 → lines=2`, `added cornerRadius=4`, `removed lineSpacing=2`),
    /// an attributed text's runs compared range by range (`attributedText 2..<5: kern=1.2 → kern=1.6`). Empty when
    /// the lines are equal.
    package static func changes(from old: String, to new: String) -> [String] {
        var out: [String] = []
        diff(parts(of: old), parts(of: new), prefix: "", into: &out)
        return out
    }

    /// A part's key: its text up to the first `=` or `{` (a bare flag is its own key; a run's is its range).
    private static func key(of part: String) -> String {
        var key = ""
        for c in part {
            if c == "=" || c == "{" { break }
            key.append(c)
        }
        return key
    }

    private static func diff(_ old: [String], _ new: [String], prefix: String, into out: inout [String]) {
        let oldByKey = Dictionary(old.map { (key(of: $0), $0) }, uniquingKeysWith: { a, _ in a })
        let newKeys = Set(new.map { key(of: $0) })
        for part in new {
            let k = key(of: part)
            guard let was = oldByKey[k] else { out.append(prefix + "added " + part); continue }
            guard was != part else { continue }
            if k == "attributedText" {
                diff(runs(of: was), runs(of: part), prefix: "attributedText ", into: &out)
            } else if let open = part.firstIndex(of: "{"), part.hasSuffix("}"), let wasOpen = was.firstIndex(of: "{"), was.hasSuffix("}") {
                // A run: its attributes compared one by one.
                let inner = { (s: String, i: String.Index) in String(s[s.index(after: i)..<s.index(before: s.endIndex)]) }
                var attributes: [String] = []
                diff(parts(of: inner(was, wasOpen)), parts(of: inner(part, open)), prefix: "", into: &attributes)
                out += attributes.map { prefix + k + ": " + $0 }
            } else {
                out.append(prefix + was + " → " + part)
            }
        }
        for part in old where !newKeys.contains(key(of: part)) { out.append(prefix + "removed " + part) }
    }

    /// The `label:` line's parts: split at spaces outside quotes and brackets; a token without `=` that does not
    /// start with a letter continues the part before it (`border=1.5 #000000FF`, `font=… 12pt`), one that does is a
    /// flag of its own (`adjustsFontSizeToFitWidth`).
    static func parts(of line: String) -> [String] {
        var parts: [String] = []
        for token in split(line, at: " ") {
            if let last = parts.indices.last, !token.contains("="), !token.contains("{"), token.first.map({ !$0.isLetter }) ?? true {
                parts[last] += " " + token
            } else {
                parts.append(token)
            }
        }
        return parts
    }

    /// `attributedText=0..<1{…},2..<5{…}`'s runs.
    private static func runs(of part: String) -> [String] {
        guard let eq = part.firstIndex(of: "=") else { return [part] }
        return split(String(part[part.index(after: eq)...]), at: ",")
    }

    /// `text` cut at `separator` outside double quotes (with backslash escapes), braces and parentheses.
    private static func split(_ text: String, at separator: Character) -> [String] {
        var tokens: [String] = [], current = ""
        var depth = 0, quoted = false, escaped = false
        for c in text {
            if quoted {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
            } else if c == "\"" {
                quoted = true
            } else if c == "{" || c == "(" {
                depth += 1
            } else if c == "}" || c == ")" {
                depth -= 1
            } else if c == separator, depth == 0 {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                continue
            }
            current.append(c)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
