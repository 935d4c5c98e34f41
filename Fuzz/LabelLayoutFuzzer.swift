// libFuzzer entry point for label layout and rendering (built by Scripts/fuzz-label-layout.sh, which
// compiles this file together with the Raster, Typesetting, LabelLayout and LabelRendering sources
// into one module).
//
// Input: a 12-byte header of numbers, then the text (UTF-8, invalid bytes become U+FFFD; when header
// bit 0x40 of byte 0 is set the rest is read as UTF-16LE instead, so lone surrogates reach the
// decoder). Header bytes:
//   0  line-break mode (low 3 bits, mod 6), alignment (bits 3-5, mod 5), UTF-16 flag (0x40), RTL (0x80)
//   1  numberOfLines (value mod 8; 0xFF → -1)
//   2  font size   3  scale   4  width   5  height   6-9  insets top/left/bottom/right
//   10 corner radius / border width   11 font selector
// A number byte with the high bit set picks a special value (NaN, ±infinity, negative, huge, tiny…);
// otherwise it is a small ordinary value.
//
// Invariants checked on every input:
//   - layout either succeeds or throws a LabelError (render: LabelError, RasterError or TypesettingError);
//   - a successful layout has a pixel size within the limit, finite glyph positions, at most
//     numberOfLines lines, line ranges inside the text;
//   - the rendered bitmap has the layout's pixel size.
import Foundation

private let specials: [Double] = [.nan, .infinity, -.infinity, -1, -0.0, 0, 1e-300, 1e300,
                                  .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.001, 100_000,
                                  1e9, .leastNonzeroMagnitude, 65_536, 16]

private func number(_ byte: UInt8, ordinary: (UInt8) -> Double) -> Double {
    byte & 0x80 != 0 ? specials[Int(byte & 0x0F)] : ordinary(byte)
}

