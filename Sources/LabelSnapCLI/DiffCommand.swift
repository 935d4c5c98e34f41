// `labelsnap diff`: compares two PNG files with ImageDiff (docs/comparison.md).
import Foundation
import Imaging
import SnapshotReview

let diffSpec = CommandSpec(summary: """
    usage: labelsnap diff REFERENCE.png ACTUAL.png [options]

    Compares ACTUAL against REFERENCE (exact RGBA by default) and prints the result.
    Exit status: 0 pass, 1 fail (pixels or size differ), 2 error (reason on stderr).
    """, options: [
        OptionSpec("--threshold", kind: .value("T"), help: """
            pixelmatch YIQ threshold 0…1 (0.1 is pixelmatch's default);
            anti-aliased pixels are detected and not counted
            """),
        OptionSpec("--include-aa", help: "with --threshold: count anti-aliased pixels as differing"),
        OptionSpec("--max-diff-pixels", kind: .value("N"), help: "pass with at most N differing pixels"),
        OptionSpec("--max-diff-ratio", kind: .value("R"), help: "pass with at most R·(compared pixels) differing, R in 0…1"),
        OptionSpec("--precision", kind: .value("P"), help: "share of pixels that must match, 0…1"),
        OptionSpec("--perceptual-precision", kind: .value("P"), help: "a pixel differs when CIE ΔE94 > (1 − P)·100, P in 0…1"),
        OptionSpec("--ignore", kind: .list("x,y,w,h"), help: "skip a region (px, reference coordinates); repeatable"),
        OptionSpec("-o", "--output", kind: .value("DIFF.png"), help: """
            write the pixelmatch-style diff image (union of both sizes); never
            in __Snapshots__ or the artifacts folder, over an input, a file that
            is not a .png, a FIFO or link, nor in a folder that does not exist
            """),
        OptionSpec("--json", help: """
            print {"pass", "diff_pixels", "aa_pixels", "ratio", "max_delta",
            "bbox", "size"} instead of text
            """),
    ], footer: "When several limits are given the smallest wins; a size mismatch always fails.")

/// Runs `labelsnap diff` with the arguments after `diff`; returns the exit status (0 pass, 1 fail, 2 error).
func runDiffCommand(_ arguments: [String]) -> Int32 {
    do {
        return try diffCommand(arguments)
    } catch {
        FileHandle.standardError.write(Data("labelsnap diff: \(error)\n".utf8))
        return 2
    }
}

private func diffCommand(_ arguments: [String]) throws -> Int32 {
    let r = try diffSpec.read(arguments)
    if r.wantsHelp { print(diffSpec.help); return 0 }
    let files = r.positionals
    var options = ImageComparison.exact
    options.threshold = try r.double("--threshold")
    options.includeAA = r.flag("--include-aa")
    options.maxDiffPixels = try r.int("--max-diff-pixels")
    options.maxDiffPixelRatio = try r.double("--max-diff-ratio")
    if let p = try r.double("--precision") { options.precision = p }
    if let p = try r.double("--perceptual-precision") { options.perceptualPrecision = p }
    for s in r.values("--ignore") {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw UsageError("--ignore expects x,y,w,h in whole pixels, got \"\(s)\"")
        }
        guard w > 0, h > 0 else { throw UsageError("--ignore \(s): width and height must be > 0") }
        options.ignoring.append(PixelRect(x: x, y: y, width: w, height: h))
    }
    let output = r.value("-o") ?? r.value("--output")
    let json = r.flag("--json")
    guard files.count == 2 else {
        throw UsageError("expected two PNG files (REFERENCE ACTUAL), got \(files.count) (see --help)")
    }
    if options.includeAA && options.threshold == nil {
        throw UsageError("--include-aa only applies with --threshold")
    }
    try options.validate()
    if let output, files.contains(where: { sameFile($0, output) }) {
        throw UsageError("-o \(output) would overwrite an input image; choose another file for the diff")
    }
    if let output {
        try checkOutputPath(output, writes: "png", artifacts: [ArtifactsFolders.defaultRoot(environment: commandEnvironment)])
    }

    // The sizes from the headers, before anything is decoded (two huge images took a minute and gigabytes
    // before the output was refused).
    let headers = try files.map { path throws -> PNGCodec.Header in
        do { return try PNGCodec.header(contentsOf: path) } catch { throw UsageError("cannot read \(path): \(error)") }
    }
    if output != nil {
        let size = diffImageSizes((headers[0].width, headers[0].height), (headers[1].width, headers[1].height)).diff
        guard fitsABitmap(size) else {
            throw UsageError("-o: the diff image would be \(size.width)×\(size.height) px (the union of both sizes), over the "
                             + "\(Bitmap.maximumPixelCount) pixels an image may have; nothing was decoded. Compare without -o.")
        }
    }

    func load(_ path: String) throws -> Bitmap {
        do { return try PNGCodec.decode(contentsOf: path) } catch PNGError.tooLarge(let w, let h, let limit) {
            // The codec's own advice names an API parameter; the command line has no such option.
            throw UsageError("cannot read \(path): PNG too large: \(w)×\(h) px = \(w.multipliedReportingOverflow(by: h).partialValue) pixels "
                             + "exceeds the \(limit) pixels an image may have; nothing was allocated. labelsnap diff cannot compare it.")
        } catch {
            throw UsageError("cannot read \(path): \(error)")
        }
    }
    let reference = try load(files[0])
    let actual = try load(files[1])
    // An --ignore rectangle is clamped to the reference; one reaching outside it is most likely a typo, so say so.
    for (rect, given) in zip(options.ignoring, r.values("--ignore")) where !rect.lies(within: reference) {
        FileHandle.standardError.write(Data(("labelsnap diff: warning: --ignore \(given) reaches outside the \(reference.width)×\(reference.height) px "
            + "reference; only its part inside the image is ignored\n").utf8))
    }

    let result: ImageDifference
    if let output {
        // The diff image alone: the side-by-side composite (three images wide) is not written here.
        let made = try makeDiffImage(reference, actual, options)
        result = made.result
        try writeAtomically(try PNGCodec.encode(made.diff), to: output)
    } else {
        result = compare(reference, actual, options)
    }

    if json {
        try printJSON(DiffJSON(result))
    } else {
        let style = TerminalStyle.out
        print((result.passed ? style.ok("PASS") : style.bad("FAIL")) + " \(style.path(files[0])) vs \(style.path(files[1]))")
        print(style.numbers(result.summary))
        if let output { print("diff image: \(style.path(output))") }
    }
    return result.passed ? 0 : 1
}

extension PixelRect {
    /// True when the rectangle lies wholly inside `image` (no arithmetic that can overflow).
    fileprivate func lies(within image: Bitmap) -> Bool {
        x >= 0 && y >= 0 && x <= image.width && y <= image.height && width <= image.width - x && height <= image.height - y
    }
}
