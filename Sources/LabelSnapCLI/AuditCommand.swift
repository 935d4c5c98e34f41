import Foundation
import LabelRendering
import Localization
import Imaging
import SnapshotStore
import SnapshotReview

let auditSpec = CommandSpec(summary: """
    usage: labelsnap audit STYLE.json --text TEXT [options]
           labelsnap audit STYLE.json --catalog Localizable.xcstrings|FILE.strings|FOLDER [options]

    Audits a label for accessibility in every content size (xS … AX5) × light and dark × normal and high contrast
    (48 cells), laid out at the style's width and the height its text needs in each: text contrast (WCAG 2.2's
    ratio of each run's colour, with the label's alpha and disabled dimming, over its background over the
    container), text size (11 pt at the default size), Dynamic Type (a fixed font), truncation and clipping per
    cell; opt-in, non-text contrast (border or background against the container, 3:1) and touch target (44 × 44 pt).
    Prints each failing check once with the cells it fails in and its numbers; with --catalog, a row per string
    and a column per check, then each failing string's checks.

    The style is labelsnap sweep's (keys named as PaddedLabel's properties); "background" (a colour or a system
    colour's name, default systemBackground) is the container, "interactive": true asks for the touch target.
    """, options: [
        OptionSpec("--text", kind: .value("TEXT"), help: "the label's text"),
        OptionSpec("--catalog", kind: .value("FILE"), help: "audit every string of a catalog (every locale, or --locales) instead"),
        OptionSpec("--locales", kind: .value("a,b,…"), help: "with --catalog: only these locales"),
        OptionSpec("--standard", kind: .value("NAME"), help: """
            contrast thresholds: hig (default: below 18 pt 4.5:1, 18 pt and larger or bold 3:1),
            wcagAA (4.5:1; large text 3:1) or wcagAAA (7:1; large text 4.5:1)
            """),
        OptionSpec("--background", kind: .value("COLOR"), help: "the container (overrides the style's \"background\")"),
        OptionSpec("--non-text-contrast", help: "also check the border (else the background) against the container at 3:1"),
        OptionSpec("--interactive", help: "also check a touch target of 44 × 44 pt (as the style's \"interactive\": true)"),
        OptionSpec("--cells", help: "with --text: also print every cell's line (the .accessibility reference's text)"),
        OptionSpec("--json", help: "print JSON instead of text (one audit document, or {\"strings\": [...]} with --catalog)"),
        OptionSpec("-o", kind: .value("FILE.png"), help: "with --text: write the contact sheet (failing cells outlined, each ratio under it)"),
        OptionSpec("--artifacts", kind: .value("DIR"), help: "with --text: write DIR/accessibility/<style>.json and .png, which labelsnap report shows"),
        OptionSpec("--workers", kind: .value("N"), help: "threads for --catalog (default: every core)"),
    ], footer: """
    Exit status: 0 every check passes, 1 some fail, 2 bad input.
    """, exclusive: [["--text", "--catalog"]])

