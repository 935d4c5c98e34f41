import Foundation
import Localization
import Imaging
import SnapshotStore
import SnapshotReview

/// The report's section for the last `labelsnap sweep` of each artifacts folder (`localization/sweep.json`
/// and the per-locale contact sheets beside it): the summary per locale, every string that does not fit,
/// and the sheets. Empty when no sweep wrote there.
///
/// A sweep and the test failures beside it are one run unless sweep.json was written before every failure of
/// its folder was recorded (the file's modification time against the records' `recordedAt`, to the second):
/// such a sweep is from an earlier run (CI runs the sweep after the tests, as the report), and one line says
/// so, with both times and what to do, instead of its tables.
func localizationSweepSections(_ roots: [String], failures pending: [PendingFailure] = [], images: inout ReportImages) -> String {
    var s = ""
    let iso = ISO8601DateFormatter()
    iso.timeZone = TimeZone(identifier: "UTC")
    for root in roots {
        let folder = root + "/localization"
        guard let bytes = try? SnapshotFileSystem.readIfPresent(folder + "/sweep.json") else { continue }
        let recorded = pending.filter { $0.artifactsRoot == root }.compactMap { iso.date(from: $0.record.recordedAt) }.min()
        if let recorded, let swept = (try? FileManager.default.attributesOfItem(atPath: folder + "/sweep.json"))?[.modificationDate] as? Date,
           swept.timeIntervalSince1970.rounded(.down) < recorded.timeIntervalSince1970 {
            s += "<section class=\"sweep\" id=\"localization-sweep\"><h2>Localization sweep: from an earlier run, not shown</h2>"
                + "<p class=\"meta\"><span class=\"mono\">\(htmlEscape(folder))/sweep.json</span> was written \(htmlEscape(iso.string(from: swept))), "
                + "before the failures above were recorded (from \(htmlEscape(iso.string(from: recorded)))). "
                + "Run <span class=\"mono\">labelsnap sweep … --artifacts \(htmlEscape(root))</span> after the tests to show it, or delete it.</p></section>\n"
            continue
        }
        guard let document = try? SweepReportDocument.decode(bytes) else {
            s += "<section class=\"sweep\"><h2>Localization sweep</h2><div class=\"placeholder\">\(htmlEscape(folder))/sweep.json is not readable</div></section>\n"
            continue
        }
        let failures = document.failures, locales = document.locales
        func number(_ v: Double) -> String { SweepReport.points(v) }
        s += "<section class=\"sweep\" id=\"localization-sweep\">\n"
        let uncoveredCount = failures.filter { !$0.uncovered.isEmpty }.count
        s += "<h2>Localization sweep: \(failures.count) of \(document.checked) strings "
            + (uncoveredCount == 0 ? "do not fit" : "fail (\(uncoveredCount) not covered by any font)") + "</h2>\n"
        s += "<p class=\"meta\">labelsnap sweep · <span class=\"mono\">\(htmlEscape(folder))</span></p>\n"
        s += "<table class=\"summary\">\n<thead><tr><th>Locale</th><th>Strings</th><th>Do not fit</th><th>Not covered</th><th>Untranslated</th><th>Widest overflow</th></tr></thead>\n<tbody>\n"
        for l in locales {
            // A sweep.json from before "not covered" counts only strings that do not fit, in "failed".
            s += "<tr><td>\(htmlEscape(l.locale))</td><td class=\"num\">\(l.checked)</td>"
                + "<td class=\"num\">\(l.truncated ?? l.failed)</td><td class=\"num\">\(l.uncovered ?? 0)</td>"
                + "<td class=\"num\">\(l.missing)</td>"
                + "<td class=\"num\">\(l.widestOverflowPt > 0 ? number(l.widestOverflowPt) + " pt" : "–")</td></tr>\n"
        }
        s += "</tbody>\n</table>\n"
        if !failures.isEmpty {
            s += "<table class=\"summary\">\n<thead><tr><th>Locale</th><th>Key</th><th>Variant</th><th>Text</th><th>Lines</th><th>Overflow</th><th>Lost</th><th>Not covered by any font</th><th>Word broken</th><th>State</th></tr></thead>\n<tbody>\n"
            for f in failures {
                let named = SweepReport.maximumScalarsNamed
                let notCovered = f.uncovered.isEmpty ? "–" : f.uncovered.prefix(named).map { htmlEscape("\($0.codePoint) \($0.name)") }.joined(separator: "<br>")
                    + (f.uncovered.count > named ? "<br>and \(f.uncovered.count - named) more" : "")
                    + "<br><span class=\"meta\">tried \(htmlEscape(f.fontsTried.joined(separator: ", ")))</span>"
                s += "<tr><td>\(htmlEscape(f.locale))</td><td class=\"mono\">\(htmlEscape(f.key))</td>"
                    + "<td>\(htmlEscape(f.variant))</td><td>\(htmlEscape(f.text))</td>"
                    + "<td class=\"num\">\(f.lines) of \(f.maxLines)</td>"
                    + "<td class=\"num\">" + (f.truncation == nil ? "–" : "+\(number(f.overflowPt)) pt \(htmlEscape(f.overflowAxis))") + "</td>"
                    + "<td>\(f.truncation == nil ? "–" : htmlEscape(f.lost))</td><td class=\"mono\">\(notCovered)</td>"
                    + "<td>\(f.brokenWords.isEmpty ? "–" : f.brokenWords.map(htmlEscape).joined(separator: "<br>"))</td><td>\(htmlEscape(f.state ?? "–"))</td></tr>\n"
            }
            s += "</tbody>\n</table>\n"
        }
        for l in locales {
            guard let sheet = l.contactSheet,
                  let png = try? SnapshotFileSystem.readIfPresent(sheet, limit: maximumImageFile),
                  let image = try? PNGCodec.decode(png),
                  let src = try? images.source(png: png, name: "localization-\(l.locale)") else { continue }
            s += "<figure><figcaption>\(htmlEscape(l.locale))<span>\(image.width)×\(image.height) px</span></figcaption>"
                + "<div class=\"frame fit\" style=\"max-width: \(image.width)px\"><img alt=\"strings that do not fit in \(htmlEscape(l.locale))\" "
                + "width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(htmlEscape(src))\"></div></figure>\n"
        }
        s += "</section>\n"
    }
    return s
}
