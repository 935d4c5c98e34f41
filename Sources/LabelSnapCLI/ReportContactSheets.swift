import Foundation
import Imaging
import SnapshotReview
import SnapshotStore

/// The report's contact sheets: one section per matrix (`assertSnapshots(of:matrix:)`) with failures, its sheet
/// shown once at its own size (red outline: differs, amber: missing), naming the failures it holds.
func contactSheetSections(_ failures: [PendingFailure], images: inout ReportImages) -> String {
    var order: [String] = []
    var members: [String: [PendingFailure]] = [:]
    for f in failures {
        guard let sheet = f.contactSheetPath else { continue }
        if members[sheet] == nil { order.append(sheet) }
        members[sheet, default: []].append(f)
    }
    var s = ""
    for (i, sheet) in order.enumerated() {
        let names = members[sheet] ?? []
        s += "<section class=\"failure\" id=\"contact-sheet-\(i + 1)\">\n"
        s += "<h2>Contact sheet: \(htmlEscape(names.first?.record.testName ?? "")) (\(names.count) failing combination\(names.count == 1 ? "" : "s"))</h2>\n"
        s += "<p class=\"meta\">Red outline: differs from its reference; amber: no reference. <span class=\"mono\">\(htmlEscape(sheet))</span></p>\n"
        do {
            guard let bytes = try SnapshotFileSystem.readIfPresent(sheet, limit: maximumImageFile) else {
                s += "<div class=\"placeholder\">contact sheet not found (rejected or cleaned up)</div>\n</section>\n"
                continue
            }
            let image = try PNGCodec.decode(bytes)
            let src = try images.source(png: bytes, name: "contact-sheet-\(i + 1)")
            s += "<div class=\"frame\"><img alt=\"contact sheet of \(htmlEscape(names.first?.record.testName ?? "the matrix"))\" "
                + "width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(htmlEscape(src))\"></div>\n"
        } catch {
            s += "<div class=\"placeholder\">contact sheet not shown: \(htmlEscape("\(error)"))</div>\n"
        }
        s += "</section>\n"
    }
    return s
}
