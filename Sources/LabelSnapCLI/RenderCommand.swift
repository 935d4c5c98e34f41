import Foundation
import LabelDescription
import LabelRendering
import Imaging
import SnapshotReview
import Localization
import Typesetting

/// render's options: its own, and each label property's from the property table (`LabelProperty.all`), declared there once.
let renderSpec = CommandSpec(summary: """
    usage: labelsnap render "TEXT" [options] [-o out.png]
           labelsnap render --text-file PATH|- [options] [-o out.png]

    Renders a padded label (UILabel with edge insets) and prints its size in points and pixels, the corner radii drawn (with
    --corners, --masked-corners, --corner-curve or --clips-to-bounds) and its lines.
    """, options: [
        OptionSpec("--width", kind: .value("PT"), help: "bounds width: lays the label out as layout(width:) (height from sizeThatFits)"),
        OptionSpec("--height", kind: .value("PT"), help: "explicit bounds height (with --width; default: the fitting height)"),
    ] + LabelProperty.all.flatMap { property in
        property.options.map { option in
            OptionSpec(option.flag, kind: option.switchValue != nil ? .toggle(option.placeholder)
                                          : option.repeats ? .list(option.placeholder) : .value(option.placeholder), help: option.help)
        }
    } + [
        OptionSpec("--text-file", kind: .value("PATH"), help: """
            read the text from a UTF-8 file (refused with the byte offset when it is not); hard line breaks are
            LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029; '-' (or /dev/stdin) reads standard input, at most 64 MiB
            """),
        OptionSpec("-o", "--output", kind: .value("PATH"), help: """
            write the PNG (written atomically; see "Output paths" in README.md: never in
            __Snapshots__ or the artifacts folder, over a file that is not a .png, a FIFO
            or link, nor in a folder that does not exist)
            """),
        OptionSpec("--json", help: """
            print one JSON object: intrinsic_pt, size_pt, size_px, lines, missing, fonts
            (and corners_pt, the radii drawn, with --corners, --masked-corners, --corner-curve or
            --clips-to-bounds)
            """),
    ], exclusive: [["--markdown", "--attributed"], ["--font", "--font-name"]] + LabelProperty.synonymFlags)

func runRenderCommand(_ args: [String]) -> Int32 {
    do {
        let r = try renderSpec.read(args)
        if r.wantsHelp { print(renderSpec.help); return 0 }
        if let out = r.value("-o") ?? r.value("--output") {
            try checkOutputPath(out, writes: "png", artifacts: [ArtifactsFolders.defaultRoot(environment: commandEnvironment)])
        }
        let label = try makeLabel(r)
        let layout = try label.makeLayout()
        let bitmap = try LabelRenderer.render(layout)
        if let out = r.value("-o") ?? r.value("--output") {
            try writeAtomically(try PNGCodec.encode(bitmap), to: out)
        }
        // Boxes are never silent (also with --json, whose "missing" lists them): a deleted or emptied fallback file
        // draws them without any error, so say which code points, which fonts were tried and what is wrong with them.
        if let warning = MissingGlyphs.warning(scalars: layout.missingScalars, chain: label.languageFont.chain) {
            FileHandle.standardError.write(Data((TerminalStyle.err.warn("warning:") + " " + warning + "\n").utf8))
        }
        let intrinsic = try label.intrinsicContentSize
        if r.flag("--json") {
            try printJSON(RenderJSON(intrinsic: intrinsic, layout: layout))
        } else {
            print(renderSummary(intrinsic: intrinsic, layout: layout, output: r.value("-o") ?? r.value("--output")))
        }
        return 0
    } catch {
        printError("\(error)")
        return 2
    }
}

