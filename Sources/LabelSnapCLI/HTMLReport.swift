// The HTML of `labelsnap report`: images inlined as data URIs (no network, no script), reference |
// diff | actual side by side, scaled up with nearest-neighbour sampling so a one-pixel shift stays visible.
import Foundation
import PNGCodec
import SnapshotReview
import SnapshotStore

// MARK: - HTML

/// Text for HTML element content and quoted attribute values.
func htmlEscape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default:
            // Control characters other than tab and newline cannot appear in HTML text.
            if c.value < 0x20 && c != "\n" && c != "\t" || c.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
        }
    }
    return out
}

/// Largest image inlined (bytes); larger ones are linked by path instead.
let maximumInlinedImage = 32 << 20
/// Widest an image should be in one of the three side-by-side columns (CSS px, a 1200 px window);
/// zoom is an integer so that pixels stay square. Wider images are scaled down to the column.
let sideBySideWidth = 360
/// Widest and tallest an image of the magnified, stacked view should be (CSS px).
let magnifiedWidth = 1080, magnifiedHeight = 320
/// Largest zoom of either view.
let maximumZoom = 12

/// One panel (reference, diff, actual) of a failure.
private struct Panel {
    var title: String
    var caption: String
    /// `data:image/png;base64,…` when it is a readable image.
    var dataURI: String?
    var size: (Int, Int)?
    /// Text content (text snapshots, text diffs).
    var text: String?
    /// Why there is no image.
    var missing: String?
}

private func imagePanel(_ title: String, path: String?, missingText: String) -> Panel {
    var p = Panel(title: title, caption: "")
    guard let path else { p.missing = missingText; return p }
    do {
        guard let bytes = try SnapshotFileSystem.readIfPresent(path, limit: maximumInlinedImage) else {
            p.missing = missingText + " (no file at " + path + ")"
            return p
        }
        if path.hasSuffix(".png") {
            do {
                let bitmap = try PNGCodec.decode(bytes)
                p.size = (bitmap.width, bitmap.height)
                p.caption = "\(bitmap.width)×\(bitmap.height) px"
                p.dataURI = "data:image/png;base64," + Data(bytes).base64EncodedString()
            } catch {
                p.missing = "not a readable PNG (\(bytes.count) bytes): \(error)"
            }
        } else {
            let shown = bytes.prefix(64 << 10)
            p.text = String(decoding: shown, as: UTF8.self) + (shown.count < bytes.count ? "\n… (\(bytes.count - shown.count) more bytes)" : "")
            p.caption = "\(bytes.count) bytes"
        }
    } catch {
        p.missing = "cannot read: \(error)"
    }
    return p
}

