import Foundation
import LabelLayout
import LabelRendering
import PNGCodec
import Raster
import StringResources
import Typesetting

let renderHelp = """
usage: labelsnap render "TEXT" [options] [-o out.png]
       labelsnap render --text-file PATH|- [options] [-o out.png]

Renders a padded label (UILabel with edge insets) and prints its size in points and pixels and its lines.

options:
  --font PATH|FAMILY      font file or fontconfig family; repeat for the fallback order (default: DejaVu Sans,
                          then Noto Sans CJK JP, NanumGothic, Noto Color Emoji)
  --size PT               point size (default 17)
  --insets T,L,B,R        edge insets in points (default 0,0,0,0)
  --width PT              bounds width: lays the label out as layout(width:) (height from sizeThatFits)
  --height PT             explicit bounds height (with --width; default: the fitting height)
  --lines N               numberOfLines, 0 = unlimited (default 1)
  --line-break-mode M     word|char|clip|head|tail|middle (default tail)
  --line-break-strategy S standard|push-out|hangul|none: lineBreakStrategy (default standard = push-out and
                          hangul: a last line never holds a lone word, Korean words stay whole; none = greedy)
  --align A               left|center|right|justified|natural (default natural)
  --direction D           ltr|rtl: the view's layout direction (semanticContentAttribute): .natural alignment,
                          directional insets and paragraphs without a strong character; text keeps its own
                          direction (default: none, each paragraph's from its first strong character, UAX #9)
  --scale S               pixels per point, usually 1, 2 or 3 like UIScreen.scale (default 1)
  --color HEX             text colour, #RRGGBB[AA] (default #000000)
  --background HEX        background colour (default transparent)
  --corner-radius PT      background corner radius
  --border-width PT       border inside the bounds; --border-color HEX (default #000000)
  --line-spacing PT       extra space between lines (NSParagraphStyle.lineSpacing)
  --line-height-multiple M  line height × M (NSParagraphStyle.lineHeightMultiple)
  --min-scale F           adjustsFontSizeToFitWidth with minimumScaleFactor F (0…1; 0 = no shrinking)
  --text-file PATH        read the text from a UTF-8 file (refused with the byte offset when it is not); hard line breaks are
                          LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029; '-' (or /dev/stdin) reads standard input, at most 64 MiB
  -o, --output PATH       write the PNG (written atomically)
  --json                  print one JSON object: intrinsic_pt, size_pt, size_px, lines, missing, fonts
"""

func runRenderCommand(_ args: [String]) -> Int32 {
    do {
        let r = try ArgumentReader(args, valued: ["--font", "--size", "--insets", "--width", "--height", "--lines",
                                                  "--line-break-mode", "--line-break-strategy", "--align", "--direction", "--scale", "--color",
                                                  "--background", "--corner-radius", "--border-width", "--border-color",
                                                  "--text-file", "-o", "--output", "--line-spacing",
                                                  "--line-height-multiple", "--min-scale"],
                                   flags: ["--json", "--help", "-h"])
        if r.flag("--help") || r.flag("-h") { print(renderHelp); return 0 }
        let label = try makeLabel(r)
        let layout = try label.makeLayout()
        let bitmap = try LabelRenderer.render(layout)
        if let out = r.value("-o") ?? r.value("--output") {
            try writeAtomically(try PNGCodec.encode(bitmap), to: out)
        }
        let intrinsic = try label.intrinsicContentSize
        if r.flag("--json") {
            print(renderJSON(intrinsic: intrinsic, layout: layout))
        } else {
            print(renderSummary(intrinsic: intrinsic, layout: layout, output: r.value("-o") ?? r.value("--output")))
        }
        return 0
    } catch {
        printError("\(error)")
        return 2
    }
}

/// The most `--text-file -` reads from standard input (64 MiB): a pipe has no size to check first, so it is read
/// up to the limit and refused beyond it (a file's size is known: `--text-file PATH` has no such limit).
let maximumStandardInputBytes = 64 << 20

/// All of standard input, at most `limit` bytes.
/// - Throws: `UsageError` when it holds more, or cannot be read.
func readStandardInput(limit: Int) throws -> [UInt8] {
    // Read straight into one buffer of limit + 1 bytes (pages are only committed as they are written): no copy
    // per chunk, which a debug build of this tool pays per byte.
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
        count = 0
        while count < buffer.count {
            let n = read(STDIN_FILENO, buffer.baseAddress! + count, buffer.count - count)
            if n > 0 { count += n; continue }
            if n < 0, errno == EINTR { continue }
            if n < 0 { failure = errno }
            return
        }
    }
    if failure != 0 {
        throw UsageError("standard input cannot be read (\(String(cString: strerror(failure)))): give the text with --text-file PATH")
    }
    guard bytes.count <= limit else {
        throw UsageError("standard input holds more than \(limit) bytes, the most --text-file - reads: save the text to a file "
            + "and give its path")
    }
    return bytes
}

