// One failure of the report: its numbers, the compared reference (warning when __Snapshots__ now holds
// another), and its views. Images: side by side, diff, reference/actual toggle, onion skin (with a
// slider when JavaScript runs), amplified difference, magnified. Text: one coloured line diff, full width.
import Foundation
import LabelDescription
import Imaging
import SnapshotReview
import SnapshotMessages
import SnapshotStore

/// Widest an image may be in one panel of the side-by-side row (CSS px): three fit a 1400 px window,
/// and one fits a 700 px window; zooms are whole numbers so that pixels stay square.
let panelWidth = 420, panelHeight = 240
/// Widest and tallest a magnified image may be (fits a 700 px window).
let magnifiedWidth = 620, magnifiedHeight = 320
let maximumZoom = 12
/// Largest image file read into the report.
let maximumImageFile = 32 << 20

/// An image or text file of a failure, read for the report.
struct ReportFile {
    var title: String
    var path: String?
    var bytes: [UInt8]?
    var bitmap: Bitmap?
    /// Why there is nothing to show.
    var missing: String?

    init(_ title: String, path: String?, missingText: String) {
        self.title = title
        self.path = path
        guard let path else { missing = missingText; return }
        // A symbolic link among downloaded artifacts could pull any file of this machine into the page.
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK { missing = "not shown: \(path) is a symbolic link"; return }
        do {
            guard let bytes = try SnapshotFileSystem.readIfPresent(path, limit: maximumImageFile) else {
                missing = missingText + " (no file at " + path + ")"
                return
            }
            self.bytes = bytes
            if path.hasSuffix(".png") {
                do { bitmap = try PNGCodec.decode(bytes) } catch { missing = "not a readable PNG (\(bytes.count) bytes): \(error)" }
            }
        } catch {
            missing = "cannot read: \(error)"
        }
    }

    var text: String? {
        guard bitmap == nil, let bytes else { return nil }
        let shown = bytes.prefix(256 << 10)
        return String(decoding: shown, as: UTF8.self) + (shown.count < bytes.count ? "\n… (\(bytes.count - shown.count) more bytes)" : "")
    }
}

struct ReportSection {
    let failure: PendingFailure
    let index: Int
    let magnifierOpen: Bool

    /// The reference shown: the copy kept with the failure (what was compared), else the current one.
    /// The note says which, and warns when `__Snapshots__` now holds something else.
    func referenceFile() -> (file: ReportFile, warning: String?) {
        let r = failure.record
        let resolved = Result(catching: { try failure.resolveReference(environment: commandEnvironment) })
        let changed: Bool = {
            guard case .success(let ref) = resolved else { return false }
            return failure.referenceUnchanged(at: ref.path) == false
        }()
        if let copy = failure.comparedReferencePath {
            let file = ReportFile("reference", path: copy, missingText: "the copy of the compared reference is missing")
            return (file, changed ? "The reference in __Snapshots__ changed after this failure was recorded (an accept, a pull, another commit): shown here is the reference that was compared. Accepting refuses until the test runs again (or --force)." : nil)
        }
        switch resolved {
        case .success(let ref):
            let file = ReportFile("reference", path: ref.path, missingText: r.kind == .missingReference ? "no reference yet" : "reference not found")
            return (file, changed ? "The reference in __Snapshots__ changed after this failure was recorded, and this record keeps no copy of the compared one: the image shown is the current reference, not what the numbers were computed against. Run the test again." : nil)
        case .failure(let error):
            return (ReportFile("reference", path: nil, missingText: "not shown: \(error)"), nil)
        }
    }

