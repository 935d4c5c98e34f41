import Foundation
import LabelRendering
import Localization
import Imaging
import SnapshotStore
import SnapshotReview

let sweepSpec = CommandSpec(summary: """
    usage: labelsnap sweep Localizable.xcstrings|FILE.strings|FOLDER --style style.json [options]

    Lays out every string × locale × variant in the label the style describes and lists each one that is
    truncated, clipped or loses lines: key, locale, lines used of allowed, points of overflow, the characters
    truncation removed, and the translation's state; each one with code points no font of the label's
    chain covers (drawn as boxes): the code points, the fonts tried, the installed fonts that cover them;
    and each one with a word wider than the line, wrapped between letters (the word);
    then a summary per locale. Long texts are cut in this report, never in --json.

    Inputs: a String Catalog (.xcstrings), a .strings or .stringsdict inside an xx.lproj folder, or a folder
    searched for *.xcstrings and *.lproj/*.strings|*.stringsdict. Format specifiers (%@, %lld, %1$@, %.2f …)
    are filled with long samples (12-letter name, 8-digit number; "samples" in the style overrides them).
    """, options: [
        OptionSpec("--style", kind: .value("FILE"), help: """
            label style JSON: keys named as PaddedLabel's properties, e.g.
            {"font": "DejaVu Sans", "size": 15, "insets": [4, 8, 4, 8], "width": 120,
             "numberOfLines": 1, "lineBreakMode": "tail", "scale": 2,
             "overrides": [{"keys": "onboarding.*", "width": 280, "numberOfLines": 2}]}
            """),
        OptionSpec("--locales", kind: .value("a,b,…"), help: """
            only these locales (default: every locale of the strings); en-XA or ar-XB here
            asks for that pseudo-locale (as --pseudo, --pseudo-rtl): --locales en-XA checks it alone
            """),
        OptionSpec("--pseudo", help: """
            also check the source strings as en-XA: accented, bracketed, ~40 % longer
            (on top of --locales)
            """),
        OptionSpec("--pseudo-rtl", help: "also check the source strings as ar-XB: mirrored, right to left"),
        OptionSpec("--json", help: """
            print one JSON object (failures: key, locale, variant, kinds, lines, maxLines,
            overflow_pt, lost, state, uncovered, fonts_tried …; locales: the summary)
            instead of text
            """),
        OptionSpec("--artifacts", kind: .value("DIR"), help: """
            where contact sheets go (default: $SNAPSHOT_ARTIFACTS or .build/snapshot-artifacts);
            written to DIR/localization/<locale>.png, with sweep.json for `labelsnap report`;
            DIR must exist (only its localization folder is created)
            """),
        OptionSpec("--no-sheets", help: "write no contact sheets"),
        OptionSpec("--workers", kind: .value("N"), help: "threads (default: every core)"),
        OptionSpec("--audit", help: """
            also audit every string for accessibility in 48 cells (labelsnap audit's checks, with
            the style's "background" and "interactive"): a table with a column per check, in the
            text, in --json and in sweep.json ("audit"); a failing check makes the exit status 1
            """),
    ], footer: """
    Exit status: 0 every string fits, 1 some do not fit, are not covered or (--audit) fail a check, 2 bad input (nothing is reported then).
    """)

