/// Reads a `.strings` file: `"key" = "value";` entries (quoted or bare words, `"key";` meaning the key
/// itself), `/* … */` and `//` comments, escapes `\n \t \r \" \\ \UXXXX` and octal, in UTF-8 or in UTF-16
/// with a byte-order mark (as Xcode writes them).
package enum StringsFileReader {
    /// The entries in file order: (key, value, 1-based line of the key).
    /// - Throws: `StringResourceError` with the line for a syntax error, a duplicate key, invalid UTF-8,
    ///   UTF-16 without a byte-order mark, or an unreadable file.
    package static func entries(path: String) throws -> [(key: String, value: String, line: Int)] {
        try entries(bytes: try readFile(path), file: path)
    }

    package static func entries(bytes: [UInt8], file: String) throws -> [(key: String, value: String, line: Int)] {
        var p = Parser(scalars: try decode(bytes, file: file), file: file)
        return try p.entries()
    }

    /// Text of the file: UTF-16 LE/BE by its BOM, else UTF-8 (an optional BOM skipped).
    static func decode(_ bytes: [UInt8], file: String) throws -> [Unicode.Scalar] {
        if let little = UTF8Validation.utf16ByteOrderMark(bytes) {
            guard bytes.count % 2 == 0 else {
                throw StringResourceError(file: file, line: nil, "UTF-16 file with an odd number of bytes (truncated?)")
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            var scalars: [Unicode.Scalar] = []
            var line = 1
            var it = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s); if s == "\n" { line += 1 }
                case .emptyInput: break loop
                case .error: throw StringResourceError(file: file, line: line, "invalid UTF-16 (an unpaired surrogate)")
                }
            }
            return scalars
        }
        if let evidence = UTF8Validation.utf16Evidence(bytes) {
            throw StringResourceError(file: file, line: 1,
                "looks like UTF-16 without a byte-order mark (\(evidence)); save it as UTF-8 or as UTF-16 with a BOM (Xcode's default)")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var line = 1
        var it = bytes[start...].makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): scalars.append(s); if s == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error:
                throw UTF8Validation.invalidError(bytes, file: file)
                    ?? StringResourceError(file: file, line: line, "not valid UTF-8; save the file as UTF-8 or UTF-16 with a BOM")
            }
        }
        return scalars
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        let file: String
        var i = 0
        var line = 1

        init(scalars: [Unicode.Scalar], file: String) { self.scalars = scalars; self.file = file }

        func error(_ message: String) -> StringResourceError { StringResourceError(file: file, line: line, message) }

        mutating func advance() { if scalars[i] == "\n" { line += 1 }; i += 1 }

        /// Skips white space and comments.
        mutating func skip() throws {
            while i < scalars.count {
                let c = scalars[i]
                if c.properties.isWhitespace { advance(); continue }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    let open = line
                    i += 2
                    while i + 1 < scalars.count, !(scalars[i] == "*" && scalars[i + 1] == "/") { advance() }
                    guard i + 1 < scalars.count else {
                        throw StringResourceError(file: file, line: open, "comment opened here is never closed (*/)")
                    }
                    i += 2; continue
                }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    while i < scalars.count, scalars[i] != "\n" { i += 1 }
                    continue
                }
                return
            }
        }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c.properties.numericType != nil || "_.$:/-".unicodeScalars.contains(c)
        }

        mutating func token(_ what: String) throws -> String {
            guard i < scalars.count else { throw error("expected \(what), found the end of the file") }
            if scalars[i] == "\"" { return try quoted() }
            guard Parser.isBare(scalars[i]) else { throw error("expected \(what) in quotes, found '\(scalars[i])'") }
            var s = String.UnicodeScalarView()
            while i < scalars.count, Parser.isBare(scalars[i]) { s.append(scalars[i]); i += 1 }
            return String(s)
        }

        mutating func quoted() throws -> String {
            let open = line
            i += 1
            var s = String.UnicodeScalarView()
            while true {
                guard i < scalars.count else {
                    throw StringResourceError(file: file, line: open, "string opened here is never closed (\")")
                }
                let c = scalars[i]
                if c == "\"" { i += 1; return String(s) }
                if c != "\\" { s.append(c); advance(); continue }
                i += 1
                guard i < scalars.count else { continue }
                let e = scalars[i]; i += 1
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "a": s.append("\u{07}")
                case "b": s.append("\u{08}")
                case "f": s.append("\u{0C}")
                case "v": s.append("\u{0B}")
                case "U", "u":
                    guard var v = hex4(at: i) else { throw error("\\U needs four hexadecimal digits") }
                    i += 4
                    // A UTF-16 surrogate pair written as two escapes.
                    if (0xD800..<0xDC00).contains(v), i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "U" || scalars[i + 1] == "u",
                       let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low) {
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00); i += 6
                    }
                    guard let scalar = Unicode.Scalar(v) else { throw error("\\U\(String(v, radix: 16)) is not a character (unpaired surrogate)") }
                    s.append(scalar)
                case "0"..."7":
                    var v = e.value - 0x30, n = 1
                    while n < 3, i < scalars.count, ("0"..."7").contains(scalars[i]) { v = v * 8 + scalars[i].value - 0x30; i += 1; n += 1 }
                    // Octal escapes name NeXTSTEP-encoded bytes; below 0x80 they are ASCII.
                    s.append(Unicode.Scalar(v) ?? "?")
                case "\n": line += 1; s.append("\n")
                default: s.append(e)   // \" \\ \' and any other character stand for themselves
                }
            }
        }

        /// The value of four hexadecimal digits at `j`, or nil.
        func hex4(at j: Int) -> UInt32? {
            guard j + 4 <= scalars.count else { return nil }
            var v: UInt32 = 0
            for c in scalars[j..<(j + 4)] {
                guard c.isASCII, let d = UInt32(String(c), radix: 16) else { return nil }
                v = v << 4 | d
            }
            return v
        }

        mutating func entries() throws -> [(key: String, value: String, line: Int)] {
            var out: [(key: String, value: String, line: Int)] = []
            var seen: [String: Int] = [:]
            while true {
                try skip()
                guard i < scalars.count else { return out }
                let keyLine = line
                let key = try token("a key")
                try skip()
                guard i < scalars.count else { throw error("expected '=' or ';' after \"\(key)\", found the end of the file") }
                var value = key
                var endLine = keyLine
                if scalars[i] == "=" {
                    i += 1
                    try skip()
                    value = try token("a value")
                    endLine = line
                    try skip()
                }
                guard i < scalars.count, scalars[i] == ";" else {
                    throw StringResourceError(file: file, line: endLine,
                        "expected ';' after the entry for \"\(key)\" (each entry is \"key\" = \"value\";)")
                }
                i += 1
                if let first = seen[key] {
                    throw StringResourceError(file: file, line: keyLine, "duplicate key \"\(key)\" (first on line \(first))")
                }
                seen[key] = keyLine
                out.append((key, value, keyLine))
            }
        }
    }
}
