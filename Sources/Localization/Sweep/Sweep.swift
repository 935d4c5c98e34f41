import Foundation
import Support
import LabelRendering

/// Lays out every string × locale × variant of a `StringTable` in its label and collects the ones that
/// do not fit. Work is spread over all cores through a shared queue of index batches; only failures are
/// kept, so memory does not grow with the number of strings beyond the results.
package struct Sweep: Sendable {
    package var table: StringTable
    package var style: LabelStyle
    /// The locales to check (nil = all of the table's), in this order.
    package var locales: [String]?
    /// Pseudo-locales made from the source-language strings, checked after the real ones.
    package var pseudoLocales: [PseudoLocale]
    /// Worker threads (default: the active processor count).
    package var workers: Int

    package init(table: StringTable, style: LabelStyle, locales: [String]? = nil, pseudoLocales: [PseudoLocale] = [],
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.table = table
        self.style = style
        self.locales = locales
        self.pseudoLocales = pseudoLocales
        self.workers = max(1, workers)
    }

    /// The style's overrides whose key patterns match none of the table's keys, by position from 1 with their
    /// patterns: a mistyped pattern would otherwise apply to nothing without a word.
    package var unmatchedOverrides: [(position: Int, keys: [String])] {
        style.overrides.enumerated().filter { _, o in !table.keys.contains(where: o.matches) }.map { ($0.offset + 1, $0.element.keys) }
    }

    /// A locale in `locales` that the table does not have, with the ones it has.
    package struct UnknownLocale: Error, CustomStringConvertible {
        package var locale: String
        package var available: [String]
        package var description: String {
            let pseudo = PseudoLocale(rawValue: locale).map {
                " (\($0.rawValue) is a pseudo-locale made from the source strings: add pseudoLocales: [.\($0)] to check it)"
            } ?? ""
            return "the strings have no locale \"\(locale)\"; available: \(available.joined(separator: ", "))" + pseudo
        }
    }

    /// Per locale: how many strings were laid out, how many fail (do not fit, are not covered by a font, or
    /// both), how many keys have no translation.
    package struct LocaleSummary: Sendable, Hashable {
        package var locale: String
        package var checked: Int
        /// Strings that fail for either reason.
        package var failed: Int
        /// Strings truncated, clipped or losing lines.
        package var truncated: Int = 0
        /// Strings with a code point no font covers.
        package var uncovered: Int = 0
        /// Strings with a word wrapped in the middle (wider than the line).
        package var wordBroken: Int = 0
        package var missing: Int
        /// Largest width overflow among the failures, pt.
        package var worstOverflow: Double
    }

    package struct Result: Sendable {
        /// Failures in locale order, then in the table's key order.
        package var failures: [FitFailure]
        package var summaries: [LocaleSummary]
        /// Strings laid out in all.
        package var checked: Int
        /// Plural strings lacking categories their locale's CLDR rules use (ICU), in the table's order.
        package var pluralGaps: [PluralGap] = []
        /// Every string fits, is covered and has every plural category its locale uses.
        package var fits: Bool { failures.isEmpty && pluralGaps.isEmpty }
    }

    /// One string to lay out: an index into `table.strings`, in its own locale or made into a pseudo-locale.
    /// The plan holds these, not copies of the strings, so a sweep adds 16 bytes a string to the table.
    package struct Item: Sendable {
        package var index: Int32
        package var pseudo: PseudoLocale?
    }

    /// `locales` given as an empty list: nothing would be checked, and a sweep that checks nothing must not
    /// pass (a computed list that came out empty in CI). Pass nil for all of the table's locales.
    package struct NoLocales: Error, CustomStringConvertible {
        package var available: [String]
        package var description: String {
            "no locales to check (an empty list); pass nil for all of them (\(available.joined(separator: ", "))) or name some"
        }
    }

    /// A table (or its chosen locales) without strings: a sweep that checks nothing must not pass either (Xcode's new,
    /// empty String Catalog, or a catalog whose strings were never extracted).
    package struct NoStrings: Error, CustomStringConvertible {
        package var locales: [String]
        package var description: String {
            let which = locales.isEmpty ? "the catalog has no locales" : "none in \(locales.joined(separator: ", "))"
            return "no strings to check (\(which)): check that the catalog is the one with your strings (build once in Xcode to extract them)"
        }
    }

    /// The locales checked, in order: `locales` with repeats dropped (a locale named twice is checked once),
    /// or all of the table's. A name matches the table's locale of the same letters in any case (BCP 47 tags
    /// are case-insensitive: `DE`, `pt-br` name `de`, `pt-BR`) and is reported in the table's spelling; without one,
    /// `fallbackMatch` (`de_DE` and `de-AT` name `de` when the table has no such region). A
    /// name of one of `pseudoLocales` (`en-XA`) is no locale of the table and is left out here: `plan()` adds the
    /// pseudo-locales after the table's, so `locales: ["en-XA"], pseudoLocales: [.accented]` checks en-XA alone.
    /// - Throws: `NoLocales` for an empty list, `UnknownLocale`.
    package func chosenLocales() throws -> [String] {
        guard let locales else { return table.locales }
        guard !locales.isEmpty else { throw NoLocales(available: table.locales) }
        var seen = Set<String>()
        var chosen: [String] = []
        for l in locales {
            let key = l.lowercased()
            // A pseudo-locale this sweep checks anyway (pseudoLocales) names no locale of the table: it is
            // checked once, after the table's locales, as with any other locale list.
            if pseudoLocales.contains(where: { $0.rawValue.lowercased() == key }),
               !table.locales.contains(where: { $0.lowercased() == key }) { continue }
            guard let match = table.locales.first(where: { $0 == l }) ?? table.locales.first(where: { $0.lowercased() == key })
                ?? Sweep.fallbackMatch(l, in: table.locales)
            else { throw UnknownLocale(locale: l, available: table.locales) }
            if seen.insert(match).inserted { chosen.append(match) }
        }
        return chosen
    }

    /// The table's locale a name without an exact match falls back to, as Foundation's bundle lookup does: POSIX
    /// spelling `de_DE` read as `de-DE`, then its subtags dropped from the end (`de-DE` → `de`, `zh-Hant-TW` →
    /// `zh-Hant` → `zh`), any case. nil when none is in `locales`.
    static func fallbackMatch(_ name: String, in locales: [String]) -> String? {
        var parts = name.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        while !parts.isEmpty {
            let key = parts.joined(separator: "-")
            if let m = locales.first(where: { $0.lowercased().replacingOccurrences(of: "_", with: "-") == key }) { return m }
            parts.removeLast()
        }
        return nil
    }

    /// What is laid out, in order: the table's strings of the chosen locales (in `locales` order), then the
    /// source-language strings once per pseudo-locale.
    /// - Throws: `NoLocales`, `UnknownLocale`, `NoStrings` when nothing would be laid out.
    package func plan() throws -> [Item] {
        let chosen = try chosenLocales()
        var byLocale = [[Item]](repeating: [], count: chosen.count)
        let rank = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1, $0) })
        for (i, s) in table.strings.enumerated() {
            if let r = rank[s.locale] { byLocale[r].append(Item(index: Int32(i), pseudo: nil)) }
        }
        var out = byLocale.flatMap { $0 }
        for pseudo in pseudoLocales {
            for (i, s) in table.strings.enumerated() where s.locale == table.sourceLanguage {
                out.append(Item(index: Int32(i), pseudo: pseudo))
            }
        }
        guard !out.isEmpty else { throw NoStrings(locales: chosen) }
        return out
    }

    /// The string an item lays out (a pseudo-locale's made from the source string).
    package func string(_ item: Item) -> LocalizedString {
        var s = table.strings[Int(item.index)]
        if let pseudo = item.pseudo {
            s.locale = pseudo.rawValue
            s.format = pseudo.transform(s.format)
            s.state = nil
        }
        return s
    }

    /// Runs the sweep. `progress(done, total)` is called from worker threads, serialised, about every 1 %.
    /// - Throws: `NoLocales`, `UnknownLocale`, `NoStrings`, or the first `StringError` (a `LabelError` of a string: a font that cannot
    ///   be loaded …, naming the string).
    package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Result {
        let items = try plan()
        let queue = WorkQueue(count: items.count, batch: 32)
        let collected = Collected()
        let step = max(1, items.count / 100)
        let sweep = self
        DispatchQueue.concurrentPerform(iterations: min(workers, max(1, items.count))) { _ in
            var local: [(Int, FitFailure)] = []
            var done = 0
            while let range = queue.next(), !collected.hasError {
                for i in range {
                    do {
                        if let f = try Sweep.check(sweep.string(items[i]), style: sweep.style) { local.append((i, f)) }
                    } catch {
                        collected.fail(error); break
                    }
                }
                done += range.count
                if let progress, done >= step { collected.progress(done, total: items.count, progress); done = 0 }
            }
            collected.add(local)
        }
        if let error = collected.error { throw error }
        let failures = collected.failures.sorted { $0.0 < $1.0 }.map(\.1)
        var summaries: [LocaleSummary] = []
        var order: [String] = []
        var counts: [String: Int] = [:]
        for item in items {
            let locale = item.pseudo?.rawValue ?? table.strings[Int(item.index)].locale
            if counts[locale] == nil { order.append(locale) }
            counts[locale, default: 0] += 1
        }
        for locale in order {
            let failed = failures.filter { $0.locale == locale }
            let isPseudo = PseudoLocale(rawValue: locale) != nil && !table.locales.contains(locale)
            summaries.append(LocaleSummary(locale: locale, checked: counts[locale] ?? 0, failed: failed.count,
                                           truncated: failed.filter { $0.truncation != nil }.count,
                                           uncovered: failed.filter { !$0.uncovered.isEmpty }.count,
                                           wordBroken: failed.filter { !$0.brokenWords.isEmpty }.count,
                                           missing: isPseudo ? 0 : table.missingCount(in: locale),
                                           worstOverflow: failed.filter { $0.overflowAxis == .width }.map(\.overflow).max() ?? 0))
        }
        let chosen = Set(try chosenLocales())
        return Result(failures: failures, summaries: summaries, checked: items.count,
                      pluralGaps: PluralSamples.gaps(in: table.strings.filter { chosen.contains($0.locale) }))
    }

    /// One string in the style for its key, in its locale (pseudo-locales in their language and direction).
    static func check(_ s: LocalizedString, style base: LabelStyle) throws -> FitFailure? {
        var style = base.resolved(forKey: s.key)
        let pseudo = PseudoLocale(rawValue: s.locale)
        if pseudo == .rightToLeft { style.label.layoutDirection = .rightToLeft }
        let text = FormatSpecifiers.expand(s.format, samples: style.samples, pluralArguments: s.pluralArguments,
                                           locale: pseudo?.language ?? s.locale)
        let checked: FitCheck.Failure?
        do {
            checked = try FitCheck.check(text, style: style, language: pseudo?.language ?? s.locale)
        } catch {
            throw StringError(string: s, underlying: error)
        }
        guard let f = checked else { return nil }
        return FitFailure(key: s.key, locale: s.locale, variant: s.variant, text: text, state: s.state, lines: f.lines,
                          maxLines: f.maxLines, overflow: f.overflow, overflowAxis: f.axis, lost: f.lost,
                          truncation: f.truncation, uncovered: f.uncovered, fontsTried: f.fontsTried,
                          brokenWords: f.brokenWords, atLeast: f.atLeast, file: s.file, line: s.line)
    }
}

