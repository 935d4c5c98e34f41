import Foundation
import Typesetting

extension PaddedLabel {
    /// The `.layout` and provenance line of the primary face when the font asks for more than a file: a weight other
    /// than regular, italic, variation axes or OpenType features (`Inter-SemiBold.otf weight 600 (semibold asked),
    /// upright, size-adjust 0.8856`; `Inter-roman.var.ttf weight 650, upright, instance wght=650, features tnum=1`).
    /// The weight is the instance's `wght` or the face's `OS/2` weight class (fontconfig's); nil for a font that
    /// asks for none of these, so the layout text of such labels stays as it was.
    package var faceDescription: String? {
        let asked = font.requestedWeight.flatMap { $0 == .regular ? nil : $0 }
        guard asked != nil || font.requestedItalic == true || !font.variations.isEmpty || !font.features.isEmpty else { return nil }
        let file = font.file
        var parts = [URL(fileURLWithPath: file.path).lastPathComponent + (file.faceIndex == 0 ? "" : "#\(file.faceIndex)")]
        if let weight = file.variations["wght"] ?? file.info?.cssWeight {
            parts[0] += " weight \(layoutNumber(CGFloat(weight)))" + (asked.map { " (\($0) asked)" } ?? "")
        }
        if let info = file.info { parts.append(info.isItalic ? "italic" : "upright") }
        if let adjustment = file.adjustment { parts.append("size-adjust " + String(format: "%.4f", adjustment.sizeAdjust)) }
        if !file.variations.isEmpty { parts.append("instance \(file.variationsDescription)") }
        if !font.features.isEmpty {
            parts.append("features " + font.features.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        return parts.joined(separator: ", ")
    }
}