/// Builds the label from the options, applying `layout(width:)` and explicit bounds as the seeds do.
func makeLabel(_ r: ArgumentReader) throws -> PaddedLabel {
    let text: String
    if let file = r.value("--text-file") {
        guard r.positionals.isEmpty else { throw UsageError("give the text either as TEXT or with --text-file, not both") }
        text = file == "-" || file == "/dev/stdin" ? try UTF8Validation.decode(try readStandardInput(limit: maximumStandardInputBytes), file: "standard input")
                           : try UTF8Validation.decode(try StringResources.bytes(ofFile: file), file: file)
    } else {
        guard r.positionals.count == 1 else { throw UsageError("render takes one TEXT argument (or --text-file); see --help") }
        text = r.positionals[0]
    }
    let size = try r.double("--size") ?? 17
    let files = try r.values("--font").map(resolveFont)
    let font = files.isEmpty ? Font.default(size: size)
        : Font(file: files[0], size: size, fallbacks: files.count > 1 ? Array(files.dropFirst()) : FontFile.defaultFallbacks)
    var label = PaddedLabel(text, font: font)
    if let i = try r.numbers("--insets", count: 4) { label.insets = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3]) }
    if let n = try r.int("--lines") { label.numberOfLines = n }
    if let s = try r.double("--scale") { label.scale = s }
    if let m = r.value("--line-break-mode") {
        let modes: [String: LineBreakMode] = ["word": .byWordWrapping, "char": .byCharWrapping, "clip": .byClipping,
                                              "head": .byTruncatingHead, "tail": .byTruncatingTail, "middle": .byTruncatingMiddle]
        guard let mode = modes[m] else { throw UsageError("--line-break-mode must be word, char, clip, head, tail or middle, got '\(m)'") }
        label.lineBreakMode = mode
    }
    if let s = r.value("--line-break-strategy") {
        let strategies: [String: LineBreakStrategy] = ["standard": .standard, "push-out": .pushOut,
                                                       "hangul": .hangulWordPriority, "none": []]
        guard let strategy = strategies[s] else {
            throw UsageError("--line-break-strategy must be standard, push-out, hangul or none, got '\(s)'")
        }
        label.lineBreakStrategy = strategy
    }
    if let a = r.value("--align") {
        guard let alignment = TextAlignment(rawValue: a) else { throw UsageError("--align must be left, center, right, justified or natural, got '\(a)'") }
        label.textAlignment = alignment
    }
    if let d = r.value("--direction") {
        guard d == "ltr" || d == "rtl" else { throw UsageError("--direction must be ltr or rtl, got '\(d)'") }
        label.layoutDirection = d == "ltr" ? .leftToRight : .rightToLeft
    }
    if let c = r.value("--color") { label.textColor = try Color(hex: c) }
    if let c = r.value("--background") { label.backgroundColor = try Color(hex: c) }
    if let c = r.value("--border-color") { label.borderColor = try Color(hex: c) }
    if let v = try r.double("--corner-radius") { label.cornerRadius = v }
    if let v = try r.double("--border-width") { label.borderWidth = v }
    if let v = try r.double("--line-spacing") { label.lineSpacing = v }
    if let v = try r.double("--line-height-multiple") { label.lineHeightMultiple = v }
    if let v = try r.double("--min-scale") {
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = v
    }
    let height = try r.double("--height")
    if let width = try r.double("--width") {
        try label.layout(width: width)
        if let height { label.bounds = CGRect(x: 0, y: 0, width: width, height: height) }
    } else if height != nil {
        throw UsageError("--height needs --width (explicit bounds)")
    }
    return label
}

/// A path when the argument names an existing file or looks like one; otherwise a fontconfig family.
func resolveFont(_ argument: String) throws -> FontFile {
    if argument.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: { argument.lowercased().hasSuffix($0) })
        || FileManager.default.fileExists(atPath: argument) {
        return FontFile(path: argument)
    }
    return try FontFile.resolve(family: argument)
}

func renderSummary(intrinsic: CGSize, layout: TextLayout, output: String?, style: TerminalStyle = .out) -> String {
    func pt(_ v: CGFloat) -> String { jsonNumber(Double(v)) }
    var lines = [
        style.dim("intrinsicContentSize:") + style.numbers(" \(pt(intrinsic.width)) × \(pt(intrinsic.height)) pt"),
        style.dim("size:") + style.numbers(" \(pt(layout.bounds.width)) × \(pt(layout.bounds.height)) pt = \(layout.pixelWidth) × \(layout.pixelHeight) px @\(pt(layout.scale))x"),
        style.dim("lines:") + style.numbers(" \(layout.lines.count)") + (layout.truncation.map { style.warn(" (truncated: \($0.rawValue))") } ?? ""),
    ]
    for (i, line) in layout.lines.enumerated() { lines.append("  " + style.dim("\(i + 1):") + " \(line.text)") }
    if !layout.missingScalars.isEmpty {
        lines.append(style.bad("missing glyphs:") + " " + layout.missingScalars.map(codePointName).joined(separator: " "))
    }
    if let output { lines.append(style.ok("wrote") + " " + style.path(output)) }
    return lines.joined(separator: "\n")
}

func renderJSON(intrinsic: CGSize, layout: TextLayout) -> String {
    func pair(_ a: Double, _ b: Double) -> String { "[\(jsonNumber(a)), \(jsonNumber(b))]" }
    let fields = [
        "\"intrinsic_pt\": " + pair(Double(intrinsic.width), Double(intrinsic.height)),
        "\"size_pt\": " + pair(Double(layout.bounds.width), Double(layout.bounds.height)),
        "\"size_px\": " + pair(Double(layout.pixelWidth), Double(layout.pixelHeight)),
        "\"lines\": [" + layout.lines.map { jsonString($0.text) }.joined(separator: ", ") + "]",
        "\"missing\": [" + layout.missingScalars.map { jsonString(codePointName($0)) }.joined(separator: ", ") + "]",
        "\"fonts\": [" + layout.fontsUsed.map { jsonString($0.path) }.joined(separator: ", ") + "]",
    ]
    return "{" + fields.joined(separator: ", ") + "}"
}

func codePointName(_ s: Unicode.Scalar) -> String {
    let hex = String(s.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
