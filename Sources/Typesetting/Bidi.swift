import CICU

/// The base direction of paragraphs, as `NSWritingDirection`.
public enum WritingDirection: String, Sendable, CaseIterable {
    /// From each paragraph's first strong character (UAX #9 P2–P3), else the fallback.
    case natural
    case leftToRight
    case rightToLeft
}

/// Bidi levels from ICU's implementation of UAX #9.
package enum Bidi {
    /// Resolved embedding level of every UTF-16 unit, and the level of the paragraph holding it.
    /// - Parameters:
    ///   - direction: the paragraphs' base direction; `.natural` detects it.
    ///   - fallbackIsRTL: the direction of a `.natural` paragraph without strong characters.
    package static func levels(_ utf16: [UInt16], direction: WritingDirection, fallbackIsRTL: Bool)
        throws -> (levels: [UInt8], paragraphLevels: [UInt8]) {
        guard !utf16.isEmpty else { return ([], []) }
        guard utf16.count < Int(Int32.max) else { throw TypesettingError.lineBreakingFailed }
        var levels = [UInt8](repeating: 0, count: utf16.count)
        var paragraphs = [UInt8](repeating: 0, count: utf16.count)
        let mode: Int32
        switch direction {
        case .leftToRight: mode = 0
        case .rightToLeft: mode = 1
        case .natural: mode = fallbackIsRTL ? 3 : 2
        }
        let status = levels.withUnsafeMutableBufferPointer { l in
            paragraphs.withUnsafeMutableBufferPointer { p in
                utf16.withUnsafeBufferPointer { lsicu_bidi_levels($0.baseAddress, Int32(utf16.count), mode, l.baseAddress, p.baseAddress) }
            }
        }
        guard status == 0 else { throw TypesettingError.lineBreakingFailed }
        return (levels, paragraphs)
    }

    /// How many units of the paragraph `utf16[start...]` (no paragraph separator before its end) keep their
    /// levels whatever text would follow it in the same paragraph: up to the end of the last strong character
    /// (L, R, AL) before the first opening bracket left unpaired (BD16); 0 when it holds an explicit embedding,
    /// override or isolate, or no such strong character (docs/layout-rules.md, Early stop, gives the UAX #9 reasoning).
    package static func stableLength(ofParagraph utf16: [UInt16], from start: Int) -> Int {
        guard start < utf16.count, utf16.count < Int(Int32.max) else { return 0 }
        let n = utf16.withUnsafeBufferPointer { Int(lsicu_bidi_stable_length($0.baseAddress! + start, Int32(utf16.count - start))) }
        return max(0, n)   // -1: out of memory, nothing known to be stable
    }

    /// The direction of the first strong character (UAX #9 P2–P3), or nil for text without one.
    /// Scans only up to that character.
    package static func firstStrongDirection(_ text: String) -> WritingDirection? {
        var units: [UInt16] = []
        for u in text.utf16 {
            units.append(u)
            // Chunks end after a whole code point: a high surrogate waits for its low half.
            if units.count >= 256, !UTF16.isLeadSurrogate(u) {
                if let d = direction(of: units) { return d }
                units.removeAll(keepingCapacity: true)
            }
        }
        return direction(of: units)
    }

    private static func direction(of units: [UInt16]) -> WritingDirection? {
        let d = units.withUnsafeBufferPointer { lsicu_base_direction($0.baseAddress, Int32($0.count)) }
        return d == 0 ? .leftToRight : d == 1 ? .rightToLeft : nil
    }

    /// Visual order of items with bidi `levels` (UAX #9 L2): from the highest level down to the lowest
    /// odd level on the line, every maximal run at that level or higher is reversed. Returns indices into
    /// the input. The lowest odd level is the line's lowest level rounded up to odd (as ICU's
    /// `ubidi_reorderLogical`): a line of only level-2 text (Latin or digits in a right-to-left paragraph)
    /// is reversed twice, that is not at all, and reads left to right.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = [Int](repeating: 0, count: levels.count)
        var highest: UInt8 = 0, lowest = UInt8.max
        for i in 0..<levels.count {
            order[i] = i
            highest = max(highest, levels[i]); lowest = min(lowest, levels[i])
        }
        guard highest > 0 else { return order }   // all left to right: logical order
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count, levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else { i += 1 }
            }
            level -= 1
        }
        return order
    }
}
