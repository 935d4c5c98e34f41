import CCmarkGFM
import Foundation
import LabelLayout

/// Markdown's inline syntax as an attributed label's text, parsed with cmark-gfm (CommonMark and GitHub's
/// strikethrough): `**strong**`, `*emphasis*`, `` `code` ``, `~~strikethrough~~` set `inlinePresentationIntent`,
/// which layout resolves to the bold, italic and monospaced faces of the run's family (DESIGN.md §2, Markdown).
/// Links keep their text (and `link`); paragraphs are separated by a line feed, a hard line break is one, a soft
/// one a space; block markup (headings, lists, quotes) keeps only its text, as `AttributedString(markdown:)`'s
/// `.inlineOnlyPreservingWhitespace` would not parse it either.
extension AttributedString {
    /// - Throws: `MarkdownError.unparsable` when cmark-gfm returns no document (out of memory).
    public init(markdown: String) throws {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { throw MarkdownError.unparsable }
        defer { cmark_parser_free(parser) }
        if let strike = cmark_find_syntax_extension("strikethrough") { cmark_parser_attach_syntax_extension(parser, strike) }
        let bytes = Array(markdown.utf8)
        bytes.withUnsafeBufferPointer { b in
            b.baseAddress.map { p in p.withMemoryRebound(to: CChar.self, capacity: b.count) { cmark_parser_feed(parser, $0, b.count) } }
        }
        guard let document = cmark_parser_finish(parser) else { throw MarkdownError.unparsable }
        defer { cmark_node_free(document) }
        var out = AttributedString()
        var blocks = 0
        func walk(_ node: OpaquePointer, intent: InlinePresentationIntent, link: URL?) {
            var child = cmark_node_first_child(node)
            while let c = child {
                var i = intent, l = link
                let type = cmark_node_get_type(c)
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                    var piece = AttributedString(String(cString: cmark_node_get_literal(c)))
                    if type == CMARK_NODE_CODE { i.insert(.code) }
                    if !i.isEmpty { piece.inlinePresentationIntent = i }
                    if let l { piece.link = l }
                    out += piece
                case CMARK_NODE_SOFTBREAK: out += AttributedString(" ")
                case CMARK_NODE_LINEBREAK: out += AttributedString("\n")
                case CMARK_NODE_EMPH: i.insert(.emphasized)
                case CMARK_NODE_STRONG: i.insert(.stronglyEmphasized)
                case CMARK_NODE_LINK: l = cmark_node_get_url(c).flatMap { URL(string: String(cString: $0)) }
                default:
                    if String(cString: cmark_node_get_type_string(c)) == "strikethrough" { i.insert(.strikethrough) }
                }
                let isBlock = type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_CODE_BLOCK
                if isBlock { if blocks > 0 { out += AttributedString("\n") }; blocks += 1 }
                if type == CMARK_NODE_CODE_BLOCK {
                    var piece = AttributedString(String(cString: cmark_node_get_literal(c)).trimmingCharacters(in: .newlines))
                    piece.inlinePresentationIntent = .code
                    out += piece
                } else {
                    walk(c, intent: i, link: l)
                }
                child = cmark_node_next(c)
            }
        }
        walk(document, intent: [], link: nil)
        self = out
    }
}

public enum MarkdownError: Error, CustomStringConvertible {
    case unparsable
    public var description: String { "cmark-gfm could not parse the Markdown (out of memory?): shorten the text" }
}
