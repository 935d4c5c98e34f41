import Foundation
import Typesetting

extension Font {
    /// Whether the font asks for more than a file: a weight other than regular, italic, variation axes or OpenType
    /// features (what `.layout` and the provenance then state in a `face:` line). A file of the system font's
    /// stand-in drawn without its adjustment (`Font(path:)` of the bundled Inter-4.1.ttf) says so too: its `font=` part is
    /// the system font's, its pixels are not. The system font itself keeps its line as before.
    var asksForFaceDetails: Bool { asksForFaceParts || isUnadjustedStandInFile }

    private var asksForFaceParts: Bool {
        (requestedWeight.map { $0 != .regular } ?? false) || requestedItalic == true || !variations.isEmpty || !features.isEmpty
            || (requestedItalic == false && file.info?.isItalic == true)  // upright asked of a family without one
    }

    /// A file the stand-in draws adjusted (`SystemFont.isStandInFile`), drawn here at its own metrics and size.
    private var isUnadjustedStandInFile: Bool { file.adjustment == nil && SystemFont.isStandInFile(file.path) }

    /// The `.layout` and provenance line of the primary face (`Inter-4.1.ttf weight 600 (semibold asked),
    /// upright, size-adjust 1.0000`; `Inter-roman.var.ttf weight 650, upright, instance wght=650, features tnum=1`).
    /// It states what is drawn, and what was asked where that differs: the weight is the instance's `wght` as drawn
    /// (clamped to the axis: `weight 900, …, instance wght=900 (wght=5000 asked)`) or the face's `OS/2` weight class
    /// (fontconfig's); the slant is the face's, with `(italic asked)` or `(upright asked)` when the family has no
    /// face of the style asked.
    var faceDescription: String {
        let asked = requestedWeight.flatMap { $0 == .regular ? nil : $0 }
        let drawn = file.drawnVariations
        var parts = [URL(fileURLWithPath: file.path).lastPathComponent + (file.faceIndex == 0 ? "" : "#\(file.faceIndex)")]
        if let weight = drawn["wght"] ?? file.adjustment?.axes["wght"] ?? file.info?.cssWeight {
            parts[0] += " weight \(layoutNumber(CGFloat(weight)))" + (asked.map { " (\($0) asked)" } ?? "")
        }
        if let info = file.info {
            let slant = info.isItalic ? "italic" : "upright"
            let slantAsked = requestedItalic.flatMap { $0 == info.isItalic ? nil : ($0 ? " (italic asked)" : " (upright asked)") }
            parts.append(slant + (slantAsked ?? ""))
        }
        if let adjustment = file.adjustment {
            parts.append("size-adjust " + String(format: "%.4f", adjustment.sizeAdjust))
        } else if isUnadjustedStandInFile && !asksForFaceParts {
            // The line exists only to tell this font from the system font (whose lines with parts say size-adjust).
            parts.append("no size-adjust")
        }
        if !drawn.isEmpty {
            let clamped = file.variations.filter { drawn[$0.key] != $0.value && !$0.value.isNaN }
            parts.append("instance \(FontFile.describe(drawn))" + (clamped.isEmpty ? "" : " (\(FontFile.describe(clamped)) asked)"))
        }
        if !features.isEmpty {
            parts.append("features " + featuresDescription)
        }
        return parts.joined(separator: ", ")
    }
}