/// Builds the label from the options, applying `layout(width:)` and explicit bounds as the seeds do.
func makeLabel(_ r: ArgumentReader) throws -> PaddedLabel {
    let text: String
    // A word after a bare switch is the TEXT when none is given, else the switch's value (`x --disabled yes`).
    let textArguments = ["--markdown", "--attributed", "--text-file"].contains { r.value($0) != nil } ? 0 : 1
    if r.positionals.count > textArguments, let (option, word) = r.wordsAfterSwitches.first {
        throw UsageError("\(option) takes true or false (or nothing, for true), got '\(word)'")
    }
    if let option = ["--markdown", "--attributed"].first(where: { r.value($0) != nil }) {
        // The option gives the text (and its runs): a TEXT argument beside it would be ignored.
        guard r.positionals.isEmpty, r.value("--text-file") == nil else {
            throw UsageError("\(option) gives the label's text: drop the TEXT argument (or --text-file)")
        }
        text = ""
    } else if let file = r.value("--text-file") {
        guard r.positionals.isEmpty else { throw UsageError("give the text either as TEXT or with --text-file, not both") }
        if file.isEmpty { throw UsageError("--text-file: the path is empty: give a UTF-8 file's path, or - for standard input") }
        if StandardInput.isNamed(by: file) {
            let bytes: [UInt8]
            do { bytes = try StandardInput.read(option: "--text-file", what: "the text") } catch { throw UsageError(error.description) }
            text = try UTF8Validation.decode(bytes, file: "standard input")
        } else {
            text = try UTF8Validation.decode(try StringTable.bytes(ofFile: file), file: file)
        }
    } else {
        guard r.positionals.count == 1 else { throw UsageError("render takes one TEXT argument (or --text-file, --markdown, --attributed); see --help") }
        text = r.positionals[0]
    }
    if r.value("--size") != nil, r.value("--text-style") != nil {
        throw UsageError("give either --size (a fixed font) or --text-style (Dynamic Type), not both")
    }
    if let category = r.value("--content-size-category"), r.value("--text-style") == nil {
        // An unknown category is named as such first: advice to add --text-style would not help it.
        var probe = PaddedLabel("")
        do { try LabelProperty.applyOptions({ $0 == "--content-size-category" ? [category] : [] }, to: &probe) } catch { throw UsageError(error.description) }
        throw UsageError("--content-size-category only scales a Dynamic Type font: add --text-style (body, headline …); "
            + "a fixed font (--size, or none: 17 pt) keeps its size in every category")
    }
    // --min-scale turns shrinking on (its `also:`), which would override an explicit false silently.
    if r.switchValue("--adjusts-font-size-to-fit-width") == "false", let scale = r.value("--min-scale") {
        throw UsageError("--adjusts-font-size-to-fit-width false and --min-scale '\(scale)' (which turns it on) contradict: drop one")
    }
    var label = PaddedLabel(text, font: .system(size: 17))
    do { try LabelProperty.applyOptions({ r.flag($0) ? [r.switchValue($0) ?? ""] : r.values($0) }, to: &label) } catch { throw UsageError(error.description) }
    let height = try r.double("--height")
    if let width = try r.double("--width") {
        try label.layout(width: width)
        if let height { label.bounds = CGRect(x: 0, y: 0, width: width, height: height) }
    } else if height != nil {
        throw UsageError("--height needs --width (explicit bounds)")
    }
    return label
}

func renderSummary(intrinsic: CGSize, layout: TextLayout, output: String?, style: TerminalStyle = .out) -> String {
    func pt(_ v: CGFloat) -> String { shortDecimal(Double(v)) }
    var lines = [
        style.dim("intrinsicContentSize:") + style.numbers(" \(pt(intrinsic.width)) × \(pt(intrinsic.height)) pt"),
        style.dim("size:") + style.numbers(" \(pt(layout.bounds.width)) × \(pt(layout.bounds.height)) pt = \(layout.pixelWidth) × \(layout.pixelHeight) px @\(pt(layout.scale))x"),
    ]
    if layout.statesCorners {
        // The radii drawn (top-left, top-right, bottom-left, bottom-right), as .layout states them.
        lines.append(style.dim("corners:") + style.numbers(" " + layout.cornerRadii.all.map(shortDecimal).joined(separator: " ") + " pt")
            + " \(layout.cornerCurve)")
    }
    lines.append(style.dim("lines:") + style.numbers(" \(layout.lines.count)") + (layout.truncation.map { style.warn(" (truncated: \($0.rawValue))") } ?? ""))
    for (i, line) in layout.lines.enumerated() { lines.append("  " + style.dim("\(i + 1):") + " \(line.text)") }
    if let face = layout.face { lines.append(style.dim("face:") + " \(face)") }
    if !layout.missingScalars.isEmpty {
        lines.append(style.bad("missing glyphs:") + " " + layout.missingScalars.map(codePointName).joined(separator: " "))
    }
    if let output { lines.append(style.ok("wrote") + " " + style.path(output)) }
    return lines.joined(separator: "\n")
}

func codePointName(_ s: Unicode.Scalar) -> String {
    let hex = String(s.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