func renderHTMLReport(_ scan: PendingScan) -> String {
    let root = foldersText(scan.roots)
    let n = scan.failures.count
    let title = n == 0 ? "No pending snapshot failures" : "\(n) snapshot failure\(n == 1 ? "" : "s")"
    let generated: String = {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date())
    }()
    var h = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(htmlEscape(title)) · labelsnap report</title>
    <style>
    :root { color-scheme: light; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --bad: #c4271d; --accent: #0a58ca; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); background: #fff; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 17px; margin: 0; word-break: break-all; }
    .meta { color: var(--muted); margin: 0 0 16px; word-break: break-all; }
    code, pre, .mono { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
    table.summary { border-collapse: collapse; margin: 8px 0 28px; }
    table.summary th, table.summary td { text-align: left; padding: 4px 14px 4px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
    table.summary th { color: var(--muted); font-weight: 600; }
    table.summary td.num { font-variant-numeric: tabular-nums; }
    a { color: var(--accent); text-decoration: none; }
    a:hover { text-decoration: underline; }
    section.failure { border-top: 2px solid var(--line); padding: 18px 0 8px; }
    .kind { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px; background: #fde8e7; color: var(--bad); vertical-align: 2px; margin-left: 8px; }
    dl.numbers { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 10px 0 14px; }
    dl.numbers dt { color: var(--muted); }
    dl.numbers dd { margin: 0; word-break: break-all; }
    .panels { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; align-items: start; }
    figure { margin: 0; min-width: 0; }
    figcaption { font-weight: 600; margin-bottom: 4px; }
    figcaption span { font-weight: 400; color: var(--muted); margin-left: 6px; }
    .frame { display: inline-block; max-width: 100%; overflow: auto; outline: 1px solid #8e8e93;
             background-color: #fff; background-image: conic-gradient(#e3e3e8 25%, #fff 0 50%, #e3e3e8 0 75%, #fff 0);
             background-size: 16px 16px; line-height: 0; }
    .frame img { display: block; image-rendering: crisp-edges; image-rendering: pixelated; }
    .frame.fit { display: block; }
    .frame.fit img { width: 100%; height: auto; image-rendering: auto; }
    details.mag { margin: 12px 0 0; }
    details.mag > summary { color: var(--muted); cursor: pointer; }
    .stack { display: flex; flex-direction: column; gap: 6px; margin-top: 6px; }
    .stack .label { font-weight: 600; font-size: 12px; color: var(--muted); }
    .placeholder { display: flex; align-items: center; justify-content: center; padding: 12px; min-width: 160px; min-height: 60px;
                   border: 1px dashed #aeaeb2; color: var(--muted); max-width: 360px; word-break: break-all; }
    pre.text { margin: 0; padding: 8px; max-width: 560px; max-height: 320px; overflow: auto; background: #f5f5f7; border: 1px solid var(--line); white-space: pre-wrap; }
    .command { margin: 14px 0 6px; }
    .command pre { margin: 4px 0 0; padding: 8px 10px; background: #f5f5f7; border: 1px solid var(--line); white-space: pre-wrap; word-break: break-all; user-select: all; }
    details { margin: 6px 0; }
    details pre { white-space: pre-wrap; word-break: break-all; background: #f5f5f7; padding: 8px 10px; border: 1px solid var(--line); }
    .errors { color: var(--bad); }
    .empty { padding: 32px 0; color: var(--muted); font-size: 16px; }
    </style>
    </head>
    <body>
    <header>
    <h1>\(htmlEscape(title))</h1>
    <p class="meta">Artifacts: <span class="mono">\(htmlEscape(root))</span> · generated \(htmlEscape(generated)) by labelsnap report</p>

    """
    let sweep = localizationSweepSections(scan.roots)
    if n == 0 && scan.errors.isEmpty && sweep.isEmpty {
        h += "<p class=\"empty\">Nothing to review: every snapshot assertion passed, or the failures were accepted or rejected.</p>\n</header>\n</body>\n</html>\n"
        return h
    }
    if n > 0 {
        h += "<table class=\"summary\">\n<thead><tr><th>#</th><th>Snapshot</th><th>Kind</th><th>Differing</th><th>Size</th></tr></thead>\n<tbody>\n"
        for (i, f) in scan.failures.enumerated() {
            let r = f.record
            h += "<tr><td class=\"num\">\(i + 1)</td><td><a href=\"#failure-\(i + 1)\">\(htmlEscape(f.displayName))</a></td>"
            h += "<td>\(htmlEscape(FailureText.kind(r.kind)))</td>"
            h += "<td class=\"num\">\(htmlEscape(FailureText.differing(r) ?? "–"))</td>"
            h += "<td>\(htmlEscape(FailureText.sizeChange(r) ?? r.actualDescription ?? "–"))</td></tr>\n"
        }
        h += "</tbody>\n</table>\n"
        h += "<div class=\"command\">Accept every failure below:<pre>labelsnap accept --all\(htmlEscape(artifactsArguments(scan.roots)))</pre></div>\n"
    }
    if !scan.errors.isEmpty {
        h += "<div class=\"errors\"><h2>\(scan.errors.count) unreadable failure record\(scan.errors.count == 1 ? "" : "s")</h2><ul>\n"
        for e in scan.errors { h += "<li class=\"mono\">\(htmlEscape(e.message))</li>\n" }
        h += "</ul></div>\n"
    }
    h += "</header>\n"
    h += sweep
    h += contactSheetSections(scan.failures)
    for (i, f) in scan.failures.enumerated() { h += failureSection(f, index: i + 1) }
    h += "</body>\n</html>\n"
    return h
}

private func failureSection(_ f: PendingFailure, index: Int) -> String {
    let r = f.record
    // The reference is read only where accept would write it (inside __Snapshots__).
    var referencePanel: Panel
    switch Result(catching: { try f.resolveReference() }) {
    case .success(let resolved):
        referencePanel = imagePanel("reference", path: resolved.path,
                                    missingText: r.kind == .missingReference ? "no reference yet" : "reference not found")
    case .failure(let error):
        referencePanel = Panel(title: "reference", caption: "", missing: "not shown: \(error)")
    }
    let diffPanel = imagePanel("diff", path: f.diffPath, missingText: "no diff image")
    let actualPanel = imagePanel("actual", path: f.actualPath, missingText: "no actual file")
    let panels = [referencePanel, diffPanel, actualPanel]
    // One zoom for the three panels so that they line up pixel for pixel: an integer while the widest
    // fits its column, else scaled down to the column (smoothly: dropping pixels would hide changes).
    let widest = panels.compactMap { $0.size?.0 }.max() ?? 0
    let tallest = panels.compactMap { $0.size?.1 }.max() ?? 0
    let fits = widest <= sideBySideWidth
    let zoom = widest == 0 ? 1 : fits ? max(1, min(maximumZoom, sideBySideWidth / widest, 240 / max(tallest, 1))) : 1
    let shownZoom = fits ? Double(zoom) : Double(sideBySideWidth) / Double(max(widest, 1))
    // A magnified view, reference over actual over diff, when it shows at least twice as many pixels.
    let magZoom = widest == 0 ? 1 : max(1, min(maximumZoom, magnifiedWidth / widest, magnifiedHeight / max(tallest, 1)))
    let magnified = widest > 0 && Double(magZoom) >= 2 * shownZoom

    var s = "<section class=\"failure\" id=\"failure-\(index)\">\n"
    s += "<h2>\(index). \(htmlEscape(f.displayName))<span class=\"kind\">\(htmlEscape(FailureText.kind(r.kind)))</span></h2>\n"
    var rows: [(String, String)] = [
        ("Test", r.testName),
        ("Test file", r.testFile),
        ("Reference", r.referenceRelative),
    ]
    if let d = FailureText.differing(r) { rows.append(("Differing pixels", d)) }
    if let size = FailureText.sizeChange(r) { rows.append(("Size", size)) }
    if let delta = r.intMetric("largestChannelDelta") { rows.append(("Largest channel delta", "\(delta) of 255")) }
    if let box = r.metrics["boundingBox"] { rows.append(("Changed box (x, y, w, h)", box.description)) }
    if FailureText.differing(r) == nil { for line in r.summary { rows.append(("Summary", line)) } }
    rows.append(("Tolerance", r.tolerance))
    rows.append(("Recorded", r.recordedAt))
    if r.referenceWritten { rows.append(("Note", "the test already rewrote the reference (record mode \(r.recordMode))")) }
    s += "<dl class=\"numbers\">\n"
    for (k, v) in rows { s += "<dt>\(htmlEscape(k))</dt><dd>\(htmlEscape(v))</dd>\n" }
    s += "</dl>\n<div class=\"panels\">\n"
    for p in panels {
        let zoomNote = p.dataURI == nil ? "" : fits ? (zoom > 1 ? ", shown \(zoom)×" : "") : ", scaled to fit"
        s += "<figure><figcaption>\(htmlEscape(p.title))<span>\(htmlEscape(p.caption + zoomNote))</span></figcaption>"
        if let uri = p.dataURI, let size = p.size {
            // Scaled to fit: the widest fills the column and the others keep the same scale.
            let frame = fits ? "<div class=\"frame\">"
                : "<div class=\"frame fit\" style=\"width: \(String(format: "%.3f", 100 * Double(size.0) / Double(widest)))%\">"
            s += frame + "<img alt=\"\(htmlEscape(p.title + " of " + f.displayName))\" width=\"\(size.0 * zoom)\" height=\"\(size.1 * zoom)\" src=\"\(uri)\"></div>"
        } else if let text = p.text {
            s += "<pre class=\"text\">\(htmlEscape(text))</pre>"
        } else {
            s += "<div class=\"placeholder\">\(htmlEscape(p.missing ?? "not available"))</div>"
        }
        s += "</figure>\n"
    }
    s += "</div>\n"
    if magnified {
        s += "<details class=\"mag\" open><summary>Magnified \(magZoom)×, reference over actual over diff</summary><div class=\"stack\">\n"
        for p in [panels[0], panels[2], panels[1]] {
            guard let uri = p.dataURI, let size = p.size else { continue }
            s += "<div class=\"label\">\(htmlEscape(p.title))</div><div><div class=\"frame\"><img alt=\"\(htmlEscape(p.title + " of " + f.displayName + ", magnified"))\" width=\"\(size.0 * magZoom)\" height=\"\(size.1 * magZoom)\" src=\"\(uri)\"></div></div>\n"
        }
        s += "</div></details>\n"
    }
    if f.canAccept {
        s += "<div class=\"command\">Accept the actual image:<pre>\(htmlEscape(f.acceptCommand))</pre></div>\n"
        s += "<div class=\"command\">or discard this failure:<pre>\(htmlEscape(f.rejectCommand))</pre></div>\n"
    } else {
        s += "<div class=\"command\">No actual file to accept. Re-record:<pre>\(htmlEscape(r.rerecordCommand))</pre></div>\n"
    }
    s += "<details><summary>Failure message</summary><pre>\(htmlEscape(r.message))</pre></details>\n"
    s += "</section>\n"
    return s
}