    mutating func html(_ images: inout ReportImages) throws -> String {
        let f = failure, r = f.record
        let (reference, warning) = referenceFile()
        var s = "<section class=\"failure\" id=\"failure-\(index)\">\n"
        s += "<h2>\(index). \(htmlEscape(f.displayName))<span class=\"kind\">\(htmlEscape(FailureText.kind(r.kind)))</span></h2>\n"
        if let warning { s += "<div class=\"warning\">\(htmlEscape(warning))</div>\n" }
        var rows: [(String, String)] = [("Test", r.testName), ("Test file", r.testFile), ("Reference", r.referenceRelative)]
        rows += FailureText.rows(f.record).map { ($0.label.prefix(1).uppercased() + $0.label.dropFirst(), $0.value) }
        let actual = ReportFile("actual", path: f.actualPath, missingText: "no actual file")
        rows += Self.labelRows(reference: reference, actual: actual)
        rows.append(("Recorded", r.recordedAt))
        if r.referenceWritten { rows.append(("Note", "the test already rewrote the reference (record mode \(r.recordMode))")) }
        s += "<dl class=\"numbers\">\n"
        for (k, v) in rows { s += "<dt>\(htmlEscape(k))</dt><dd>\(htmlEscape(v))</dd>\n" }
        s += "</dl>\n"
        if f.isText {
            s += textViews(reference: reference, actual: actual)
        } else {
            s += try imageViews(reference: reference, actual: actual, images: &images)
        }
        s += try extraArtifacts(&images)
        let what = f.isText ? "text" : "image"
        if f.canAccept, case .failure(let refusal) = Result(catching: { try f.resolveReference(environment: commandEnvironment) }) {
            s += "<div class=\"command\">Accept refuses this failure:<pre>\(htmlEscape("\(refusal)"))</pre></div>\n"
        } else if f.canAccept {
            s += "<div class=\"command\">Accept the actual \(what):<pre>\(htmlEscape(shownCommand(f.acceptCommand)))</pre></div>\n"
            s += "<div class=\"command\">or discard this failure:<pre>\(htmlEscape(shownCommand(f.rejectCommand)))</pre></div>\n"
        } else {
            s += "<div class=\"command\">No actual \(what) to accept\(f.actualPath == nil ? "" : " (its file is gone)"). Re-record:<pre>\(htmlEscape(r.rerecordCommand))</pre></div>\n"
        }
        s += "<details><summary>Failure message</summary><pre>\(htmlEscape(r.message))</pre></details>\n"
        return s + "</section>\n"
    }

    /// The label drawn, as the actual image's provenance chunk states it (its `label:` line: the properties, an
    /// attributed text's runs), and what changed from the reference's (`attributedText 2..<5: kern=1.2 → kern=1.6`).
    /// None for images without the chunk (`assertSnapshot` of a bitmap, files a PNG tool rewrote).
    static func labelRows(reference: ReportFile, actual: ReportFile) -> [(String, String)] {
        func label(_ file: ReportFile) -> String? { file.bytes.flatMap { SnapshotProvenance.read(png: $0)?.value("label") } }
        let was = label(reference), now = label(actual)
        guard let shown = now ?? was else { return [] }
        var rows = [(now == nil ? "Label (reference)" : "Label", shown)]
        if let was, let now {
            let changes = LabelProperty.changes(from: was, to: now)
            if !changes.isEmpty { rows.append(("Label changed", changes.joined(separator: "; "))) }
        }
        return rows
    }

    // MARK: - Images

    func imageTag(_ src: String, _ b: Bitmap, zoom: Int, alt: String) -> String {
        "<img alt=\"\(htmlEscape(alt))\" width=\"\(b.width * zoom)\" height=\"\(b.height * zoom)\" src=\"\(htmlEscape(src))\">"
    }

    func figure(_ title: String, caption: String, body: String) -> String {
        "<figure><figcaption>\(htmlEscape(title))<span>\(htmlEscape(caption))</span></figcaption>\(body)</figure>\n"
    }

    func placeholder(_ file: ReportFile) -> String {
        "<div class=\"placeholder\">\(htmlEscape(file.missing ?? "not available"))</div>"
    }

