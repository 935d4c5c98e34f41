// InstructionCounts: one operation of LabelBenchmark repeated a given number of times and nothing else, for
// `Benchmarks/callgrind.sh`, which counts the instructions of two runs and divides their difference by the
// difference of the counts (so start-up, font opening and cache filling cancel out). Compiled in release by this
// package and in debug by Benchmarks/DebugClient (a link to this folder), as a client's tests compile the library.
// Usage: InstructionCounts words1000|korean|rich COUNT
import Foundation
import LabelRendering
import LabelSnapshotTesting

let vocabulary = ["label", "padding", "inset", "wrap", "snapshot", "baseline"]
let insets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
let peach = Color(red: 0xFF, green: 0xE6, blue: 0xC8)

/// LabelBenchmark's badge: 17 pt, the insets above, peach, 8 pt corners, @2x.
func badge(_ text: String) -> PaddedLabel {
    var l = PaddedLabel(text, font: .default(size: 17), insets: insets)
    l.backgroundColor = peach
    l.cornerRadius = 8
    l.scale = 2
    return l
}

/// LabelBenchmark's 1,000-word paragraph at 13 pt, 400 pt wide: plain, or (`rich`) a run every ten words,
/// every other run bold and blue.
func paragraph(rich: Bool) throws -> PaddedLabel {
    let words = (0..<1000).map { vocabulary[$0 % vocabulary.count] }
    var l = badge(words.joined(separator: " "))
    l.font = .default(size: 13)
    if rich {
        var text = AttributedString()
        for start in stride(from: 0, to: words.count, by: 10) {
            let end = min(start + 10, words.count)
            var run = AttributedString(words[start..<end].joined(separator: " ") + (end < words.count ? " " : ""))
            let odd = (start / 10) % 2 == 1
            run.font = odd ? Font.default(size: 13).withWeight(.bold) : .default(size: 13)
            run.foregroundColor = odd ? Color(red: 0x00, green: 0x5A, blue: 0xD0) : .black
            text += run
        }
        l = PaddedLabel(attributedText: text, font: .default(size: 13), insets: insets)
        l.backgroundColor = peach
        l.cornerRadius = 8
        l.scale = 2
    }
    l.numberOfLines = 0
    try l.layout(width: 400)
    return l
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    FileHandle.standardError.write(Data("usage: InstructionCounts words1000|korean|rich COUNT\n".utf8))
    exit(2)
}
let operation: () throws -> Void
switch arguments[1] {
case "words1000", "rich":
    let label = try paragraph(rich: arguments[1] == "rich")
    operation = { _ = try label.makeLayout() }
case "korean":
    let label = badge("않이 패딩이 왜 없어..?")
    operation = { _ = try LabelRenderer.render(label.makeLayout()) }
default:
    FileHandle.standardError.write(Data("InstructionCounts: unknown operation \(arguments[1])\n".utf8))
    exit(2)
}
try operation()   // fonts opened, caches filled: the same in both runs
for _ in 0..<count { try operation() }