/// Test fonts: the real ones, a missing path, a truncated copy of DejaVu Sans, random bytes named .ttf,
/// a directory, and a font without Hangul (DejaVu with no fallbacks).
private let fuzzFonts: [(FontFile, [FontFile])] = {
    let dir = NSTemporaryDirectory() + "label-layout-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir + "/dir.ttf", withIntermediateDirectories: true)
    let dejaVu = FileManager.default.contents(atPath: FontFile.dejaVuSans.path) ?? Data()
    _ = FileManager.default.createFile(atPath: dir + "/truncated.ttf", contents: dejaVu.prefix(dejaVu.count / 3))
    _ = FileManager.default.createFile(atPath: dir + "/random.ttf", contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }))
    _ = FileManager.default.createFile(atPath: dir + "/empty.ttf", contents: Data())
    return [
        (.dejaVuSans, FontFile.defaultFallbacks), (.nanumGothic, FontFile.defaultFallbacks),
        (.notoColorEmoji, []), (.dejaVuSans, []),
        (FontFile(path: dir + "/missing.ttf"), []), (FontFile(path: dir + "/truncated.ttf"), []),
        (FontFile(path: dir + "/random.ttf"), []), (FontFile(path: dir + "/dir.ttf"), []),
        (FontFile(path: dir + "/empty.ttf"), []), (FontFile(path: FontFile.dejaVuSans.path, faceIndex: 7), []),
        (.dejaVuSans, [FontFile(path: dir + "/truncated.ttf"), .nanumGothic]),
    ]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func labelLayoutFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard bytes.count >= 12 else { return 0 }
    let h = Array(bytes[0..<12])
    let body = bytes[12...]
    let text: String
    if h[0] & 0x40 != 0 {
        var units: [UInt16] = []
        var i = body.startIndex
        while i + 1 < body.endIndex { units.append(UInt16(body[i]) | UInt16(body[i + 1]) << 8); i += 2 }
        text = String(decoding: units, as: UTF16.self)
    } else {
        text = String(decoding: body, as: UTF8.self)
    }
    let (file, fallbacks) = fuzzFonts[Int(h[11]) % fuzzFonts.count]
    let pointSize = number(h[2]) { 1 + Double($0) / 2 }
    var label = PaddedLabel(text, font: Font(file: file, size: pointSize, fallbacks: fallbacks))
    label.lineBreakMode = LineBreakMode.allCases[Int(h[0] & 7) % LineBreakMode.allCases.count]
    label.textAlignment = TextAlignment.allCases[Int((h[0] >> 3) & 7) % TextAlignment.allCases.count]
    label.layoutDirection = h[0] & 0x80 != 0 ? .rightToLeft : .leftToRight
    label.numberOfLines = h[1] == 0xFF ? -1 : Int(h[1] % 8)
    label.scale = CGFloat(number(h[3]) { Double($0 % 3) + 1 })
    label.insets = EdgeInsets(top: number(h[6]) { Double($0) / 4 - 8 }, left: number(h[7]) { Double($0) / 4 - 8 },
                              bottom: number(h[8]) { Double($0) / 4 - 8 }, right: number(h[9]) { Double($0) / 4 - 8 })
    label.cornerRadius = number(h[10]) { Double($0 & 0x0F) }
    label.borderWidth = number(h[10]) { Double($0 >> 4) / 4 }
    label.backgroundColor = Color(red: h[4], green: h[5], blue: h[10], alpha: h[9])
    let width = number(h[4]) { Double($0) * 4 }
    let height = number(h[5]) { Double($0) }
    if h[5] == 0x7F {
        label.preferredMaxLayoutWidth = width
    } else if h[4] != 0 {
        do { try label.layout(width: width) } catch is LabelError { return 0 } catch {
            fatalError("layout(width:) threw a non-LabelError: \(error)")
        }
        if h[5] != 0 { label.bounds = CGRect(x: 0, y: 0, width: width, height: height) }
    }

    let layout: TextLayout
    do {
        layout = try label.makeLayout()
    } catch is LabelError {
        return 0
    } catch {
        fatalError("makeLayout threw a non-LabelError: \(error)")
    }
    precondition(layout.pixelWidth >= 0 && layout.pixelHeight >= 0, "negative pixel size")
    precondition(layout.pixelWidth == 0 || layout.pixelHeight <= PaddedLabel.maximumPixelCount / layout.pixelWidth,
                 "pixel size \(layout.pixelWidth)×\(layout.pixelHeight) over the limit")
    precondition(label.numberOfLines == 0 || layout.lines.count <= label.numberOfLines, "too many lines")
    // Insets near ±1.8e308 put the text rect at the edge of the Double range, where line and pixel positions
    // may overflow to ±infinity: those lines and glyphs are far outside the bitmap and the renderer skips them.
    let sane = abs(layout.textRect.minX) < 1e300 && abs(layout.textRect.maxX) < 1e300
        && abs(layout.textRect.minY) < 1e300 && abs(layout.textRect.maxY) < 1e300
    let utf16Count = text.utf16.count
    for line in layout.lines {
        precondition(line.range.lowerBound >= 0 && line.range.upperBound <= utf16Count, "line range outside the text")
        precondition(!sane || line.baseline.isFinite && line.rect.minX.isFinite && line.rect.width.isFinite, "non-finite line geometry")
    }
    for g in layout.glyphs where sane { precondition(g.x.isFinite && g.y.isFinite, "non-finite glyph position") }

    // Rasterise small layouts (big ones are valid but slow to fill).
    guard layout.pixelWidth * layout.pixelHeight <= 1 << 20 else { return 0 }
    do {
        let bitmap = try LabelRenderer.render(layout)
        precondition(bitmap.width == layout.pixelWidth && bitmap.height == layout.pixelHeight, "bitmap size differs from the layout")
    } catch is LabelError {
    } catch is RasterError {
    } catch is TypesettingError {
    } catch {
        fatalError("render threw an unexpected error: \(error)")
    }
    return 0
}