    /// The views of an image failure. Each image is in the page once: the views are CSS states of one
    /// stage of figures (side by side in a wrapping row, one alone, two stacked in one grid cell, or a
    /// column at the magnified zoom), chosen by radio buttons; zooms are CSS variables (`--z`, `--zm`).
    mutating func imageViews(reference: ReportFile, actual: ReportFile, images: inout ReportImages) throws -> String {
        let f = failure, n = index
        let diff = ReportFile("diff", path: f.diffPath, missingText: "no diff image")
        // One zoom for every view so that they line up pixel for pixel: a whole number, the largest at
        // which the widest fits a panel (1 when it does not; then it is reduced to the window).
        let widest = [reference, diff, actual].compactMap { $0.bitmap?.width }.max() ?? 0
        let tallest = [reference, diff, actual].compactMap { $0.bitmap?.height }.max() ?? 0
        let zoom = widest == 0 ? 1 : max(1, min(maximumZoom, panelWidth / widest, panelHeight / max(tallest, 1)))
        let magZoom = widest == 0 ? 1 : max(1, min(maximumZoom, magnifiedWidth / widest, magnifiedHeight / max(tallest, 1)))
        var amplified: AmplifiedDifference?
        var ampFile = ReportFile("amplified", path: nil, missingText: "needs both images")
        if let rb = reference.bitmap, let ab = actual.bitmap, let amp = try? AmplifiedDifference(reference: rb, actual: ab) {
            amplified = amp
            ampFile.bitmap = amp.image
            ampFile.bytes = try PNGCodec.encode(amp.image)
            ampFile.missing = nil
        }
        let both = reference.bitmap != nil && actual.bitmap != nil
        var views: [(key: String, label: String)] = [("side", "Side by side"), ("diff", "Diff")]
        if both { views += [("toggle", "Actual / reference"), ("onion", "Onion skin / slider"), ("amp", "Amplified Δ")] }
        let magnify = widest > 0 && magZoom >= 2 * zoom
        if magnify { views.append(("mag", "Magnified \(magZoom)×")) }
        // The magnifier is the first view while there are few failures, folded away behind its tab otherwise.
        let first = magnify && magnifierOpen ? "mag" : "side"

        var s = "<div class=\"viewer\" style=\"--z: \(zoom); --zm: \(magZoom)\">\n"
        for v in views {
            s += "<input type=\"radio\" class=\"view-input v-\(v.key)\" name=\"view-\(n)\" id=\"view-\(n)-\(v.key)\"\(v.key == first ? " checked" : "")>\n"
        }
        let steps = [0, 25, 50, 75, 100]
        if both {
            s += "<input type=\"radio\" class=\"view-input t-ref\" name=\"toggle-\(n)\" id=\"toggle-\(n)-ref\">\n"
            s += "<input type=\"radio\" class=\"view-input t-act\" name=\"toggle-\(n)\" id=\"toggle-\(n)-act\" checked>\n"
            for p in steps {
                s += "<input type=\"radio\" class=\"view-input o-\(p)\" name=\"onion-\(n)\" id=\"onion-\(n)-\(p)\"\(p == 50 ? " checked" : "")>\n"
            }
        }
        s += "<div class=\"tabs\" role=\"group\" aria-label=\"View\">"
            + views.map { "<label class=\"l-\($0.key)\" for=\"view-\(n)-\($0.key)\">\(htmlEscape($0.label))</label>" }.joined() + "</div>\n"
        s += "<div class=\"controls\">\n"
        s += "<div class=\"c-diff meta\">Diff: faded reference; red where the actual is darker, blue lighter, yellow anti-aliasing, magenta where only one image has pixels.</div>\n"
        if both {
            s += "<div class=\"c-toggle choice\"><label class=\"l-ref\" for=\"toggle-\(n)-ref\">Reference</label><label class=\"l-act\" for=\"toggle-\(n)-act\">Actual</label><span class=\"meta\">in the same place: switch to see what moved</span></div>\n"
            s += "<div class=\"c-onion choice\"><span class=\"meta\">Actual over reference:</span>"
                + steps.map { "<label class=\"l-o\($0)\" for=\"onion-\(n)-\($0)\">\($0)%</label>" }.joined()
                + "<span class=\"slider-js\"><label for=\"wipe-\(n)\">Slider: reference ◀ ▶ actual</label><input type=\"range\" id=\"wipe-\(n)\" min=\"0\" max=\"100\" value=\"100\"></span></div>\n"
        }
        if let amp = amplified {
            let what = amp.largestDelta == 0 ? "no channel differs in the overlap (magenta: only one image has pixels)"
                : "largest Δ \(amp.largestDelta) of 255, each Δ amplified ×\(amp.factor)"
            s += "<div class=\"c-amp legend\"><strong>\(htmlEscape(what))</strong><span>Δ 1</span><span class=\"bar\"></span><span>Δ \(amp.largestDelta)</span>"
                + "<span><span class=\"swatch\" style=\"background:#e6e6e6\"></span> unchanged (faded reference)</span>"
                + "<span><span class=\"swatch\" style=\"background:#ff00ff\"></span> only in one image</span></div>\n"
        }
        s += "</div>\n<div class=\"stage\">\n"
        let note = zoom > 1 ? "shown \(zoom)×" : "1:1"
        for file in [reference, diff, actual] + (amplified == nil ? [] : [ampFile]) {
            let key = ["reference": "ref", "actual": "act", "amplified": "amp"][file.title] ?? file.title
            let title = file.title == "amplified" ? "amplified difference" : file.title
            var body = placeholder(file)
            var caption = ""
            if let b = file.bitmap, let bytes = file.bytes {
                let src = try images.source(png: bytes, name: "\(n)-\(f.record.snapshotName)-\(file.title)")
                body = "<div class=\"frame\"><img alt=\"\(htmlEscape(title + " of " + f.displayName))\" width=\"\(b.width * zoom)\" height=\"\(b.height * zoom)\" style=\"--w: \(b.width)\" src=\"\(htmlEscape(src))\"></div>"
                caption = "\(b.width)×\(b.height) px, <span class=\"zoom\">\(note)</span><span class=\"zoom-mag\">shown \(magZoom)×</span>"
            }
            s += "<figure class=\"p-\(key)\"><figcaption>\(htmlEscape(title))<span>\(caption)</span></figcaption>\(body)</figure>\n"
        }
        return s + "</div>\n</div>\n"
    }

