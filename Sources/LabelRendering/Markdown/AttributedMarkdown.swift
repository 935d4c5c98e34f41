import CCmarkGFM
import Foundation

/// Markdown's inline syntax as an attributed label's text, parsed with cmark-gfm (CommonMark and GitHub's
/// strikethrough): `**strong**`, `*emphasis*`, `` `code` ``, `~~strikethrough~~` set `inlinePresentationIntent`,
/// which layout resolves to the bold, italic and monospaced faces of the run's family (docs/layout-rules.md, Attributed text).
/// Links keep their text (and `link`); paragraphs are separated by a line feed, a hard line break is one, a soft
/// one a space; block markup (headings, lists, quotes) keeps only its text, as `AttributedString(markdown:)`'s
/// `.inlineOnlyPreservingWhitespace` would not parse it either. Nesting has no limit of its own: whatever depth
/// cmark-gfm parses (thousands of nested lists or quotes) is read with cmark's iterator, without recursion.
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
        // cmark's own iterator (enter and exit events) instead of recursion: nesting as deep as cmark-gfm parses
        // (thousands of list items or quotes, tens of thousands of emphasis delimiters) would overflow the stack.
        // The styles in force are a stack with one frame per container entered, popped at its exit.
        var frames: [(node: OpaquePointer?, intent: InlinePresentationIntent, link: URL?)] = [(nil, [], nil)]
        guard let iterator = cmark_iter_new(document) else { throw MarkdownError.unparsable }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
            if event == CMARK_EVENT_EXIT {
                while frames.count > 1, frames.removeLast().node != node {}
                continue
            }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_CODE_BLOCK {
                if blocks > 0 { out += AttributedString("\n") }
                blocks += 1
            }
            var (_, intent, link) = frames[frames.count - 1]
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                var piece = AttributedString(String(cString: cmark_node_get_literal(node)))
                if type == CMARK_NODE_CODE { intent.insert(.code) }
                if !intent.isEmpty { piece.inlinePresentationIntent = intent }
                if let link { piece.link = link }
                out += piece
                continue
            case CMARK_NODE_CODE_BLOCK:
                var piece = AttributedString(String(cString: cmark_node_get_literal(node)).trimmingCharacters(in: .newlines))
                piece.inlinePresentationIntent = .code
                out += piece
                continue
            case CMARK_NODE_SOFTBREAK: out += AttributedString(" "); continue
            case CMARK_NODE_LINEBREAK: out += AttributedString("\n"); continue
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK: continue   // leaves: no exit event follows
            case CMARK_NODE_EMPH: intent.insert(.emphasized)
            case CMARK_NODE_STRONG: intent.insert(.stronglyEmphasized)
            case CMARK_NODE_LINK: link = cmark_node_get_url(node).flatMap { URL(string: String(cString: $0)) }
            default:
                if String(cString: cmark_node_get_type_string(node)) == "strikethrough" { intent.insert(.strikethrough) }
            }
            frames.append((node, intent, link))
        }
        self = out
    }
}

public enum MarkdownError: Error, CustomStringConvertible {
    case unparsable
    public var description: String { "cmark-gfm could not parse the Markdown (out of memory?): shorten the text" }
}
