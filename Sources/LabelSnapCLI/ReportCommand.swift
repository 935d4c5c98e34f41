// `labelsnap report`: one HTML page of the pending snapshot failures (HTMLReport draws it).
import Foundation
import SnapshotReview
import SnapshotStore

let reportHelp = """
usage: labelsnap report [--artifacts DIR…] [-o report.html]

Writes one self-contained HTML file (images inlined as data: URIs, no network, no JavaScript) with a
summary of the pending snapshot failures and, for each, the test, its numbers, the reference, diff
and actual images side by side (scaled up pixelated, on a checkerboard so transparency shows), and
the command that accepts it.

options:
\(artifactsOptionHelp)
  -o, --output PATH     where to write the report (default: <first artifacts folder>/report.html; - for stdout)
  -h, --help            show this help
Exit status: 0 written (also with nothing pending), 2 error (unreadable or conflicting record, write
failed); an unreadable record is listed in the report, which is still written.
"""

func runReportCommand(_ args: [String]) -> Int32 {
    do {
        let r = try ArgumentReader(args, valued: ["--artifacts", "-o", "--output"], flags: ["--help", "-h"])
        if r.flag("--help") || r.flag("-h") { print(reportHelp); return 0 }
        guard r.positionals.isEmpty else { throw UsageError("report takes no arguments, got '\(r.positionals[0])' (see --help)") }
        let roots = try ArtifactsFolders.resolve(r.values("--artifacts"))
        let scan = try ArtifactsFolders.scan(roots)
        let html = renderHTMLReport(scan)
        let output = r.value("-o") ?? r.value("--output") ?? roots[0] + "/report.html"
        let style = TerminalStyle.out
        if output == "-" {
            FileHandle.standardOutput.write(Data(html.utf8))
        } else {
            let path = SnapshotLocation.absolutePath(output)
            do { try SnapshotFileSystem.writeAtomically(Array(html.utf8), to: path) } catch {
                throw ReviewError("cannot write the report: \(error)")
            }
            let n = scan.failures.count
            print(style.ok("wrote") + " \(style.path(path)): \(style.numbers(String(n))) failure\(n == 1 ? "" : "s")" + (scan.errors.isEmpty ? "" : ", \(style.bad(String(scan.errors.count) + " unreadable or refused record" + (scan.errors.count == 1 ? "" : "s")))"))
        }
        for e in scan.errors { printError("report: \(e.message)") }
        return scan.errors.isEmpty ? 0 : 2
    } catch {
        printError("report: \(error)")
        return 2
    }
}