func runAuditCommand(_ args: [String]) -> Int32 {
    do {
        let r = try auditSpec.read(args)
        if r.wantsHelp { print(auditSpec.help); return 0 }
        guard r.positionals.count == 1 else { throw UsageError("audit takes one style.json (see --help)") }
        let stylePath = r.positionals[0]
        var style = try LabelStyle.load(path: stylePath)
        if let given = r.value("--background") {
            do { style.background = try Color(hexOrName: given) } catch { throw UsageError("--background: \(error)") }
        }
        if r.flag("--interactive") { style.interactive = true }
        let standard = try r.value("--standard").map { name in
            guard let s = ContrastStandard(rawValue: name) else { throw UsageError("--standard takes hig, wcagAA or wcagAAA, got '\(name)'") }
            return s
        } ?? .hig
        let nonText = r.flag("--non-text-contrast")
        if let catalog = r.value("--catalog") {
            for option in ["-o", "--artifacts", "--cells"] where r.flag(option) || r.value(option) != nil {
                throw UsageError("\(option) goes with --text, not --catalog")
            }
            return try auditCatalog(catalog, style: style, r: r) { $0.auditOptions(standard: standard, nonTextContrast: nonText) }
        }
        guard r.value("--locales") == nil else { throw UsageError("--locales goes with --catalog") }
        let text: String
        if let given = r.value("--text") { text = given } else if let attributed = style.label.attributedText {
            text = String(attributed.characters)
        } else {
            throw UsageError("audit needs --text TEXT (or --catalog FILE) for the label's text (see --help)")
        }
        let name = SnapshotNaming.sanitize(((stylePath as NSString).lastPathComponent as NSString).deletingPathExtension)
        if let out = r.value("-o") { try checkOutputPath(out, writes: "png", artifacts: [ArtifactsFolders.defaultRoot(environment: commandEnvironment)]) }
        var root: String?
        if let given = r.value("--artifacts") {
            root = SnapshotLocation.absolutePath(given)
            guard SnapshotFileSystem.exists(root!) else {
                throw UsageError("artifacts folder \(root!) does not exist: check the --artifacts path, or create it first")
            }
        }
        let matrix = try AuditMatrix.style(style, text: text, language: style.label.language)
        let base = try style.auditLabel(text: text, language: style.label.language)
        let report = try AccessibilityAuditor.audit(base, matrix: matrix, options: style.auditOptions(standard: standard, nonTextContrast: nonText))
        var sheetPath: String?
        if r.value("-o") != nil || root != nil {
            let sheet = try AuditContactSheet.render(report, matrix: matrix, title: "\(name): “\(text)”")
            let png = try PNGCodec.encode(sheet)
            if let out = r.value("-o") { try writeAtomically(png, to: out); sheetPath = SnapshotLocation.absolutePath(out) }
            if let root {
                let folder = root + "/accessibility"
                try SnapshotFileSystem.makeDirectories(folder)
                try SnapshotFileSystem.writeAtomically(png, to: folder + "/" + name + ".png")
                sheetPath = folder + "/" + name + ".png"
                let document = AuditDocument(report, title: "\(name): “\(text)”", contactSheet: sheetPath)
                try SnapshotFileSystem.writeAtomically(try document.encoded(), to: folder + "/" + name + ".json")
            }
        }
        if r.flag("--json") {
            print(String(decoding: try AuditDocument(report, title: name, contactSheet: sheetPath).encoded(), as: UTF8.self), terminator: "")
        } else {
            let terminal = TerminalStyle.out
            print(report.passed ? terminal.ok(AuditWording.passLine(report)) : report.message)
            if r.flag("--cells") { print(AuditWording.reference(report), terminator: "") }
            if let sheetPath { print(terminal.dim("Contact sheet: ") + terminal.path(sheetPath)) }
        }
        return report.passed ? 0 : 1
    } catch {
        printError("audit: \(error)")
        return 2
    }
}

/// `audit --catalog`: every string of the catalog in the style, a row each.
func auditCatalog(_ path: String, style: LabelStyle, r: ArgumentReader, options: @escaping @Sendable (LabelStyle) -> AccessibilityAuditOptions) throws -> Int32 {
    let table = try StringTable.read(path: path)
    let locales = try r.value("--locales").map { list in
        let locales = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !locales.isEmpty else { throw UsageError("--locales needs a comma-separated list, e.g. de,ru") }
        return locales
    }
    let workers = try r.int("--workers") ?? ProcessInfo.processInfo.activeProcessorCount
    guard workers >= 1, workers <= 1024 else { throw UsageError("--workers needs 1…1024") }
    let rows = try AuditSweep.run(Sweep(table: table, style: style, locales: locales, workers: workers), options: options)
    if r.flag("--json") {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(["strings": rows]), as: UTF8.self))
    } else {
        var text = AuditSweep.table(rows)
        for row in rows where !row.passed {
            text += "\n\n" + TerminalStyle.out.name("\(row.key) (\(row.locale)\(row.variant.isEmpty ? "" : ", " + row.variant))") + ": “\(row.text)”\n"
                + row.message
        }
        print(text)
    }
    return rows.allSatisfy(\.passed) ? 0 : 1
}
