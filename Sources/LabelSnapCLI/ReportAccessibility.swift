import Foundation
import Localization
import Imaging
import SnapshotStore

/// The report's section for accessibility audits: every audit a failing `assertLabelAccessibility` or
/// `labelsnap audit --artifacts` left in `<artifacts>/accessibility/` (its JSON: the failing checks, each check's
/// failing cells, the message, the contact sheet beside it), and the audit rows of the last `sweep --audit`.
/// Empty when there are none. Files that are not audit documents are named as unreadable, never trusted.
func accessibilitySections(_ roots: [String], images: inout ReportImages) -> String {
    var audits: [(path: String, document: AuditDocument?)] = []
    var rows: [AuditSweep.Row] = []
    for root in roots {
        let folder = root + "/accessibility"
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            let path = folder + "/" + file
            let bytes = try? SnapshotFileSystem.readIfPresent(path, limit: 64 << 20)
            audits.append((path, bytes.flatMap { try? AuditDocument.decode($0) }))
        }
        if let bytes = try? SnapshotFileSystem.readIfPresent(root + "/localization/sweep.json"),
           let sweep = try? SweepReportDocument.decode(bytes) {
            rows += sweep.audit
        }
    }
    guard !audits.isEmpty || !rows.isEmpty else { return "" }
    let failing = audits.filter { $0.document?.passed == false }.count
    let failingRows = rows.filter { !$0.passed }.count
    var parts: [String] = []
    if !audits.isEmpty { parts.append("\(failing) of \(audits.count) audit\(audits.count == 1 ? "" : "s") fail\(failing == 1 ? "s" : "")") }
    if !rows.isEmpty { parts.append("\(failingRows) of \(rows.count) swept string\(rows.count == 1 ? "" : "s") fail\(failingRows == 1 ? "s" : "")") }
    var s = "<section class=\"sweep\" id=\"accessibility\">\n<h2>Accessibility audit: " + parts.joined(separator: "; ") + "</h2>\n"
    if !audits.isEmpty {
        s += "<table class=\"summary\">\n<thead><tr><th>Audit</th><th>Standard</th><th>Failing checks (cells)</th></tr></thead>\n<tbody>\n"
        for (i, audit) in audits.enumerated() {
            guard let d = audit.document else {
                s += "<tr><td class=\"mono\">\(htmlEscape(audit.path))</td><td colspan=\"2\">not readable as an audit</td></tr>\n"
                continue
            }
            let checks = d.failing.map { check in
                let cells = d.cells.filter { $0.results.contains { $0.check.rawValue == check && !$0.passed } }.count
                return (AccessibilityCheck(rawValue: check)?.title ?? check) + (cells > 0 ? " (\(cells) of \(d.cells.count))" : "")
            }
            s += "<tr><td><a href=\"#audit-\(i + 1)\">\(htmlEscape(d.title))</a></td><td>\(htmlEscape(ContrastStandard(rawValue: d.standard)?.title ?? d.standard))</td>"
                + "<td>\(checks.isEmpty ? "passes" : htmlEscape(checks.joined(separator: ", ")))</td></tr>\n"
        }
        s += "</tbody>\n</table>\n"
    }
    for (i, audit) in audits.enumerated() {
        guard let d = audit.document else { continue }
        s += "<h3 id=\"audit-\(i + 1)\">\(htmlEscape(d.title))</h3>\n<p class=\"meta mono\">\(htmlEscape(audit.path))</p>\n"
        s += "<pre>\(htmlEscape(d.passed ? "Every check passes." : d.message))</pre>\n"
        // The sheet named by a file we did not write is read only inside the same folder (no path from it is trusted).
        let sheet = String(audit.path.dropLast(5)) + ".png"
        if let png = try? SnapshotFileSystem.readIfPresent(sheet, limit: maximumImageFile), let image = try? PNGCodec.decode(png),
           let src = try? images.source(png: png, name: "accessibility-\(i + 1)") {
            s += "<figure><figcaption>contact sheet<span>\(image.width)×\(image.height) px</span></figcaption>"
                + "<div class=\"frame fit\" style=\"max-width: \(image.width)px\"><img alt=\"accessibility contact sheet of \(htmlEscape(d.title))\" "
                + "width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(htmlEscape(src))\"></div></figure>\n"
        }
    }
    if !rows.isEmpty {
        let checks = rows[0].columns.map(\.check)
        s += "<h3 id=\"audit-sweep\">Swept strings (labelsnap sweep --audit)</h3>\n<table class=\"summary\">\n<thead><tr><th>Key</th><th>Locale</th>"
            + checks.map { "<th>\(htmlEscape(AccessibilityCheck(rawValue: $0)?.title ?? $0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows.filter({ !$0.passed }) + rows.filter(\.passed) {
            s += "<tr><td class=\"mono\">\(htmlEscape(row.key + (row.variant.isEmpty ? "" : " [\(row.variant)]")))</td><td>\(htmlEscape(row.locale))</td>"
                + row.columns.map { "<td\($0.passed ? "" : " class=\"bad\"")>\(htmlEscape(AuditSweep.cellText($0)))</td>" }.joined() + "</tr>\n"
        }
        s += "</tbody>\n</table>\n"
    }
    return s + "</section>\n"
}
