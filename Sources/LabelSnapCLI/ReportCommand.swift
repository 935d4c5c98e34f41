// `labelsnap report`: one HTML page of the pending snapshot failures (HTMLReport draws it).
import Foundation
import SnapshotReview
import SnapshotStore

let reportSpec = CommandSpec(summary: """
    usage: labelsnap report [--artifacts DIR…] [-o report.html]

    Writes one HTML file of the pending snapshot failures (no network; images inlined as data: URIs, or
    written to a <report>-images folder beside it when the page would exceed 4 MB). For each failure: its
    numbers, the reference that was compared (a warning when __Snapshots__ now holds another), and views
    that switch without JavaScript: side by side, diff, actual / reference toggle, onion skin (a slider
    too with JavaScript), amplified difference (each Δ multiplied so the largest is full scale, factor
    shown). Images scale by whole numbers, pixelated, on a checkerboard. Text snapshots: a coloured line
    diff. The command that accepts each, when it can.
    """, options: [
        artifactsOption,
        OptionSpec("-o", "--output", kind: .value("PATH"), help: """
            where to write the report (default: <first artifacts folder>/report.html; - for stdout);
            never in __Snapshots__, below the artifacts folder (a .html directly in it is the
            report's own), over a file that is not a .html, a FIFO or link, nor in a missing folder
            """),
    ], footer: """
    Exit status: 0 written (also with nothing pending), 2 error (unreadable or conflicting record, write
    failed); an unreadable record is listed in the report, which is still written.
    """)

func runReportCommand(_ args: [String]) -> Int32 {
    do {
        let r = try reportSpec.read(args)
        if r.wantsHelp { print(reportSpec.help); return 0 }
        guard r.positionals.isEmpty else { throw UsageError("report takes no arguments, got '\(r.positionals[0])' (see --help)") }
        let roots = try ArtifactsFolders.resolve(r.values("--artifacts"), environment: commandEnvironment)
        if let named = r.value("-o") ?? r.value("--output"), named != "-" {
            try checkOutputPath(named, writes: "html", artifacts: roots, ownedInArtifacts: true)
        }
        let scan = try ArtifactsFolders.scan(roots, checkout: ArtifactsFolders.currentCheckout())
        let output = r.value("-o") ?? r.value("--output") ?? roots[0] + "/report.html"
        let reportPath = output == "-" ? nil : SnapshotLocation.absolutePath(output)
        let estimate = scan.failures.reduce(0) { sum, f in
            sum + ([f.actualPath, f.diffPath, f.comparedReferencePath] + f.extraArtifacts.map(\.path))
                .compactMap { $0 }.reduce(0) { $0 + fileSize($1) } * 4 / 3   // + the amplified view
        }
        var images = ReportImages(estimatedBytes: estimate, reportPath: reportPath)
        let html = try renderHTMLReport(scan, images: &images)
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
            if let folder = images.folder {
                print("  \(style.numbers(String(images.written.count))) images in \(style.path(folder.absolute)) (the page would be over \(ReportImages.inlineLimit >> 20) MB inlined); keep the folder beside the page")
            }
        }
        for e in scan.errors { printError("report: \(e.message)") }
        return scan.errors.isEmpty ? 0 : 2
    } catch {
        printError("report: \(error)")
        return 2
    }
}

/// Size of a file in bytes (0 when it cannot be read).
func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
