// The page of `labelsnap report`: a summary, then one section per failure (ReportSection). No network:
// images are inlined or written beside the page (ReportImages); views switch with CSS radio buttons,
// and a small inline script only adds a slider and keys.
import Foundation
import SnapshotReview
import SnapshotMessages
import SnapshotStore

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

/// How many failures still get the magnified view open; more collapse it (a short page).
let magnifiedOpenUpTo = 2

/// - Parameter images: where images go (inline or files beside the report).
/// - Throws: when an image file cannot be written.
func renderHTMLReport(_ scan: PendingScan, images: inout ReportImages) throws -> String {
    let n = scan.failures.count
    let root = foldersText(scan.roots)
    let sweep = localizationSweepSections(scan.roots, failures: scan.failures, images: &images)
    let audits = accessibilitySections(scan.roots, images: &images)
    // A report of only a sweep or audits says so in its title, not "no failures" above a list of strings that do not fit.
    let title = n > 0 ? "\(n) snapshot failure\(n == 1 ? "" : "s")"
        : !sweep.isEmpty ? "Localization sweep (no pending snapshot failures)"
        : !audits.isEmpty ? "Accessibility audit (no pending snapshot failures)" : "No pending snapshot failures"
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
    \(reportCSS)
    </style>
    </head>
    <body>
    <header>
    <h1>\(htmlEscape(title))</h1>
    <p class="meta">Artifacts: <span class="mono">\(htmlEscape(root))</span> · generated \(htmlEscape(generated)) by labelsnap report</p>

    """
    if n == 0 && scan.errors.isEmpty && sweep.isEmpty && audits.isEmpty {
        h += "<p class=\"empty\">Nothing to review: every snapshot assertion passed, or the failures were accepted or rejected.</p>\n</header>\n</body>\n</html>\n"
        return h
    }
    if n > 0 {
        h += "<table class=\"summary\">\n<thead><tr><th>#</th><th>Snapshot</th><th>Kind</th><th>Differing</th><th>Size</th></tr></thead>\n<tbody>\n"
        for (i, f) in scan.failures.enumerated() {
            let r = f.record
            h += "<tr><td class=\"num\">\(i + 1)</td><td><a href=\"#failure-\(i + 1)\">\(htmlEscape(f.displayName))</a></td>"
            h += "<td>\(htmlEscape(FailureText.kind(r.kind)))</td>"
            h += "<td class=\"num\">\(htmlEscape(FailureText.differing(r) ?? FailureText.lineChange(r) ?? "–"))</td>"
            h += "<td>\(htmlEscape(FailureText.sizeChange(r) ?? r.actualDescription ?? "–"))</td></tr>\n"
        }
        h += "</tbody>\n</table>\n"
        if scan.failures.contains(where: { $0.canAccept && (try? $0.resolveReference(environment: commandEnvironment)) != nil }) {
            h += "<div class=\"command\">Accept every failure below that has an actual file:<pre>\(htmlEscape(shownCommand("labelsnap accept --all" + artifactsArguments(scan.roots))))</pre></div>\n"
        }
    }
    if !scan.errors.isEmpty {
        h += "<div class=\"errors\"><h2>\(scan.errors.count) unreadable failure record\(scan.errors.count == 1 ? "" : "s")</h2><ul>\n"
        for e in scan.errors { h += "<li class=\"mono\">\(htmlEscape(e.message))</li>\n" }
        h += "</ul></div>\n"
    }
    if !scan.duplicates.isEmpty {
        h += "<p class=\"meta\">\(scan.duplicates.count) failure\(scan.duplicates.count == 1 ? "" : "s") found in two folders with the same actual file, shown once.</p>\n"
    }
    h += "</header>\n<main>\n"
    h += sweep
    h += audits
    h += contactSheetSections(scan.failures, images: &images)
    for (i, f) in scan.failures.enumerated() {
        var section = ReportSection(failure: f, index: i + 1, magnifierOpen: n <= magnifiedOpenUpTo)
        h += try section.html(&images)
    }
    h += "</main>\n<script>\n\(reportScript)\n</script>\n</body>\n</html>\n"
    return h
}

/// The styles: panels wrap (flex), images keep whole-number zooms (`image-rendering: pixelated`),
/// views switch by `:checked` radio buttons, nothing is wider than the window from 700 px up.
let reportCSS = """
:root { color-scheme: light; --fg: #1d1d1f; --muted: #5e5e63; --line: #d2d2d7; --bad: #b3261e; --warn: #8a5300; --accent: #0a58ca; --tab: #eef1f6; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; padding: 20px clamp(12px, 3vw, 32px) 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 0; overflow-wrap: anywhere; }
h3 { font-size: 14px; margin: 14px 0 6px; }
.meta { color: var(--muted); margin: 0 0 14px; }
code, pre, .mono { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
table.summary { border-collapse: collapse; margin: 8px 0 20px; width: 100%; }
table.summary th, table.summary td { text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
table.summary th { color: var(--muted); font-weight: 600; overflow-wrap: normal; }  /* "Loca le": headers break at spaces only */
table.summary td.num { font-variant-numeric: tabular-nums; }
table.summary td:nth-child(3) { white-space: nowrap; }
/* The body's overflow-wrap: anywhere lets a squeezed column break "10" into "1" over "0": the index never
   wraps, and the numbers break at spaces only (long snapshot names still break anywhere). */
table.summary td:first-child { white-space: nowrap; }
table.summary td.num { overflow-wrap: normal; }
table.summary td.bad { color: var(--bad); font-weight: 600; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
section.failure, section.sweep { border-top: 2px solid var(--line); padding: 18px 0 8px; }
.kind { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px; background: #fde8e7; color: var(--bad); vertical-align: 2px; margin-left: 8px; }
.warning { border-left: 4px solid #e0a100; background: #fff6db; color: var(--warn); padding: 8px 12px; margin: 10px 0; }
dl.numbers { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 16px; margin: 10px 0 14px; }
dl.numbers dt { color: var(--muted); }
dl.numbers dd { margin: 0; }
/* Views: radio buttons (visually hidden, still focusable) before the tabs, controls and the stage. */
.view-input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.tabs { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0 8px; }
.tabs label, .choice label { padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; user-select: none; }
.tabs label:hover, .choice label:hover { background: var(--tab); }
.v-side:checked ~ .tabs .l-side, .v-diff:checked ~ .tabs .l-diff, .v-toggle:checked ~ .tabs .l-toggle, .v-onion:checked ~ .tabs .l-onion,
.v-amp:checked ~ .tabs .l-amp, .v-mag:checked ~ .tabs .l-mag,
.t-ref:checked ~ .controls .l-ref, .t-act:checked ~ .controls .l-act,
.o-0:checked ~ .controls .l-o0, .o-25:checked ~ .controls .l-o25, .o-50:checked ~ .controls .l-o50, .o-75:checked ~ .controls .l-o75,
.o-100:checked ~ .controls .l-o100 { background: #1d1d1f; border-color: #1d1d1f; color: #fff; }
.view-input:focus-visible ~ .tabs { outline: 2px solid var(--accent); outline-offset: 3px; }
.controls > * { display: none; }
.v-diff:checked ~ .controls .c-diff, .v-toggle:checked ~ .controls .c-toggle, .v-onion:checked ~ .controls .c-onion,
.v-amp:checked ~ .controls .c-amp { display: flex; }
.choice { flex-wrap: wrap; gap: 4px; align-items: center; margin: 0 0 8px; }
.legend { flex-wrap: wrap; align-items: center; gap: 8px; margin: 0 0 8px; color: var(--muted); }
.legend strong { color: var(--fg); font-weight: 600; }
.legend .bar { width: 180px; max-width: 40vw; height: 12px; border: 1px solid #8e8e93;
               background: linear-gradient(to right, rgb(68,1,84), rgb(59,82,139), rgb(33,145,140), rgb(94,201,98), rgb(253,231,37)); }
.legend .swatch { display: inline-block; width: 12px; height: 12px; border: 1px solid #8e8e93; vertical-align: -2px; }
.c-diff { margin: 0 0 8px; }
/* The stage: every image once; each view is a layout of it. */
.stage { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure { margin: 0; min-width: 0; max-width: 100%; }
figcaption { font-weight: 600; margin-bottom: 4px; }
figcaption span { font-weight: 400; color: var(--muted); margin-left: 6px; }
figcaption .zoom-mag { display: none; margin: 0; }
figcaption .zoom { margin: 0; }
.frame { display: inline-block; max-width: 100%; vertical-align: top; outline: 1px solid #8e8e93; line-height: 0;
         background-color: #fff; background-image: conic-gradient(#e3e3e8 25%, #fff 0 50%, #e3e3e8 0 75%, #fff 0); background-size: 16px 16px; }
.frame img { display: block; max-width: 100%; height: auto; image-rendering: pixelated; image-rendering: crisp-edges; }
.stage img { width: calc(var(--w) * var(--z) * 1px); }
.stage > .p-amp { display: none; }
.v-diff:checked ~ .stage > :not(.p-diff) { display: none; }
.v-amp:checked ~ .stage > :not(.p-amp) { display: none; }
.v-amp:checked ~ .stage > .p-amp { display: block; }
/* toggle and onion skin: reference and actual in one grid cell */
.v-toggle:checked ~ .stage, .v-onion:checked ~ .stage { display: grid; justify-content: start; }
.v-toggle:checked ~ .stage > .p-diff, .v-onion:checked ~ .stage > .p-diff { display: none; }
.v-toggle:checked ~ .stage > .p-ref, .v-toggle:checked ~ .stage > .p-act,
.v-onion:checked ~ .stage > .p-ref, .v-onion:checked ~ .stage > .p-act { grid-area: 1 / 1; }
.v-toggle:checked ~ .stage figcaption, .v-onion:checked ~ .stage > .p-act figcaption { visibility: hidden; }
.v-toggle:checked ~ .t-ref:checked ~ .stage > .p-act, .v-toggle:checked ~ .t-act:checked ~ .stage > .p-ref { visibility: hidden; }
.v-toggle:checked ~ .t-ref:checked ~ .stage > .p-ref figcaption, .v-toggle:checked ~ .t-act:checked ~ .stage > .p-act figcaption { visibility: visible; }
.v-onion:checked ~ .stage > .p-act .frame { background: none; outline: none; }
.v-onion:checked ~ .stage > .p-act img { opacity: .5; }
.v-onion:checked ~ .o-0:checked ~ .stage > .p-act img { opacity: 0; }
.v-onion:checked ~ .o-25:checked ~ .stage > .p-act img { opacity: .25; }
.v-onion:checked ~ .o-75:checked ~ .stage > .p-act img { opacity: .75; }
.v-onion:checked ~ .o-100:checked ~ .stage > .p-act img { opacity: 1; }
.slider-js { display: none; }
.js .slider-js { display: inline-flex; gap: 8px; align-items: center; margin-left: 12px; }
.slider-js input { width: min(240px, 50vw); }
.choice .slider-js label { border: 0; padding: 0; background: none; cursor: default; color: var(--muted); }
/* magnified: reference over actual over diff, at the larger zoom */
.v-mag:checked ~ .stage { flex-direction: column; }
.v-mag:checked ~ .stage img { width: calc(var(--w) * var(--zm) * 1px); }
.v-mag:checked ~ .stage > .p-ref { order: 1; } .v-mag:checked ~ .stage > .p-act { order: 2; } .v-mag:checked ~ .stage > .p-diff { order: 3; }
.v-mag:checked ~ .stage .zoom { display: none; } .v-mag:checked ~ .stage .zoom-mag { display: inline; }
.placeholder { display: flex; align-items: center; justify-content: center; padding: 12px; min-width: 160px; min-height: 60px;
               border: 1px dashed #aeaeb2; color: var(--muted); max-width: 100%; }
/* text failures: one coloured line diff, full width */
.textdiff { margin: 6px 0 10px; }
.textdiff .caption { font-weight: 600; margin-bottom: 4px; }
.textdiff .caption .del, .textdiff .caption .add { padding: 0 4px; font-weight: 400; }
pre.diff { margin: 0; padding: 8px 0; width: 100%; max-height: 70vh; overflow: auto; background: #f7f7f9; border: 1px solid var(--line); white-space: pre-wrap; }
pre.diff span { display: block; padding: 0 10px; }
.del { background: #fde8e7; color: #8c1d18; }
.add { background: #e3f5e6; color: #17612b; }
.hunk { color: var(--muted); }
pre.text { margin: 0; padding: 8px; max-height: 50vh; overflow: auto; background: #f5f5f7; border: 1px solid var(--line); white-space: pre-wrap; }
.texts { display: flex; flex-wrap: wrap; gap: 16px; }
.texts > figure { flex: 1 1 320px; }
.command { margin: 14px 0 6px; }
.command pre { margin: 4px 0 0; padding: 8px 10px; background: #f5f5f7; border: 1px solid var(--line); white-space: pre-wrap; user-select: all; }
details { margin: 6px 0; }
details pre { white-space: pre-wrap; background: #f5f5f7; padding: 8px 10px; border: 1px solid var(--line); }
.errors { color: var(--bad); }
.empty { padding: 32px 0; color: var(--muted); font-size: 16px; }
"""

/// Progressive enhancement only: every view works without it. Adds a wipe slider to the onion view
/// and keys 1–6 for the views of the failure in view.
let reportScript = """
document.documentElement.classList.add('js');
document.querySelectorAll('.viewer').forEach(function (viewer) {
  var range = viewer.querySelector('.slider-js input');
  var top = viewer.querySelector('.p-act img');
  if (!range || !top) return;
  range.addEventListener('input', function () {
    top.style.opacity = 1;
    top.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
  });
  viewer.querySelectorAll('input[type=radio]').forEach(function (radio) {
    radio.addEventListener('change', function () { top.style.opacity = ''; top.style.clipPath = ''; range.value = 100; });
  });
});
document.addEventListener('keydown', function (e) {
  if (e.target.tagName === 'INPUT' && e.target.type === 'range') return;
  var n = '123456'.indexOf(e.key);
  if (n < 0 || e.ctrlKey || e.metaKey || e.altKey) return;
  var best = null;
  document.querySelectorAll('section.failure').forEach(function (s) {
    if (s.getBoundingClientRect().top < window.innerHeight / 2) best = s;
  });
  var inputs = (best || document).querySelectorAll('input[name^=view-]');
  if (inputs[n]) inputs[n].checked = true;
});
"""
