#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Colour for people at a terminal, none for pipes and files. `--color auto|always|never` (any command,
/// anywhere on the line) decides; `auto` colours a stream that is a terminal unless `NO_COLOR` is set
/// (no-color.org) or `TERM=dumb`. Escape sequences: SGR (ECMA-48), 16 colours, so every terminal's own
/// palette and light/dark theme apply.
struct TerminalStyle: Sendable {
    enum Mode: String, Sendable { case auto, always, never }

    let enabled: Bool

    /// Set once by `main` from `--color` before a command runs.
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

    /// Removes `--color X` / `--color=X` from `args`. After `render`, whose `--color HEX` is the text colour,
    /// only the three modes are taken; any other value is left to the command.
    /// - Throws: `UsageError` for a value other than auto, always, never.
    static func takeOption(_ args: [String]) throws -> (Mode?, [String]) {
        var rest: [String] = []
        var mode: Mode?
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { rest += args[i...]; break }
            var value: String?
            if a == "--color" || a == "--colour" {
                guard i + 1 < args.count else { throw UsageError("option --color needs a value: auto, always or never") }
                value = args[i + 1]; i += 2
            } else if a.hasPrefix("--color=") || a.hasPrefix("--colour=") {
                value = String(a[a.index(after: a.firstIndex(of: "=")!)...]); i += 1
            } else {
                rest.append(a); i += 1
                continue
            }
            if rest.first == "render", let v = value, Mode(rawValue: v) == nil {
                rest += a.contains("=") ? [a] : [a, v]
                continue
            }
            guard let v = value, let m = Mode(rawValue: v) else {
                throw UsageError("--color takes auto, always or never, got '\(value ?? "")'")
            }
            mode = m
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
