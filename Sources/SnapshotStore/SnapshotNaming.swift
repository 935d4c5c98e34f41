/// Turns test names and `named:` values into single, safe path components.
package enum SnapshotNaming {
    /// Longest component, in UTF-8 bytes; longer names are cut and given a hash suffix so that
    /// distinct long names stay distinct. File systems allow 255 bytes per name: a reference's name is
    /// `<test>.<id>.<ext>` and an artifact's adds `.<kind>.<ext>`, so two components of 90 bytes
    /// leave a margin for those and for the temporary file's suffix.
    package static let maximumComponentLength = 90

    /// A single path component made from arbitrary text, never a path:
    /// letters, combining marks and digits (any script), `_`, `-`, `+` and `.` are kept; everything else (`/`, `\`,
    /// NUL, control characters, spaces, `:`, …) becomes `-`; runs of `-` and of `.` collapse to
    /// one; leading and trailing `-` and `.` are dropped (no hidden files, no `..`); an empty
    /// result becomes `_`; more than `maximumComponentLength` bytes are cut and suffixed with an
    /// FNV-1a hash of the original.
    ///
    /// `"../../etc/passwd"` → `"etc-passwd"`, `"dark mode"` → `"dark-mode"`, `"en_US"` → `"en_US"`.
    package static func sanitize(_ text: String) -> String {
        var out = ""
        for ch in text {
            let keep = ch == "_" || ch == "-" || ch == "+" || ch == "."
                || ch.unicodeScalars.allSatisfy { scalar in
                    scalar.value >= 0x20 && scalar.value != 0x7F
                        && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                            || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory))
                }
            let c: Character = keep ? ch : "-"
            // Runs of "-" or "." collapse to one; a "." right after "-" (or the start) is dropped.
            if c == "-" || c == ".", let last = out.last, last == "-" || last == "." {
                if c == last || c == "." { continue }
            }
            if (c == "-" || c == ".") && out.isEmpty { continue }
            out.append(c)
        }
        while let l = out.last, l == "-" || l == "." { out.removeLast() }
        if out.isEmpty { out = "_" }
        if out.utf8.count > maximumComponentLength {
            let hash = fnv1a64(text)
            var cut = ""
            for ch in out {
                if cut.utf8.count + ch.utf8.count > maximumComponentLength - 17 { break }
                cut.append(ch)
            }
            out = cut + "-" + hex(hash)
        }
        return out
    }

    /// The test name as a file name: the function name without its argument list
    /// (`testFoo()` → `testFoo`, `render(label:)` → `render`), sanitised.
    package static func testName(_ name: String) -> String {
        var base = Substring(name)
        if let paren = base.firstIndex(of: "(") { base = base[..<paren] }
        return sanitize(String(base))
    }

    /// The test file's name without `.swift`, sanitised: `/x/Tests/BadgeTests.swift` → `BadgeTests`.
    package static func testFileName(_ filePath: String) -> String {
        var name = Substring(filePath)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".swift") { name = name.dropLast(6) }
        return sanitize(String(name))
    }

    /// FNV-1a, 64 bits, of the UTF-8 bytes: the suffix of a cut name, the file name of a run's claim.
    package static func fnv1a64(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// `v` as 16 lower-case hex digits.
    package static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
