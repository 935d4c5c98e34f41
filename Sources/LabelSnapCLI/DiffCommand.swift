// `labelsnap diff`: compares two PNG files with ImageDiff (DESIGN.md §4).
import Foundation
import ImageDiff
import PNGCodec
import Raster

let diffUsage = """
    usage: labelsnap diff REFERENCE.png ACTUAL.png [options]

    Compares ACTUAL against REFERENCE (exact RGBA by default) and prints the result.
    Exit status: 0 pass, 1 fail (pixels or size differ), 2 error (reason on stderr).

    options:
      --threshold T             pixelmatch YIQ threshold 0…1 (0.1 is pixelmatch's default);
                                anti-aliased pixels are detected and not counted
      --include-aa              with --threshold: count anti-aliased pixels as differing
      --max-diff-pixels N       pass with at most N differing pixels
      --max-diff-ratio R        pass with at most R·(compared pixels) differing, R in 0…1
      --precision P             share of pixels that must match, 0…1
      --perceptual-precision P  a pixel differs when CIE ΔE94 > (1 − P)·100, P in 0…1
      --ignore x,y,w,h          skip a region (px, reference coordinates); repeatable
      -o, --output DIFF.png     write the pixelmatch-style diff image (union of both sizes)
      --json                    print {"pass", "diff_pixels", "aa_pixels", "ratio", "max_delta",
                                "bbox", "size"} instead of text
      -h, --help                show this help
    When several limits are given the smallest wins; a size mismatch always fails.
    """

private struct DiffCommandError: Error, CustomStringConvertible {
    var description: String
}

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
    var files: [String] = []
    var options = ImageComparison.exact
    var output: String?
    var json = false

    var i = 0
    func value(_ name: String, inline: String?) throws -> String {
        if let v = inline { return v }
        i += 1
        guard i < arguments.count else { throw DiffCommandError(description: "\(name) needs a value (see --help)") }
        return arguments[i]
    }
    func number(_ name: String, _ s: String) throws -> Double {
        guard let v = Double(s), v.isFinite else {
            throw DiffCommandError(description: "\(name) expects a number, got \"\(s)\"")
        }
        return v
    }
    var onlyFiles = false
    while i < arguments.count {
        let arg = arguments[i]
        if onlyFiles || !arg.hasPrefix("-") || arg == "-" {
            files.append(arg)
            i += 1
            continue
        }
        // --name=value or --name value
        var name = arg, inline: String?
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq]); inline = String(arg[arg.index(after: eq)...])
        }
        switch name {
        case "--":
            onlyFiles = true
        case "-h", "--help":
            print(diffUsage)
            return 0
        case "--threshold":
            options.threshold = try number(name, value(name, inline: inline))
        case "--include-aa":
            options.includeAA = true
        case "--max-diff-pixels":
            let s = try value(name, inline: inline)
            guard let n = Int(s) else { throw DiffCommandError(description: "--max-diff-pixels expects a whole number, got \"\(s)\"") }
            options.maxDiffPixels = n
        case "--max-diff-ratio":
            options.maxDiffPixelRatio = try number(name, value(name, inline: inline))
        case "--precision":
            options.precision = try number(name, value(name, inline: inline))
        case "--perceptual-precision":
            options.perceptualPrecision = try number(name, value(name, inline: inline))
        case "--ignore":
            let s = try value(name, inline: inline)
            let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
                throw DiffCommandError(description: "--ignore expects x,y,w,h in whole pixels, got \"\(s)\"")
            }
            guard w > 0, h > 0 else {
                throw DiffCommandError(description: "--ignore \(s): width and height must be > 0")
            }
            options.ignoring.append(PixelRect(x: x, y: y, width: w, height: h))
        case "-o", "--output":
            output = try value(name, inline: inline)
        case "--json":
            json = true
        default:
            throw DiffCommandError(description: "unknown option \(arg) (see labelsnap diff --help)")
        }
        i += 1
    }
    guard files.count == 2 else {
        throw DiffCommandError(description: "expected two PNG files (REFERENCE ACTUAL), got \(files.count) (see --help)")
    }
    if options.includeAA && options.threshold == nil {
        throw DiffCommandError(description: "--include-aa only applies with --threshold")
    }
    try options.validate()
    if let output, files.contains(where: { sameFile($0, output) }) {
        throw DiffCommandError(description: "-o \(output) would overwrite an input image; choose another file for the diff")
    }

    func load(_ path: String) throws -> Bitmap {
        do { return try PNGCodec.decode(contentsOf: path) } catch {
            throw DiffCommandError(description: "cannot read \(path): \(error)")
        }
    }
    let reference = try load(files[0])
    let actual = try load(files[1])

    let result: DiffResult
    if let output {
        let made = try makeDiffImages(reference, actual, options)
        result = made.result
        try writeAtomically(try PNGCodec.encode(made.images.diff), to: output)
    } else {
        result = compare(reference, actual, options)
    }

    if json {
        print(diffJSON(result))
    } else {
        print((result.passed ? "PASS " : "FAIL ") + "\(files[0]) vs \(files[1])")
        print(result.summary)
        if let output { print("diff image: \(output)") }
    }
    return result.passed ? 0 : 1
}

/// `{"pass": …, "diff_pixels": …, "aa_pixels": …, "ratio": …, "max_delta": …, "bbox": [x, y, w, h] | null,
/// "size": {"reference": [w, h], "actual": [w, h]}}`; `max_delta` is the largest channel delta (0…255).
func diffJSON(_ r: DiffResult) -> String {
    let bbox = r.boundingBox.map { "[\($0.x), \($0.y), \($0.width), \($0.height)]" } ?? "null"
    return "{\"pass\": \(r.passed), \"diff_pixels\": \(r.differingPixelCount), \"aa_pixels\": \(r.antiAliasedPixelCount), "
        + "\"ratio\": \(r.differingPixelRatio), \"max_delta\": \(r.maxChannelDelta), \"bbox\": \(bbox), "
        + "\"size\": {\"reference\": [\(r.referenceSize.width), \(r.referenceSize.height)], "
        + "\"actual\": [\(r.actualSize.width), \(r.actualSize.height)]}}"
}
