import ContentDigest

extension LabelProperty {
    /// Texts up to this many UTF-8 bytes are stated whole; longer ones by their first
    /// `statedTextPrefix` characters, length and digest, so the provenance chunk stays small (a 1.4 MB text
    /// made a 1.4 MB reference) and below `PNGCodec.maximumTextByteCount`.
    public static let wholeTextByteLimit = 512, statedTextPrefix = 200

    /// `text="…"` (quotes and backslashes escaped, control characters as `\u{…}`), or for a long text
    /// `text="<first 200 characters>" textLength=<characters> textSHA256=<SHA-256 of its UTF-8, hex>`:
    /// deterministic, and a changed text still changes the line.
    public static func describe(text: String) -> String {
        func quoted(_ s: Substring) -> String {
            "\"" + s.unicodeScalars.map { $0 == "\"" ? "\\\"" : $0 == "\\" ? "\\\\" : $0.value < 0x20 ? $0.escaped(asASCII: true) : String($0) }.joined() + "\""
        }
        guard text.utf8.count > wholeTextByteLimit else { return "text=" + quoted(text[...]) }
        let digest = SHA256Digest.of(Array(text.utf8))?.hex ?? "unavailable"
        return "text=\(quoted(text.prefix(statedTextPrefix))) textLength=\(text.count) textSHA256=\(digest)"
    }
}
