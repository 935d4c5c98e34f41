import Foundation

// labelsnap: render labels, diff PNGs, review snapshot failures. One file per command; each command
// is a function from its arguments to its exit status, listed once in `commands`.

/// A subcommand: its name, the synopsis shown by `labelsnap --help`, and what runs it.
struct Command {
    let name: String
    let synopsis: String
    let run: ([String]) -> Int32
}

/// Every command, in the order `--help` lists them. A new command adds one line here and its own file.
let commands: [Command] = [
    Command(name: "render", synopsis: "render \"TEXT\" [options] -o out.png   render a padded label to PNG and print its size and lines", run: runRenderCommand),
    Command(name: "diff", synopsis: "diff A.png B.png [options]           compare two PNGs (exit 0 equal, 1 different, 2 error)", run: runDiffCommand),
    Command(name: "review", synopsis: "review [--artifacts DIR…] [--json]   walk the pending snapshot failures (a list when not on a terminal)", run: runReviewCommand),
    Command(name: "accept", synopsis: "accept RECORD.json|NAME…|--all       replace references in __Snapshots__ with the actual images", run: runAcceptCommand),
    Command(name: "reject", synopsis: "reject RECORD.json|NAME…|--all       discard failures' artifacts, keep the references", run: runRejectCommand),
    Command(name: "report", synopsis: "report [--artifacts DIR…] [-o FILE]  write an HTML page of the pending failures", run: runReportCommand),
    Command(name: "orphans", synopsis: "orphans [--delete] [--dry-run]        list (or delete) references no test used in the last complete run", run: runOrphansCommand),
    Command(name: "info", synopsis: "info REFERENCE.png…                  print where a reference came from (library and font versions, label)", run: runInfoCommand),
    Command(name: "sweep", synopsis: "sweep CATALOG --style style.json     lay out every translation in its label, list the ones cut off", run: runSweepCommand),
    Command(name: "audit", synopsis: "audit STYLE.json --text TEXT         audit a label's contrast, text size, Dynamic Type, truncation in 48 cells", run: runAuditCommand),
]

let usage = """
usage: labelsnap <command> [options] [--colors auto|always|never]
       labelsnap --version

commands:
\(commands.map { "  " + $0.synopsis }.joined(separator: "\n"))

--colors: colour on a terminal (auto, the default; off with NO_COLOR or when piped), always, never
(`render --color HEX` is the text colour).
Run `labelsnap <command> --help` for a command's options.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    let (mode, rest) = try TerminalStyle.takeOption(arguments)
    if let mode { TerminalStyle.mode = mode }
    arguments = rest
} catch {
    printError("\(error)")
    exit(2)
}
let status: Int32
switch arguments.first {
case "--help", "-h", "help": print(usage); status = 0
case "--version": print(versionText()); status = 0
case nil: FileHandle.standardError.write(Data((usage + "\n").utf8)); status = 2
case let name?:
    if let command = commands.first(where: { $0.name == name }) {
        status = command.run(Array(arguments.dropFirst()))
    } else {
        printError("unknown command '\(name)'\n\n\(usage)"); status = 2
    }
}
exit(status)