    // MARK: - Text

    func textViews(reference: ReportFile, actual: ReportFile) -> String {
        var s = ""
        let diff = ReportFile("diff", path: failure.diffPath, missingText: "no diff artifact")
        if let text = diff.text {
            s += "<div class=\"textdiff\"><div class=\"caption\">Line diff <span class=\"del\">− reference</span> <span class=\"add\">+ actual</span></div><pre class=\"diff\">"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
                let cls = line.hasPrefix("---") || line.hasPrefix("+++") ? "hunk" : line.hasPrefix("- ") ? "del" : line.hasPrefix("+ ") ? "add" : "ctx"
                s += "<span class=\"\(cls)\">\(htmlEscape(String(line)))</span>"
            }
            s += "</pre></div>\n"
        } else {
            s += "<div class=\"placeholder\">\(htmlEscape(diff.missing ?? "no diff"))</div>\n"
        }
        s += "<details><summary>Reference and actual text</summary><div class=\"texts\">"
        for file in [reference, actual] {
            let body = file.text.map { "<pre class=\"text\">\(htmlEscape($0))</pre>" } ?? placeholder(file)
            s += figure(file.title, caption: file.bytes.map { "\($0.count) bytes" } ?? "", body: body)
        }
        return s + "</div></details>\n"
    }

    // MARK: - Further artifacts (contact sheets, sweeps, …)

    mutating func extraArtifacts(_ images: inout ReportImages) throws -> String {
        let extras = failure.extraArtifacts
        guard !extras.isEmpty else { return "" }
        var s = "<h3>More artifacts</h3><div class=\"panels\">\n"
        for (kind, path) in extras {
            let file = ReportFile(kind, path: path, missingText: "missing")
            if let b = file.bitmap, let bytes = file.bytes {
                let src = try images.source(png: bytes, name: "\(index)-\(failure.record.snapshotName)-\(kind)")
                let zoom = max(1, min(4, magnifiedWidth / max(b.width, 1)))
                s += figure(kind, caption: "\(b.width)×\(b.height) px" + (zoom > 1 ? ", shown \(zoom)×" : ""), body: "<div class=\"frame\">" + imageTag(src, b, zoom: zoom, alt: kind + " of " + failure.displayName) + "</div>")
            } else if let text = file.text {
                s += figure(kind, caption: "\(file.bytes?.count ?? 0) bytes", body: "<pre class=\"text\">\(htmlEscape(text))</pre>")
            } else {
                s += figure(kind, caption: "", body: placeholder(file))
            }
        }
        return s + "</div>\n"
    }
}
