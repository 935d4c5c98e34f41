import Foundation
import SnapshotStore

/// A usage error: printed on stderr, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Minimal option parsing: `--name value`, `--name=value`, `--flag`, positionals (everything after `--`
/// too). An option given twice is refused (the second would silently replace the first) unless it is a list
/// (`repeatable`); so is a flag or switch given twice, and two options of one `exclusive` group.
struct ArgumentReader {
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []
    private var switchValues: [String: String] = [:]
    /// A word right after a bare switch that was no `true`/`false` (`--disabled yes`), kept as a positional: the
    /// switch's refused value when the command has a positional too many, else the TEXT.
    private(set) var wordsAfterSwitches: [(option: String, word: String)] = []

    /// - Parameters: `valued` names options that take a value; `flags` those that do not; `switches`, flags that
    ///   also take an explicit `true` or `false` (`--disabled false`, `--disabled=false`): the next argument is
    ///   their value only when it is one of those two words, so a following TEXT stays the text. `repeatable`, the
    ///   valued options that are lists (`--feature`, `--artifacts`); `exclusive`, groups of options that set one
    ///   thing (`-o` and `--output`), of which one may be given.
    /// - Throws: `UsageError` for an unknown option, a missing value, an option given twice, or two of a group.
    init(_ args: [String], valued: Set<String>, flags known: Set<String>, switches: Set<String> = [],
         repeatable: Set<String> = [], exclusive: [[String]] = [["-o", "--output"]]) throws {
        var i = 0
        var givenSwitches: Set<String> = []
        func noteSwitch(_ name: String) throws {
            guard givenSwitches.insert(name).inserted else {
                throw UsageError("\(name) is given twice: give it once (bare or with true, or with false)")
            }
        }
        while i < args.count {
            let a = args[i]
            if a == "--" { positionals += args[(i + 1)...]; break }
            if a.hasPrefix("-"), a.count > 1, Double(a) == nil {
                if known.contains(a) {
                    // A plain flag twice (`--pseudo --pseudo`) is a slip, refused as a switch given twice is.
                    guard switches.contains(a) || !flags.contains(a) else { throw UsageError("\(a) is given twice: give it once") }
                    flags.insert(a)
                    if switches.contains(a) {
                        try noteSwitch(a)
                        if i + 1 < args.count, ["true", "false"].contains(args[i + 1]) {
                            switchValues[a] = args[i + 1]
                            i += 1
                        } else if i + 1 < args.count, !args[i + 1].hasPrefix("-") {
                            wordsAfterSwitches.append((a, args[i + 1]))
                        }
                    }
                    i += 1
                    continue
                }
                if a.hasPrefix("--"), let eq = a.firstIndex(of: "="), switches.contains(String(a[..<eq])) {
                    let name = String(a[..<eq]), value = String(a[a.index(after: eq)...])
                    guard ["true", "false"].contains(value) else { throw UsageError("\(name) takes true or false (or nothing, for true), got '\(value)'") }
                    try noteSwitch(name)
                    flags.insert(name)
                    switchValues[name] = value
                    i += 1
                    continue
                }
                // --name=value
                if a.hasPrefix("--"), let eq = a.firstIndex(of: "="), valued.contains(String(a[..<eq])) {
                    options[String(a[..<eq]), default: []].append(String(a[a.index(after: eq)...]))
                    i += 1
                    continue
                }
                guard valued.contains(a) else { throw UsageError("unknown option \(a)") }
                guard i + 1 < args.count else { throw UsageError("option \(a) needs a value") }
                // `--clips-to-bounds --alpha 0.5` would take "--alpha" as the value and leave "0.5" as a stray argument.
                let next = args[i + 1]
                if known.contains(next) || valued.contains(next.split(separator: "=", maxSplits: 1).first.map(String.init) ?? next) {
                    throw UsageError("option \(a) needs a value, but the option \(next) follows it; see --help")
                }
                options[a, default: []].append(next)
                i += 2
            } else {
                positionals.append(a); i += 1
            }
        }
        for (name, given) in options.sorted(by: { $0.key < $1.key }) where given.count > 1 && !repeatable.contains(name) {
            let shown = given.count == 2 ? "twice ('\(given[0])' and '\(given[1])')" : "\(given.count) times ('\(given[0])', '\(given[1])' …)"
            throw UsageError("\(name) is given \(shown): it takes one value, give it once")
        }
        for group in exclusive {
            let given = group.filter { options[$0] != nil || flags.contains($0) }
            guard given.count > 1 else { continue }
            throw UsageError("\(describe(given[0])) and \(describe(given[1])) set the same thing: give one of them")
        }
    }

    /// `--name 'value'` (or `--name` for a flag), for a message naming what was given.
    private func describe(_ name: String) -> String {
        if let value = options[name]?.first { return "\(name) '\(value)'" }
        if let value = switchValues[name] { return "\(name) \(value)" }
        return name
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    /// A switch's explicit `true` or `false`; nil when it was given bare (or not at all).
    func switchValue(_ name: String) -> String? { switchValues[name] }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    /// The option's value (one at most: a repeat of an option not `repeatable` is refused).
    func value(_ name: String) -> String? { options[name]?.last }

    func double(_ name: String) throws -> Double? {
        guard let v = value(name) else { return nil }
        guard let d = Double(v), d.isFinite else { throw UsageError("\(name) needs a finite number, got '\(v)'") }
        return d
    }

    func int(_ name: String) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v) else { throw UsageError("\(name) needs an integer, got '\(v)'") }
        return n
    }

    /// A comma-separated list of `count` finite numbers.
    func numbers(_ name: String, count: Int) throws -> [Double]? {
        guard let v = value(name) else { return nil }
        let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == count, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw UsageError("\(name) needs \(count) comma-separated finite numbers, got '\(v)'")
        }
        return parts.map { $0! }
    }
}

/// `labelsnap: <message>` on standard error (the prefix in red on a terminal), the commands it names as they run here.
/// Messages quote records, paths and arguments: their control characters are escaped (`untrusted(_:)`).
func printError(_ message: String) {
    FileHandle.standardError.write(Data("\(TerminalStyle.err.bad("labelsnap:")) \(untrusted(shownText(message), keepingLineBreaks: true))\n".utf8))
}

/// Writes `bytes` to `path` (checked first with `checkOutputPath`) through a temporary file in the same folder,
/// then renames: never a half-written file.
/// - Throws: `UsageError` naming the path and what to check.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let folder = SnapshotFileSystem.split(SnapshotLocation.absolutePath(path)).0
    do {
        try SnapshotFileSystem.writeAtomically(bytes, to: path)
    } catch {
        throw UsageError("cannot write \(path): \(SnapshotStoreError.reason(of: error)); check that \(folder) is a writable folder")
    }
}

/// Whether two paths name the same file (after resolving symbolic links), for refusing to overwrite an input.
func sameFile(_ a: String, _ b: String) -> Bool {
    let ua = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
    let ub = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
    return ua.path == ub.path
}

/// A number for text: integers without a fraction, others with up to 4 decimals.
func shortDecimal(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    guard v.isFinite else { return "null" }
    var s = String(format: "%.4f", v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }   // "100.0000" → "100", never "100." (invalid JSON)
    return s == "-0" ? "0" : s
}
