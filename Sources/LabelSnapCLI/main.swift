import Foundation

// labelsnap: render labels, diff PNGs. Each subcommand returns its exit status.
let usage = """
usage: labelsnap <command> [options]

commands:
  render "TEXT" [options] -o out.png   render a padded label to PNG and print its size and lines
  diff A.png B.png [options]           compare two PNGs (exit 0 equal, 1 different, 2 error)

Run `labelsnap <command> --help` for a command's options.
"""

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "render": status = runRenderCommand(Array(arguments.dropFirst()))
case "diff": status = runDiffCommand(Array(arguments.dropFirst()))
case "--help", "-h", "help": print(usage); status = 0
case nil: FileHandle.standardError.write(Data((usage + "\n").utf8)); status = 2
case let other?:
    FileHandle.standardError.write(Data("labelsnap: unknown command '\(other)'\n\n\(usage)\n".utf8)); status = 2
}
exit(status)