func runSweepCommand(_ args: [String]) -> Int32 {
    do {
        let r = try sweepSpec.read(args)
        if r.wantsHelp { print(sweepSpec.help); return 0 }
        guard r.positionals.count == 1 else {
            throw UsageError("sweep takes one Localizable.xcstrings, .strings file or folder (see --help)")
        }
        guard let stylePath = r.value("--style") else { throw UsageError("sweep needs --style style.json (see --help)") }
        let table = try StringTable.read(path: r.positionals[0])
        let style = try LabelStyle.load(path: stylePath)
        var locales: [String]?
        if let list = r.value("--locales") {
            locales = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !(locales ?? []).isEmpty else { throw UsageError("--locales needs a comma-separated list, e.g. de,ru") }
            for l in locales ?? [] where !LocaleCheck.isKnown(l) {
                throw UsageError("unknown locale \"\(l)\" in --locales (BCP 47 tags such as de, pt-BR, zh-Hans)")
            }
        }
        let workers = try r.int("--workers") ?? ProcessInfo.processInfo.activeProcessorCount
        guard workers >= 1, workers <= 1024 else { throw UsageError("--workers needs 1…1024") }
        var pseudo = (r.flag("--pseudo") ? [PseudoLocale.accented] : []) + (r.flag("--pseudo-rtl") ? [.rightToLeft] : [])
        // --locales en-XA asks for the pseudo-locale as --pseudo does (the strings have no such locale); with
        // only pseudo-locales named, only they are checked.
        for l in locales ?? [] {
            if let named = PseudoLocale.allCases.first(where: { $0.rawValue.lowercased() == l.lowercased() }),
               !table.locales.contains(where: { $0.lowercased() == l.lowercased() }), !pseudo.contains(named) {
                pseudo.append(named)
            }
        }
        pseudo.sort { $0 == .accented && $1 != .accented }
        if let given = r.value("--artifacts"), !r.flag("--no-sheets") {
            // As review, accept, reject and orphans: a mistyped folder is reported, not created (with its parents).
            let root = SnapshotLocation.absolutePath(given)
            guard SnapshotFileSystem.exists(root) else {
                throw UsageError("artifacts folder \(root) does not exist: check the --artifacts path, or create it first")
            }
        }
        let sweep = Sweep(table: table, style: style, locales: locales, pseudoLocales: pseudo, workers: workers)
        _ = try sweep.plan()   // unknown locales are input errors, before any work
        for (position, keys) in sweep.unmatchedOverrides {
            let patterns = keys.map { "\"\(untrusted($0))\"" }.joined(separator: ", ")
            FileHandle.standardError.write(Data((TerminalStyle.err.warn("warning:") + " sweep: override \(position) of \(stylePath) "
                + "(\"keys\": \(patterns)) matches none of the \(table.keys.count) keys, so it changes nothing; check its patterns "
                + "(* any run of characters, ? one)\n").utf8))
        }
        let progress = SweepProgress()
        let result = try sweep.run(progress: progress.report)
        progress.finish()
        let audit = r.flag("--audit") ? try AuditSweep.run(sweep) { $0.auditOptions() } : []

        var sheets: [String: String] = [:]
        if !r.flag("--no-sheets") {
            let root = r.value("--artifacts").map { SnapshotLocation.absolutePath($0) } ?? ArtifactsFolders.defaultRoot(environment: commandEnvironment)
            let folder = root + "/localization"
            sheets = try writeSweepArtifacts(result, style: style, folder: folder, audit: audit)
        }
        if r.flag("--json") {
            print(SweepReport.json(result, sheets: sheets, audit: audit))
        } else {
            let terminal = TerminalStyle.out
            let sheetLines = result.summaries.compactMap { s in
                sheets[s.locale].map { "  \(terminal.name(s.locale)): \(terminal.path($0))" }
            }
            print(SweepReport.text(result, marks: terminal.sweepMarks)
                  + (sheetLines.isEmpty ? "" : "\n\n" + terminal.dim("Contact sheets:") + "\n" + sheetLines.joined(separator: "\n"))
                  + (r.flag("--audit") ? "\n\n" + AuditSweep.table(audit) : ""))
        }
        return result.fits && audit.allSatisfy(\.passed) ? 0 : 1
    } catch {
        printError("sweep: \(error)")
        return 2
    }
}

extension TerminalStyle {
    /// The sweep report's parts in these colours.
    var sweepMarks: SweepReport.Marks {
        SweepReport.Marks(ok: { ok($0) }, bad: { bad($0) }, name: { name($0) }, secondary: { dim($0) },
                          numbers: { numbers($0) })
    }
}

/// Writes `<folder>/sweep.json` and a contact sheet per locale with failures (old sheets removed first, so
/// the folder shows this run only). Returns the sheet paths by locale.
func writeSweepArtifacts(_ result: Sweep.Result, style: LabelStyle, folder: String, audit: [AuditSweep.Row] = []) throws -> [String: String] {
    let fm = FileManager.default
    do { try SnapshotFileSystem.makeDirectories(folder) } catch {
        throw UsageError("cannot create \(folder): \(SnapshotStoreError.reason(of: error)); give --artifacts a writable folder")
    }
    for old in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where old.hasSuffix(".png") || old == "sweep.json" {
        try? fm.removeItem(atPath: folder + "/" + old)
    }
    var sheets: [String: String] = [:]
    for summary in result.summaries where summary.failed > 0 {
        let failures = result.failures.filter { $0.locale == summary.locale }
        let bitmap = try SweepContactSheet.render(locale: summary.locale, failures: failures, style: style)
        let path = folder + "/" + SnapshotNaming.sanitize(summary.locale) + ".png"
        try SnapshotFileSystem.writeAtomically(try PNGCodec.encode(bitmap), to: path)
        sheets[summary.locale] = path
    }
    try SnapshotFileSystem.writeAtomically(Array(SweepReport.json(result, sheets: sheets, audit: audit).utf8), to: folder + "/sweep.json")
    return sheets
}

/// Progress on stderr: a self-updating line on a terminal, otherwise a plain line every 10 % (for sweeps of
/// 1000 strings or more; smaller ones take a moment).
final class SweepProgress: @unchecked Sendable {
    let isTerminal = isatty(2) == 1
    private var lastTenth = 0
    private var shown = false

    var report: @Sendable (Int, Int) -> Void {
        { [self] done, total in
            let percent = total == 0 ? 100 : done * 100 / total
            if isTerminal {
                FileHandle.standardError.write(Data("\rsweep: \(done) of \(total) strings laid out (\(percent) %)\u{1B}[K".utf8))
                shown = true
            } else if total >= 1000, percent / 10 > lastTenth {
                lastTenth = percent / 10
                FileHandle.standardError.write(Data("sweep: \(done) of \(total) strings laid out (\(percent) %)\n".utf8))
            }
        }
    }

    func finish() {
        if isTerminal, shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
