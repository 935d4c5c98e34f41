// Label benchmark: the cost of each stage of an assertion, for label-sized inputs, with ImageMagick's
// own text rendering (`convert label:`, FreeType through its text pipeline) beside it as a peer.
// Prints one table: median of 5 runs after a warm-up, each run timing `iterations` repetitions.
import Foundation
import ImageDiff
import LabelLayout
import LabelRendering
import PNGCodec
import Raster
import Typesetting

func milliseconds(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    try body() // warm-up (fonts opened, glyph caches filled)
    var samples: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(iterations))
    }
    return samples.sorted()[2]
}

func magick(_ text: String, pointSize: Double) -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return nil }
    func run() -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = ["-font", FontFile.dejaVuSans.path, "-pointsize", String(pointSize), "label:" + text, "png:/dev/null"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
    guard run() else { return nil }
    var samples: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = run()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return samples.sorted()[2]
}

let padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
var korean = PaddedLabel("않이 패딩이 왜 없어..?", font: .default(size: 17), insets: padding)
korean.backgroundColor = Color(red: 0xFF, green: 0xE6, blue: 0xC8)
korean.cornerRadius = 8
korean.scale = 2
var english = PaddedLabel("UILabel With Padding: the text keeps its insets and wraps inside them, never cut off",
                          font: .default(size: 17), insets: padding)
english.numberOfLines = 0
english.scale = 2
try english.layout(width: 200)
let words = (0..<1000).map { ["label", "padding", "inset", "wrap", "snapshot", "baseline"][$0 % 6] }.joined(separator: " ")
var paragraph = PaddedLabel(words, font: .default(size: 13), insets: padding)
paragraph.numberOfLines = 0
paragraph.scale = 2
try paragraph.layout(width: 400)

print("| label | px | layout ms | rasterise ms | PNG encode ms | PNG decode ms | compare ms | assert pass path ms | ImageMagick label: ms |")
print("|---|---|---|---|---|---|---|---|---|")
for (name, label, iterations) in [("Korean badge @2x", korean, 200), ("English 200 pt @2x", english, 100),
                                  ("1000 words, 400 pt @2x", paragraph, 5)] {
    let layout = try label.makeLayout()
    let bitmap = try LabelRenderer.render(layout)
    let png = try PNGCodec.encode(bitmap)
    let tLayout = try milliseconds(iterations) { _ = try label.makeLayout() }
    let tRaster = try milliseconds(iterations) { _ = try LabelRenderer.render(layout) }
    let tEncode = try milliseconds(iterations) { _ = try PNGCodec.encode(bitmap) }
    let tDecode = try milliseconds(iterations) { _ = try PNGCodec.decode(png) }
    let tCompare = milliseconds(iterations) { _ = compare(bitmap, bitmap) }
    // What a passing assertLabelSnapshot does: render, decode the reference, compare.
    let tPass = try milliseconds(iterations) {
        let actual = try label.render()
        let reference = try PNGCodec.decode(png)
        precondition(compare(reference, actual).passed)
    }
    let peer = magick(label.text, pointSize: label.font.pointSize * Double(label.scale)).map { String(format: "%.1f", $0) } ?? "n/a"
    print(String(format: "| %@ | %d×%d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %@ |", name as NSString, bitmap.width, bitmap.height,
                 tLayout, tRaster, tEncode, tDecode, tCompare, tPass, peer as NSString))
}
print("\nrelease build; median of 5 runs after a warm-up. ImageMagick: one `convert label:` process per label (wall time,")
print("process start-up included), same font and pixel size, no wrapping or insets: a peer for scale, not a like-for-like.")
