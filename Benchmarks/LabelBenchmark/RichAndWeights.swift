// The attributed-paragraph and nine-weights rows of `make bench` (see main.swift for the timing rules).
import Foundation
import LabelRendering
import LabelSnapshotTesting
import Typesetting

/// 1,000 words in DejaVu Sans 13 pt, as `words(_:)`, in runs of ten words: every other run bold and blue
/// (`sameFace` false), or only blue (`sameFace` true: one face, the runs' cost without a second font).
func richParagraph(_ n: Int, sameFace: Bool) -> AttributedString {
    let all = (0..<n).map { vocabulary[$0 % vocabulary.count] }
    let blue = Color(red: 0x00, green: 0x5A, blue: 0xD0)
    var text = AttributedString()
    for start in stride(from: 0, to: n, by: 10) {
        let end = min(start + 10, n)
        var run = AttributedString(all[start..<end].joined(separator: " ") + (end < n ? " " : ""))
        let odd = (start / 10) % 2 == 1
        run.font = odd && !sameFace ? Font.default(size: 13).withWeight(.bold) : .default(size: 13)
        run.foregroundColor = odd ? blue : .black
        text += run
    }
    return text
}

func richLabel(_ n: Int, sameFace: Bool) throws -> PaddedLabel {
    var l = PaddedLabel(attributedText: richParagraph(n, sameFace: sameFace), font: .default(size: 13), insets: padding)
    l.backgroundColor = peach
    l.cornerRadius = 8
    l.scale = 2
    l.numberOfLines = 0
    try l.layout(width: 400)
    return l
}

/// Layout (`makeLayout()`) of the 1,000-word paragraph as plain text and as runs every ten words, alternating
/// the two in 5 rounds (each a best of 7 × 3) so that both see the same load: `rich_*` lines.
func richRows() throws {
    let plain = try wrapped(words(1000), size: 13, width: 400)
    let fonts = try richLabel(1000, sameFace: false), colours = try richLabel(1000, sameFace: true)
    var best = [Double](repeating: .infinity, count: 3)
    for _ in 0..<5 {
        for (i, label) in [plain, fonts, colours].enumerated() {
            best[i] = min(best[i], try milliseconds(3) { _ = try label.makeLayout() })
        }
    }
    print("rich_plain_layout_ms=\(best[0])")
    print("rich_fonts_layout_ms=\(best[1])")
    print("rich_colours_layout_ms=\(best[2])")
    let lines = try [plain, fonts, colours].map { try $0.makeLayout().lines.count }
    print("rich_lines=\(lines.map(String.init).joined(separator: "/"))")
}

/// The "UILabel With Padding" badge @2x in `Font.system(size: 13, weight:)`'s nine weights: the first render of
/// each weight (its face opened), then every weight again (best of 7 × 50), and how many of the stand-in's
/// font files this process has mapped (FreeType maps each opened file once: nine weights, nine files).
func weightRows() throws {
    let badges = Font.Weight.all.map { weight -> PaddedLabel in
        var l = badge("UILabel With Padding")
        l.font = .system(size: 13, weight: weight.weight)
        return l
    }
    let start = cpuMilliseconds()
    for label in badges { _ = try label.render() }
    print("weights_first_ms=\(cpuMilliseconds() - start)")
    print("weights_render_ms=\(try milliseconds(50) { for label in badges { _ = try label.render() } })")
    let files = Set(badges.map { $0.font.file.path })
    let mapped = mappedFiles().filter { files.contains($0) }
    print("weights_files=\(files.count)")
    print("weights_mappings=\(mapped.count)")
    print("weights_one_ms=\(try milliseconds(50) { _ = try badges[3].render() })")
}

/// The file of each file-backed mapping in /proc/self/maps, one entry per mapping. Read line by line with getline:
/// a procfs file reports size 0, and reading it in one go (Foundation's `String(contentsOfFile:)`) lost mappings.
func mappedFiles() -> [String] {
    guard let f = fopen("/proc/self/maps", "r") else { return [] }
    defer { fclose(f) }
    var files: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, f) > 0, let buffer {
        let line = String(cString: buffer).trimmingCharacters(in: .newlines)
        // address perms offset dev inode path: the path is the sixth field, absent for anonymous mappings.
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        if fields.count == 6 { files.append(fields[5].trimmingCharacters(in: .whitespaces)) }
    }
    return files
}
