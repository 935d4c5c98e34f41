#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Colour for people at a terminal, none for pipes and files. `--colors auto|always|never` (any command,
/// anywhere on the line) decides; `auto` colours a stream that is a terminal unless `NO_COLOR` is set
/// (no-color.org) or `TERM=dumb`. Escape sequences: SGR (ECMA-48), 16 colours, so every terminal's own
/// palette and light/dark theme apply.
struct TerminalStyle: Sendable {
    enum Mode: String, Sendable { case auto, always, never }

    let enabled: Bool

    /// Set once by `main` from `--colors` before a command runs.
    nonisolated(unsafe) static var mode: Mode = .auto
    /// Style of standard output and standard error (each decided by whether it is a terminal).
    static var out: TerminalStyle { TerminalStyle(fd: 1) }
    static var err: TerminalStyle { TerminalStyle(fd: 2) }

    init(enabled: Bool) { self.enabled = enabled }

    init(fd: Int32, environment: [String: String] = commandEnvironment) {
        switch Self.mode {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            enabled = isatty(fd) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    /// Removes `--colors X` / `--colors=X` (or `--colours`) from `args`, anywhere on the line. The switch was once
    /// spelled `--color`, which collided with render's `--color HEX` (the text colour): `--color auto|always|never`
    /// is refused naming the new spelling; any other `--color` value is left to the command.
    /// - Throws: `UsageError` for a value other than auto, always, never, or the old spelling.
    static func takeOption(_ args: [String]) throws -> (Mode?, [String]) {
        var rest: [String] = []
        var mode: Mode?
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { rest += args[i...]; break }
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            let inline = a.contains("=") ? String(a[a.index(after: a.firstIndex(of: "=")!)...]) : nil
            switch name {
            case "--colors", "--colours":
                guard let value = inline ?? (i + 1 < args.count ? args[i + 1] : nil) else {
                    throw UsageError("option --colors needs a value: auto, always or never")
                }
                guard let m = Mode(rawValue: value) else { throw UsageError("--colors takes auto, always or never, got '\(value)'") }
                mode = m
                i += inline == nil ? 2 : 1
            case "--color", "--colour":
                let value = inline ?? (i + 1 < args.count ? args[i + 1] : nil)
                if let value, Mode(rawValue: value) != nil {
                    throw UsageError("\(name) \(value): the colour switch is --colors auto|always|never "
                        + "(--color is render's text colour, --color HEX); run it again with --colors \(value)")
                }
                rest.append(a); i += 1
            default:
                rest.append(a); i += 1
            }
        }
        return (mode, rest)
    }

    private func sgr(_ code: String, _ text: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    /// Good news: passed, accepted, written.
    func ok(_ s: String) -> String { sgr("32", s) }
    /// Failures and errors: mismatch, refused.
    func bad(_ s: String) -> String { sgr("31", s) }
    /// Something to notice: rejected, skipped, a changed reference.
    func warn(_ s: String) -> String { sgr("33", s) }
    /// Snapshot and test names (from records: control characters escaped, `untrusted(_:)`).
    func name(_ s: String) -> String { sgr("1", untrusted(s)) }
    /// Files and folders (from records and folder listings: control characters escaped).
    func path(_ s: String) -> String { sgr("36", untrusted(s)) }
    /// Labels and secondary text.
    func dim(_ s: String) -> String { sgr("2", s) }
    /// Commands to copy.
    func command(_ s: String) -> String { sgr("1;34", s) }

    /// `text` with its numbers (digits and what joins them: `12.5%`, `8×6`, `+4`, `Δ`) in bold magenta.
    func numbers(_ text: String) -> String {
        guard enabled else { return text }
        var out = ""
        var run = ""
        func flush() { if !run.isEmpty { out += sgr("1;35", run); run = "" } }
        let scalars = Array(text.unicodeScalars)
        var inWord = false   // a digit inside a word (testBadge2, x86) is not a number
        for (i, c) in scalars.enumerated() {
            if run.isEmpty, inWord, ("0"..."9").contains(c) || c.properties.isAlphabetic || c == "_" {
                out.unicodeScalars.append(c); continue
            }
            inWord = run.isEmpty && (c.properties.isAlphabetic || c == "_")
            let isDigit = ("0"..."9").contains(c)
            let joins = !run.isEmpty && (c == "." || c == "," || c == "%" || c == "×") &&
                (c == "%" || (i + 1 < scalars.count && ("0"..."9").contains(scalars[i + 1])))
            let sign = (c == "+" || c == "-" || c == "<") && i + 1 < scalars.count && ("0"..."9").contains(scalars[i + 1])
                && (i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "(")
            if isDigit || joins || sign {
                run.unicodeScalars.append(c)
            } else {
                flush()
                out.unicodeScalars.append(c)
            }
        }
        flush()
        return out
    }
}
