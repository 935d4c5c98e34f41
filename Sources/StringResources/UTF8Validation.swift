/// Text files are UTF-8 or refused: a decoder that replaces bad bytes with U+FFFD would lay out (and record)
/// text the author never wrote. Validity is Swift's UTF-8 decoder's (RFC 3629: no overlong forms, no
/// encoded surrogates U+D800…U+DFFF, nothing above U+10FFFF).
public enum UTF8Validation {
    /// The first invalid sequence of `bytes`: its byte offset (0-based, from the start of `bytes`), its
    /// length, and the 1-based line it is on; nil when all of `bytes` is UTF-8.
    public static func firstInvalidSequence(in bytes: [UInt8]) -> (offset: Int, length: Int, line: Int)? {
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
    public static func decode(_ bytes: [UInt8], file: String) throws -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let s = String(validating: body, as: UTF8.self) { return s }
        throw invalidError(bytes, file: file) ?? StringResourceError(file: file, line: nil, "is not valid UTF-8")
    }

    /// The error for the first invalid sequence of `bytes` (nil when they are UTF-8).
    public static func invalidError(_ bytes: [UInt8], file: String) -> StringResourceError? {
        guard let bad = firstInvalidSequence(in: bytes) else { return nil }
        let shown = bytes[bad.offset..<min(bytes.count, bad.offset + max(bad.length, 1))]
            .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return StringResourceError(file: file, line: bad.line,
            "not valid UTF-8 at byte offset \(bad.offset) (\(shown)); save the file as UTF-8 " +
            "(from Latin-1: iconv -f ISO-8859-1 -t UTF-8 FILE > FILE.utf8)")
    }
}
