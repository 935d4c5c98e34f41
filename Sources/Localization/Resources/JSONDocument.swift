/// A strict JSON value (RFC 8259) that remembers the line it starts on, so that a String Catalog or a
/// style file can be rejected with the line of the offending value. Foundation's `JSONSerialization`
/// reports only a character offset, accepts duplicate keys silently and loses positions after parsing.
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case object([(key: String, line: Int, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }
    package var value: Value
    /// 1-based line where the value starts.
    package var line: Int

    /// The member `key` of an object, or nil.
    package subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    /// A short name of the value's type for error messages.
    package var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Parses JSON text into `JSONNode`s.
package enum JSONDocument {
    /// Nesting deeper than this is refused (a stack overflow is no error message).
    static let maximumDepth = 256

    /// Parses `bytes` (UTF-8, an optional BOM skipped).
    /// - Throws: `StringResourceError` naming `file` and the line of the first syntax error, invalid UTF-8,
    ///   UTF-16, a duplicate key or trailing content.
    package static func parse(_ bytes: [UInt8], file: String) throws -> JSONNode {
        if let evidence = UTF8Validation.utf16Evidence(bytes) {
            throw StringResourceError(file: file, line: 1, "the file looks like UTF-16 or UTF-32 (\(evidence)); JSON must be UTF-8: save it as UTF-8")
        }
        if let invalid = UTF8Validation.invalidError(bytes, file: file) { throw invalid }
        var p = Parser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        p.skipWhitespace()
        let node = try p.value(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw p.error("unexpected content after the JSON value") }
        return node
    }

    struct Parser {
        let bytes: [UInt8]
        let file: String
        var i = 0
        var line = 1

        func error(_ message: String) -> StringResourceError {
            StringResourceError(file: file, line: line, "invalid JSON: \(message)")
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x0A: line += 1; i += 1
                case 0x20, 0x09, 0x0D: i += 1
                default: return
                }
            }
        }

        mutating func expect(_ literal: String) throws {
            for b in literal.utf8 {
                guard i < bytes.count, bytes[i] == b else { throw error("expected '\(literal)'") }
                i += 1
            }
        }

        mutating func value(depth: Int) throws -> JSONNode {
            guard depth < JSONDocument.maximumDepth else { throw error("nested more than \(JSONDocument.maximumDepth) levels") }
            guard i < bytes.count else { throw error("unexpected end of file") }
            let start = line
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, line: Int, value: JSONNode)] = []
                var seen = Set<String>()
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return JSONNode(value: .object(members), line: start) }
                while true {
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let keyLine = line
                    let key = try string()
                    guard seen.insert(key).inserted else { throw error("duplicate key \"\(key)\"") }
                    skipWhitespace()
                    try expect(":")
                    skipWhitespace()
                    members.append((key, keyLine, try value(depth: depth + 1)))
                    skipWhitespace()
                    guard i < bytes.count else { throw error("unexpected end of file in an object") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return JSONNode(value: .object(members), line: start) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                i += 1
                var elements: [JSONNode] = []
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSONNode(value: .array(elements), line: start) }
                while true {
                    skipWhitespace()
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard i < bytes.count else { throw error("unexpected end of file in an array") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return JSONNode(value: .array(elements), line: start) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return JSONNode(value: .string(try string()), line: start)
            case UInt8(ascii: "t"): try expect("true"); return JSONNode(value: .bool(true), line: start)
            case UInt8(ascii: "f"): try expect("false"); return JSONNode(value: .bool(false), line: start)
            case UInt8(ascii: "n"): try expect("null"); return JSONNode(value: .null, line: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try number()), line: start)
            default:
                throw error("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))'")
            }
        }

        mutating func number() throws -> Double {
            let start = i
            func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count else { throw error("incomplete number") }
            if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw error("invalid number") }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { throw error("invalid number") } }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw error("invalid number") }
            }
            guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else { throw error("invalid number") }
            return v
        }

        mutating func hex4() throws -> UInt16 {
            guard i + 4 <= bytes.count else { throw error("incomplete \\u escape") }
            var v: UInt16 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x41...0x46: d = c - 0x41 + 10
                case 0x61...0x66: d = c - 0x61 + 10
                default: throw error("invalid \\u escape")
                }
                v = v << 4 | UInt16(d)
                i += 1
            }
            return v
        }

        /// A string literal at `i` (the opening quote). Its bytes are UTF-8 without another check: `parse`
        /// validated the whole file, a literal is cut at ASCII quotes (never inside a multi-byte sequence)
        /// and escapes append a String's own UTF-8.
        mutating func string() throws -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw error("unterminated string") }
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { i += 1; break }
                if c < 0x20 { throw error(c == 0x0A ? "line break inside a string (write \\n)" : "control character inside a string") }
                if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
                i += 1
                guard i < bytes.count else { throw error("unterminated string") }
                let e = bytes[i]; i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var units = [try hex4()]
                    if UTF16.isLeadSurrogate(units[0]) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        i += 2
                        units.append(try hex4())
                    }
                    guard let s = String(validating: units, as: UTF16.self) else { throw error("unpaired surrogate in a \\u escape") }
                    out += Array(s.utf8)
                default: throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'")
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
