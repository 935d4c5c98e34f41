import Foundation

// labelsnap: render labels, diff PNGs, review snapshot failures. Each subcommand returns its exit status.
let usage = """
usage: labelsnap <command> [options]

commands:
  render "TEXT" [options] -o out.png   render a padded label to PNG and print its size and lines
  diff A.png B.png [options]           compare two PNGs (exit 0 equal, 1 different, 2 error)
  review [--artifacts DIR] [--json]    list the pending snapshot failures under the artifacts folder
  accept RECORD.json|NAME…|--all       replace references in __Snapshots__ with the actual images
  reject RECORD.json|NAME…|--all       discard failures' artifacts, keep the references
  report [--artifacts DIR] [-o FILE]   write one self-contained HTML page of the pending failures

Run `labelsnap <command> --help` for a command's options.
"""

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "render": status = runRenderCommand(Array(arguments.dropFirst()))
case "diff": status = runDiffCommand(Array(arguments.dropFirst()))
case "review": status = runReviewCommand(Array(arguments.dropFirst()))
case "accept": status = runAcceptCommand(Array(arguments.dropFirst()))
case "reject": status = runRejectCommand(Array(arguments.dropFirst()))
case "report": status = runReportCommand(Array(arguments.dropFirst()))
case "--help", "-h", "help": print(usage); status = 0
case nil: FileHandle.standardError.write(Data((usage + "\n").utf8)); status = 2
case let other?:
    FileHandle.standardError.write(Data("labelsnap: unknown command '\(other)'\n\n\(usage)\n".utf8)); status = 2
}
exit(status)
