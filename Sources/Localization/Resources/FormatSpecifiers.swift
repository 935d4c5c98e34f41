import Foundation

/// The values put into format specifiers before a string is laid out. The defaults are long but plausible,
/// so that a label that fits them fits real data: an 8-digit number, a 12-character name.
public struct FormatSamples: Sendable, Hashable {
    /// For `%@`, `%s`, `%S` (default `defaultString`; `%.5@` keeps its first 5 characters).
    public var string: String
    /// For `%d`, `%i`, `%u`, `%ld`, `%lld`, `%x`, `%o` … (default 12345678); plural variants take the closest
    /// number in their category (`PluralSamples.sample`).
    public var integer: Int
    /// For `%f`, `%e`, `%g`, `%a` (default 1234567.89), printed with the specifier's precision.
    public var double: Double
    /// Per 1-based argument position, a literal that replaces whatever the specifier would print.
    public var arguments: [Int: String]

    /// A 12-letter name: long, but a real one.
    public static let defaultString = "Maximilianus"

    public init(string: String = FormatSamples.defaultString, integer: Int = 12_345_678, double: Double = 1_234_567.89,
                arguments: [Int: String] = [:]) {
        self.string = string
        self.integer = integer
        self.double = double
        self.arguments = arguments
    }
}

/// printf-style format specifiers as Foundation's `String(format:)` reads them:
/// `%` [`n$`] [flags `-+ #0'`] [width] [`.precision`] [length `hh h l ll q L z t j`] conversion.
package enum FormatSpecifiers {
    /// One specifier found in a format string.
    public struct Specifier: Equatable, Sendable {
        /// UTF-16 range of the whole specifier (from `%`).
        public var range: Range<Int>
        /// 1-based argument it prints (explicit `n$` or the next one in order), nil for `%%`.
        public var argument: Int?
        /// Whether the argument is given explicitly (`%2$@`).
        public var isPositional: Bool
        /// The conversion character (`@`, `d`, `f`, `%` …).
        public var conversion: Character
        public var precision: Int?
        public var width: Int?
        public var leftAligned: Bool
        public var zeroPadded: Bool
    }

    static let integerConversions: Set<Character> = ["d", "i", "u", "D", "U", "x", "X", "o", "O"]
    static let floatConversions: Set<Character> = ["f", "F", "e", "E", "g", "G", "a", "A"]
    static let stringConversions: Set<Character> = ["@", "s", "S"]
    static let charConversions: Set<Character> = ["c", "C"]

    /// The specifiers of `format`, in order. Text after a `%` that is no valid specifier stays literal.
    public static func parse(_ format: String) -> [Specifier] {
        let u = Array(format.utf16)
        var out: [Specifier] = []
        var next = 1
        var i = 0
        func isDigit(_ c: UInt16) -> Bool { c >= 0x30 && c <= 0x39 }
        func number(_ j: inout Int) -> Int? {
            var v = 0, any = false
            while j < u.count, isDigit(u[j]), v < 1_000_000 { v = v * 10 + Int(u[j] - 0x30); j += 1; any = true }
            return any ? v : nil
        }
        while i < u.count {
            guard u[i] == 0x25 else { i += 1; continue }   // %
            var j = i + 1
            guard j < u.count else { break }
            if u[j] == 0x25 {
                out.append(Specifier(range: i..<j + 1, argument: nil, isPositional: false, conversion: "%", precision: nil, width: nil,
                                     leftAligned: false, zeroPadded: false))
                i = j + 1; continue
            }
            var position: Int?
            var k = j
            if let n = number(&k), k < u.count, u[k] == 0x24 { position = n; j = k + 1 }   // n$
            var left = false, zero = false
            while j < u.count, let c = Unicode.Scalar(u[j]), "-+ #0'".unicodeScalars.contains(c) {
                if c == "-" { left = true }
                if c == "0" { zero = true }
                j += 1
            }
            let width = number(&j)
            var precision: Int?
            if j < u.count, u[j] == 0x2E { j += 1; precision = number(&j) ?? 0 }
            while j < u.count, let c = Unicode.Scalar(u[j]), "hlqLztj".unicodeScalars.contains(c) { j += 1 }
            guard j < u.count, let scalar = Unicode.Scalar(u[j]) else { i += 1; continue }
            let conversion = Character(scalar)
            guard integerConversions.contains(conversion) || floatConversions.contains(conversion)
                    || stringConversions.contains(conversion) || charConversions.contains(conversion) || conversion == "p" else {
                i += 1; continue
            }
            let argument = position ?? next
            if position == nil { next += 1 }
            out.append(Specifier(range: i..<j + 1, argument: argument, isPositional: position != nil, conversion: conversion, precision: precision,
                                 width: width, leftAligned: left, zeroPadded: zero))
            i = j + 1
        }
        return out
    }

    /// `format` with every specifier replaced by its sample value. `pluralArguments` maps an argument
    /// position (0 = the first integer argument) to the plural category its number must fall in.
    public static func expand(_ format: String, samples: FormatSamples = FormatSamples(),
                              pluralArguments: [Int: String] = [:], locale: String) -> String {
        let specifiers = parse(format)
        guard !specifiers.isEmpty else { return format }
        let u = Array(format.utf16)
        let firstInteger = specifiers.first { integerConversions.contains($0.conversion) }?.argument
        var out: [UInt16] = []
        out.reserveCapacity(u.count + 16 * specifiers.count)
        var last = 0
        for s in specifiers {
            out += u[last..<s.range.lowerBound]
            last = s.range.upperBound
            out += Array(value(for: s, samples: samples, pluralArguments: pluralArguments,
                               firstInteger: firstInteger, locale: locale).utf16)
        }
        out += u[last...]
        return String(decoding: out, as: UTF16.self)
    }

    static func value(for s: Specifier, samples: FormatSamples, pluralArguments: [Int: String],
                      firstInteger: Int?, locale: String) -> String {
        guard let argument = s.argument else { return "%" }
        if let literal = samples.arguments[argument] { return literal }
        var text: String
        if integerConversions.contains(s.conversion) {
            var n = samples.integer
            if let category = pluralArguments[argument] ?? (argument == firstInteger ? pluralArguments[0] : nil) {
                n = PluralSamples.sample(category: category, locale: locale, preferred: samples.integer)
            }
            switch s.conversion {
            case "x": text = String(n, radix: 16)
            case "X": text = String(n, radix: 16, uppercase: true)
            case "o", "O": text = String(n, radix: 8)
            default: text = String(n)
            }
            if let p = s.precision, text.count < p { text = String(repeating: "0", count: p - text.count) + text }
        } else if floatConversions.contains(s.conversion) {
            let p = min(s.precision ?? 6, 20)
            text = String(format: "%.\(p)\(s.conversion)", samples.double)
        } else if charConversions.contains(s.conversion) {
            text = String(samples.string.first ?? "W")
        } else if s.conversion == "p" {
            text = "0x7ffee4b2c9a8"
        } else {
            text = s.precision.map { String(samples.string.prefix($0)) } ?? samples.string
        }
        if let w = s.width, text.count < w {
            let pad = String(repeating: s.zeroPadded && !s.leftAligned ? "0" : " ", count: w - text.count)
            text = s.leftAligned ? text + pad : pad + text
        }
        return text
    }
}
