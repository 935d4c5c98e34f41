// Each command's options declared once (names, value, help): the parser's sets, the options part of --help and
// the typed lookups (ArgumentReader's) are derived from the one list, so an option cannot be parsed without being
// documented, or documented without being parsed.

/// One option: its spellings (synonyms of which one may be given: `-o`, `--output`), what it takes, its help.
struct OptionSpec {
    enum Kind {
        /// `--json`: present or not.
        case flag
        /// `--width PT`: one value, the placeholder shown in help.
        case value(String)
        /// `--ignore x,y,w,h`: a value that may be given more than once.
        case list(String)
        /// `--disabled [true|false]`: a flag that also takes an explicit true or false (the placeholder shown).
        case toggle(String)
    }
    let names: [String]
    let kind: Kind
    /// One line or several (`\n`), shown from the help column.
    let help: String

    init(_ names: String..., kind: Kind = .flag, help: String) {
        self.names = names
        self.kind = kind
        self.help = help
    }

    /// `-o, --output PATH` as help shows it.
    var head: String {
        let spelled = names.joined(separator: ", ")
        switch kind {
        case .flag: return spelled
        case .toggle(let p), .value(let p), .list(let p): return p.isEmpty ? spelled : spelled + " " + p
        }
    }
}

/// A command's help (its synopsis and prose around the derived options) and its options.
struct CommandSpec {
    /// `usage: labelsnap diff …` and the description before the options.
    let summary: String
    let options: [OptionSpec]
    /// What follows the options (exit status, notes); may be empty.
    var footer = ""
    /// Exclusive groups besides each option's synonyms (`--text` or `--catalog`).
    var exclusive: [[String]] = []
    /// The help column: option heads are padded to it, longer ones put their help on the next line.
    static let column = 26

    /// Every option, then `-h, --help`, which each command takes the same way.
    var allOptions: [OptionSpec] { options + [OptionSpec("-h", "--help", help: "show this help")] }

    /// The options part of --help: `  HEAD` padded to `column`, the help's lines aligned under its first.
    static func lines(_ options: [OptionSpec]) -> String {
        let indent = String(repeating: " ", count: column)
        return options.map { option in
            let head = "  " + option.head
            let help = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let rest = help.dropFirst().map { indent + $0 }
            guard head.count < column - 1 else { return ([head] + help.map { indent + $0 }).joined(separator: "\n") }
            return ([head.padding(toLength: column, withPad: " ", startingAt: 0) + help[0]] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    var help: String {
        summary + "\n\noptions:\n" + Self.lines(allOptions) + (footer.isEmpty ? "" : "\n\n" + footer)
    }

    /// Parses `args` against the options.
    /// - Throws: `UsageError` as `ArgumentReader` does (unknown option, missing value, one given twice …).
    func read(_ args: [String]) throws -> ArgumentReader {
        var valued: Set<String> = [], flags: Set<String> = [], switches: Set<String> = [], repeatable: Set<String> = []
        for option in allOptions {
            for name in option.names {
                switch option.kind {
                case .flag: flags.insert(name)
                case .toggle: flags.insert(name); switches.insert(name)
                case .value: valued.insert(name)
                case .list: valued.insert(name); repeatable.insert(name)
                }
            }
        }
        let synonyms = allOptions.map(\.names).filter { $0.count > 1 && $0 != ["-h", "--help"] }
        return try ArgumentReader(args, valued: valued, flags: flags, switches: switches, repeatable: repeatable,
                                  exclusive: synonyms + exclusive)
    }
}

extension ArgumentReader {
    /// Whether `-h` or `--help` was given: the one help pattern of every command.
    var wantsHelp: Bool { flag("--help") || flag("-h") }
}
