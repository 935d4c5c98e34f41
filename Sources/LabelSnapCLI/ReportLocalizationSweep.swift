import Foundation
import LocalizationSweep
import PNGCodec
import SnapshotStore

/// The report's section for the last `labelsnap sweep` of each artifacts folder (`localization/sweep.json`
/// and the per-locale contact sheets beside it): the summary per locale, every string that does not fit,
/// and the sheets. Empty when no sweep wrote there.
func localizationSweepSections(_ roots: [String], images: inout ReportImages) -> String {
    var s = ""
    for root in roots {
        let folder = root + "/localization"
        guard let bytes = try? SnapshotFileSystem.readIfPresent(folder + "/sweep.json") else { continue }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let failures = object["failures"] as? [[String: Any]], let locales = object["locales"] as? [[String: Any]] else {
            s += "<section class=\"sweep\"><h2>Localization sweep</h2><div class=\"placeholder\">\(htmlEscape(folder))/sweep.json is not readable</div></section>\n"
            continue
        }
        func text(_ v: Any?) -> String { v.map { "\($0)" }.flatMap { $0 == "<null>" ? nil : $0 } ?? "–" }
        s += "<section class=\"sweep\" id=\"localization-sweep\">\n"
        let uncoveredCount = failures.filter { !(($0["uncovered"] as? [Any]) ?? []).isEmpty }.count
        s += "<h2>Localization sweep: \(failures.count) of \(text(object["checked"])) strings "
            + (uncoveredCount == 0 ? "do not fit" : "fail (\(uncoveredCount) not covered by any font)") + "</h2>\n"
        s += "<p class=\"meta\">labelsnap sweep · <span class=\"mono\">\(htmlEscape(folder))</span></p>\n"
        s += "<table class=\"summary\">\n<thead><tr><th>Locale</th><th>Strings</th><th>Do not fit</th><th>Not covered</th><th>Untranslated</th><th>Widest overflow</th></tr></thead>\n<tbody>\n"
        for l in locales {
            // A sweep.json from before "not covered" counts only strings that do not fit, in "failed".
            s += "<tr><td>\(htmlEscape(text(l["locale"])))</td><td class=\"num\">\(htmlEscape(text(l["checked"])))</td>"
                + "<td class=\"num\">\(htmlEscape(text(l["truncated"] ?? l["failed"])))</td><td class=\"num\">\(htmlEscape(text(l["uncovered"] ?? 0)))</td>"
                + "<td class=\"num\">\(htmlEscape(text(l["missing"])))</td>"
                + "<td class=\"num\">\(htmlEscape(text(l["widest_overflow_pt"]))) pt</td></tr>\n"
        }
        s += "</tbody>\n</table>\n"
        if !failures.isEmpty {
            s += "<table class=\"summary\">\n<thead><tr><th>Locale</th><th>Key</th><th>Variant</th><th>Text</th><th>Lines</th><th>Overflow</th><th>Lost</th><th>Not covered by any font</th><th>Word broken</th><th>State</th></tr></thead>\n<tbody>\n"
            for f in failures {
                let uncovered = (f["uncovered"] as? [[String: Any]]) ?? []
                let broken = (f["broken_words"] as? [String]) ?? []
                let named = SweepReport.maximumScalarsNamed
                let notCovered = uncovered.isEmpty ? "–" : uncovered.prefix(named).map { htmlEscape("\(text($0["code_point"])) \(text($0["name"]))") }.joined(separator: "<br>")
                    + (uncovered.count > named ? "<br>and \(uncovered.count - named) more" : "")
                    + "<br><span class=\"meta\">tried \(htmlEscape(((f["fonts_tried"] as? [String]) ?? []).joined(separator: ", ")))</span>"
                s += "<tr><td>\(htmlEscape(text(f["locale"])))</td><td class=\"mono\">\(htmlEscape(text(f["key"])))</td>"
                    + "<td>\(htmlEscape(text(f["variant"])))</td><td>\(htmlEscape(text(f["text"])))</td>"
                    + "<td class=\"num\">\(htmlEscape(text(f["lines"]))) of \(htmlEscape(text(f["maxLines"])))</td>"
                    + "<td class=\"num\">" + (f["truncation"] is NSNull ? "–" : "+\(htmlEscape(text(f["overflow_pt"]))) pt \(htmlEscape(text(f["overflow_axis"])))") + "</td>"
                    + "<td>\(f["truncation"] is NSNull ? "–" : htmlEscape(text(f["lost"])))</td><td class=\"mono\">\(notCovered)</td>"
                    + "<td>\(broken.isEmpty ? "–" : broken.map(htmlEscape).joined(separator: "<br>"))</td><td>\(htmlEscape(text(f["state"])))</td></tr>\n"
            }
            s += "</tbody>\n</table>\n"
        }
        for l in locales {
            guard let sheet = l["contact_sheet"] as? String,
                  let png = try? SnapshotFileSystem.readIfPresent(sheet, limit: maximumImageFile),
                  let image = try? PNGCodec.decode(png),
                  let src = try? images.source(png: png, name: "localization-\(text(l["locale"]))") else { continue }
            s += "<figure><figcaption>\(htmlEscape(text(l["locale"])))<span>\(image.width)×\(image.height) px</span></figcaption>"
                + "<div class=\"frame fit\" style=\"max-width: \(image.width)px\"><img alt=\"strings that do not fit in \(htmlEscape(text(l["locale"])))\" "
                + "width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(htmlEscape(src))\"></div></figure>\n"
        }
        s += "</section>\n"
    }
    return s
}