/// A string the sweep could not lay out (a font that cannot be loaded, a text too long for any label): the
/// error names the string, so the one translation at fault can be found among thousands.
package struct StringError: Error, CustomStringConvertible {
    package var string: LocalizedString
    package var underlying: any Error
    package var description: String {
        "\(string.file):\(string.line): \(string.locale) \(string.key)\(string.variant.isEmpty ? "" : " [\(string.variant)]"): \(underlying)"
    }
}

/// Hands out index batches to the workers.
final class WorkQueue: Sendable {
    private let nextIndex = Locked(0)
    let count: Int, batch: Int
    init(count: Int, batch: Int) { self.count = count; self.batch = batch }
    func next() -> Range<Int>? {
        nextIndex.withLock { nextIndex in
            guard nextIndex < count else { return nil }
            let r = nextIndex..<min(count, nextIndex + batch)
            nextIndex = r.upperBound
            return r
        }
    }
}

/// What the workers hand back: failures, the first error, progress.
final class Collected: Sendable {
    private let state = Locked<(failures: [(Int, FitFailure)], error: (any Error)?, done: Int)>(([], nil, 0))
    var failures: [(Int, FitFailure)] { state.withLock { $0.failures } }
    var error: (any Error)? { state.withLock { $0.error } }
    var hasError: Bool { state.withLock { $0.error != nil } }
    func add(_ f: [(Int, FitFailure)]) { state.withLock { $0.failures += f } }
    func fail(_ e: any Error) { state.withLock { if $0.error == nil { $0.error = e } } }
    func progress(_ n: Int, total: Int, _ report: (Int, Int) -> Void) {
        state.withLock { state in
            state.done += n
            report(state.done, total)
        }
    }
}
