/// Text files are UTF-8 or refused: a decoder that replaces bad bytes with U+FFFD would lay out (and record)
/// text the author never wrote. Validity is Swift's UTF-8 decoder's (RFC 3629: no overlong forms, no
/// encoded surrogates U+D800…U+DFFF, nothing above U+10FFFF).
package enum UTF8Validation {
    /// The first invalid sequence of `bytes`: its byte offset (0-based, from the start of `bytes`), its
    /// length, and the 1-based line it is on; nil when all of `bytes` is UTF-8.
    package static func firstInvalidSequence(in bytes: [UInt8]) -> (offset: Int, length: Int, line: Int)? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }   // the fast path, in one pass
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0x0A { line += 1 }
                offset += encoded.count
            case .error(let length): return (offset, length, line)
            case .emptyInput: return nil
            }
        }
    }

    /// `bytes` as a String (a UTF-8 byte-order mark at the start is dropped).
    /// - Throws: `StringResourceError` naming `file`, the line, the byte offset and the bytes of the first
    ///   invalid sequence, and what to do.
    package static func decode(_ bytes: [UInt8], file: String) throws -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let s = String(validating: body, as: UTF8.self) { return s }
        throw invalidError(bytes, file: file) ?? StringResourceError(file: file, line: nil, "is not valid UTF-8")
    }

    /// The byte order a UTF-16 byte-order mark at the start of `bytes` gives: true for little-endian
    /// (FF FE), false for big-endian (FE FF), nil without one.
    package static func utf16ByteOrderMark(_ bytes: [UInt8]) -> Bool? {
        bytes.starts(with: [0xFF, 0xFE]) ? true : bytes.starts(with: [0xFE, 0xFF]) ? false : nil
    }

    /// Why `bytes` are taken for UTF-16 or UTF-32 rather than UTF-8, or nil: a UTF-16 byte-order mark (UTF-32
    /// little-endian's FF FE 00 00 starts with one), or a NUL byte among the first 256 bytes — no text file
    /// holds one, while UTF-16 or UTF-32 of the ASCII characters a catalog, `.strings` file or property list
    /// starts with (`{`, `"`, `/*`, `<?xml`) has one in every character. The one rule of every reader.
    package static func utf16Evidence(_ bytes: [UInt8]) -> String? {
        if utf16ByteOrderMark(bytes) != nil { return "it starts with a UTF-16 byte-order mark" }
        if let nul = bytes.prefix(256).firstIndex(of: 0) { return "a NUL byte at offset \(nul)" }
        return nil
    }

    /// The error for the first invalid sequence of `bytes` (nil when they are UTF-8).
    package static func invalidError(_ bytes: [UInt8], file: String) -> StringResourceError? {
        guard let bad = firstInvalidSequence(in: bytes) else { return nil }
        let shown = bytes[bad.offset..<min(bytes.count, bad.offset + max(bad.length, 1))]
            .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return StringResourceError(file: file, line: bad.line,
            "not valid UTF-8 at byte offset \(bad.offset) (\(shown)); save the file as UTF-8 " +
            "(from Latin-1: iconv -f ISO-8859-1 -t UTF-8 FILE > FILE.utf8)")
    }
}
