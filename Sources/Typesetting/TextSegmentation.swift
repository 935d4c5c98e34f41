import CICU
import Foundation

/// Boundaries in UTF-16 text from ICU: UAX #14 line-break opportunities and UAX #29 grapheme
/// clusters, with the root locale so that `LANG` / `LC_ALL` cannot change a result.
package enum TextSegmentation {
    /// A line-break opportunity: break *before* `offset` (UTF-16 units).
    package struct Break: Equatable, Sendable {
        package var offset: Int
        /// A hard break (after LF, CR LF, U+2028, U+2029 …) that must end the line.
        package var isMandatory: Bool
    }

    /// Grapheme-cluster boundaries after offset 0, ending with `text.count`.
    package static func graphemeBoundaries(_ text: [UInt16]) throws -> [Int] {
        guard !text.isEmpty else { return [] }
        guard text.count < Int(Int32.max) else { throw TypesettingError.lineBreakingFailed }
        var offsets = [Int32](repeating: 0, count: text.count)
        let n = offsets.withUnsafeMutableBufferPointer { out in
            text.withUnsafeBufferPointer { lsicu_grapheme_breaks($0.baseAddress, Int32(text.count), out.baseAddress, Int32(text.count)) }
        }
        guard n >= 0 else { throw TypesettingError.lineBreakingFailed }
        return offsets.prefix(Int(n)).map(Int.init)
    }

    /// Line-break opportunities by UAX #14; with `keepHangulWords` (`.hangulWordPriority`, part of UIKit's
    /// default strategy) one rule on top (docs/platform-pitfalls.md): no break between two Hangul characters, so Korean
    /// words stay whole between spaces. Without it Korean breaks between syllables, as ICU allows.
    package static func lineBreaks(_ text: [UInt16], keepHangulWords: Bool = true) throws -> [Break] {
        guard !text.isEmpty else { return [] }
        guard text.count < Int(Int32.max) else { throw TypesettingError.lineBreakingFailed }
        var offsets = [Int32](repeating: 0, count: text.count)
        var mandatory = [UInt8](repeating: 0, count: text.count)
        let n = offsets.withUnsafeMutableBufferPointer { out in
            mandatory.withUnsafeMutableBufferPointer { hard in
                text.withUnsafeBufferPointer {
                    lsicu_line_breaks($0.baseAddress, Int32(text.count), out.baseAddress, hard.baseAddress, Int32(text.count))
                }
            }
        }
        guard n >= 0 else { throw TypesettingError.lineBreakingFailed }
        var breaks: [Break] = []
        breaks.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            let offset = Int(offsets[i])
            let hard = mandatory[i] != 0
            if keepHangulWords, !hard, offset < text.count, isHangul(text[offset]), offset > 0, isHangul(text[offset - 1]) { continue }
            breaks.append(Break(offset: offset, isMandatory: hard))
        }
        return breaks
    }

    /// Hangul syllables, jamo and compatibility jamo (all in the BMP).
    static func isHangul(_ unit: UInt16) -> Bool {
        (0xAC00...0xD7A3).contains(unit) || (0x1100...0x11FF).contains(unit)
            || (0x3130...0x318F).contains(unit) || (0xA960...0xA97F).contains(unit) || (0xD7B0...0xD7FF).contains(unit)
    }

    /// Whether the UTF-16 unit is white space that does not count toward a line's width at its end.
    package static func isTrailingWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x3000
            || unit == 0x2028 || unit == 0x2029 || unit == 0x0B || unit == 0x0C || unit == 0x85
            || (0x2000...0x200B).contains(unit) || unit == 0x205F
    }

    /// `range` of `utf16` without the white space at its end.
    package static func trimmingTrailingWhitespace(_ range: Range<Int>, in utf16: [UInt16]) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, isTrailingWhitespace(utf16[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// `range` of `utf16` without the white space at its start.
    package static func trimmingLeadingWhitespace(_ range: Range<Int>, in utf16: [UInt16]) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound, isTrailingWhitespace(utf16[start]) { start += 1 }
        return start..<range.upperBound
    }

    /// The paragraph that starts at `start` (docs/layout-rules.md, Hard breaks): its text up to the next hard break
    /// (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029), and where the next paragraph starts (after the break;
    /// `utf16.count` when none follows: a final hard break opens no empty paragraph). Scans only this paragraph.
    package static func paragraph(in utf16: [UInt16], from start: Int) -> (text: Range<Int>, next: Int) {
        let n = utf16.count
        let end = utf16.withUnsafeBufferPointer { Int(lsicu_hard_break($0.baseAddress, Int32(n), Int32(start))) }
        guard end < n else { return (start..<n, n) }
        let next = end + (utf16[end] == 0x0D && end + 1 < n && utf16[end + 1] == 0x0A ? 2 : 1)
        return (start..<end, next)
    }

    /// The UTF-16 code units of `text` (`Array(text.utf16)`), converted by ICU in one pass over its UTF-8:
    /// the generic UTF-16 view walks a native string a code unit at a time. With `utf8Prefix`, only the code
    /// units of its first `utf8Prefix` UTF-8 bytes, shortened to the end of a code point.
    package static func utf16(_ text: String, utf8Prefix: Int? = nil) -> [UInt16] {
        var text = text
        return text.withUTF8 { whole in
            var cut = min(max(0, utf8Prefix ?? whole.count), whole.count)
            while cut > 0, cut < whole.count, whole[cut] & 0xC0 == 0x80 { cut -= 1 }   // not inside a code point
            let utf8 = UnsafeBufferPointer(rebasing: whole.prefix(cut))
            guard utf8.count < Int(Int32.max), utf8.count > 0 else { return Array(String(decoding: utf8, as: UTF8.self).utf16) }
            var written = 0
            let units = [UInt16](unsafeUninitializedCapacity: utf8.count) { out, count in
                written = Int(lsicu_utf16_from_utf8(utf8.baseAddress, Int32(utf8.count), out.baseAddress, Int32(out.count)))
                count = max(0, written)
            }
            return written >= 0 ? units : Array(String(decoding: utf8, as: UTF8.self).utf16)
        }
    }

    /// The text of UTF-16 code units (`String(decoding: units, as: UTF16.self)`, unpaired surrogates as U+FFFD),
    /// converted by ICU in one pass: the generic decoder parses a code unit at a time, and a drawn line's text
    /// was a tenth of a badge's layout.
    package static func string(_ units: ArraySlice<UInt16>) -> String {
        units.withUnsafeBufferPointer { u -> String in
            guard u.count > 0, u.count < Int(Int32.max) / 3 else { return String(decoding: u, as: UTF16.self) }
            var written: Int32 = -1
            let text = String(unsafeUninitializedCapacity: 3 * u.count) { out in
                written = lsicu_utf8_from_utf16(u.baseAddress, Int32(u.count), out.baseAddress, Int32(out.count))
                return max(0, Int(written))
            }
            return written >= 0 ? text : String(decoding: u, as: UTF16.self)
        }
    }

    /// Where a text longer than `2 × minimum` UTF-8 bytes may be cut for an early-stopped layout (docs/layout-rules.md,
    /// Early stop): just after its first line feed at or beyond byte `minimum` (looked for in the next `minimum`
    /// bytes only), so the prefix ends a paragraph for UAX #9 (P1), UAX #14 (LB5) and UAX #29 (GB4) alike and
    /// nothing before the cut depends on the text after it. nil: no such line feed (a long paragraph), or a short
    /// text. Reads at most `2 × minimum` bytes.
    package static func paragraphPrefixLength(of text: String, minimum: Int) -> Int? {
        var text = text
        return text.withUTF8 { utf8 -> Int? in
            guard minimum > 0, utf8.count > 2 * minimum, let base = utf8.baseAddress else { return nil }
            guard let hit = memchr(base + minimum, 0x0A, minimum) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
    }

    /// Where a text longer than `2 × minimum` UTF-8 bytes that has no such line feed may be cut inside a paragraph
    /// (docs/layout-rules.md, Early stop): just after its first space at or beyond byte `minimum − 1` (looked for in the
    /// next `minimum` bytes only) that has an ASCII letter on each side. No grapheme or line-break boundary before
    /// such a cut depends on the text after it: a space then a letter is a grapheme boundary (UAX #29 GB999), and
    /// after "letter space" UAX #14 breaks before a letter (LB18) with no rule reaching back over the space (LB14–
    /// LB17 need OP, QU, CL, CP or B2 before it), so ICU's scans stop there in the whole text as at the prefix's end.
    /// The bidi levels near the cut may still change: `LazyShapedText` checks those it reads. nil: no such space,
    /// or a short text. Reads at most `2 × minimum` bytes.
    package static func wordPrefixLength(of text: String, minimum: Int) -> Int? {
        var text = text
        return text.withUTF8 { utf8 -> Int? in
            guard minimum > 0, utf8.count > 2 * minimum, let base = utf8.baseAddress else { return nil }
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            var from = minimum - 1
            let end = 2 * minimum
            while from < end, let hit = memchr(base + from, 0x20, end - from) {
                let space = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if isLetter(utf8[space - 1]), isLetter(utf8[space + 1]) { return space + 1 }
                from = space + 1
            }
            return nil
        }
    }
}
