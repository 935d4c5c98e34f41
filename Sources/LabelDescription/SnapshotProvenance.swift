import Foundation
import LabelRendering
import Imaging
import SnapshotStore
import Typesetting

/// Where a recorded label PNG came from: one iTXt chunk, keyword `LabelSnapshot`, of
/// `key: value` lines without a timestamp, so recording the same label again gives the same bytes.
///
/// ```
/// library: LabelSnapshot 0.6
/// freetype: 2.12.1
/// harfbuzz: 6.0.0
/// icu: 72.1
/// libpng: 1.6.39
/// scale: 2
/// font: NotoSansCJK-Regular.ttc#0 revision=2.004 checksumAdjustment=4d0e3a1c version=Version 2.004;hotconv 1.0.118
/// face: Inter-4.1.ttf weight 600 (semibold asked), upright, size-adjust 1.0000   (only for a weight, italic, instance or features)
/// label: text="…" font=DejaVuSans.ttf 17pt insets=8,16,8,16 lines=1 …
/// pixels-xxh128: 387x72 rgba8 9f2c…
/// image-chunks-sha256: 51d0…
/// ```
///
/// The chunk is never compared: pixels decide. Its two digest lines (`ImageReferenceDigest`) only let
/// a pass prove equal pixels without decoding; when they prove nothing, the reference is decoded. On a mismatch, `differences(from:)` names what changed in
/// the environment (libraries, font files), so the message can say it before the pixel numbers.
package struct SnapshotProvenance: Equatable, Sendable {
    /// The iTXt keyword.
    package static let keyword = ImageReferenceDigest.chunkKeyword
    /// The library's version, first line of every chunk.
    package static let libraryVersion = "LabelSnapshot 0.6"

    /// The lines, in order, as (key, value).
    package var entries: [(key: String, value: String)]

    package static func == (a: SnapshotProvenance, b: SnapshotProvenance) -> Bool {
        a.entries.map { "\($0.key): \($0.value)" } == b.entries.map { "\($0.key): \($0.value)" }
    }

    /// The provenance of `label` drawn here and now: library versions, the fonts its layout used, its scale
    /// and properties. `layout` is the label's own `makeLayout()` when the caller has it (the one it drew), so
    /// the label is not laid out a second time for its fonts (a recorded matrix spent ~4% of its CPU on that);
    /// nil lays it out here.
    /// - Throws: the label's layout errors, `TypesettingError` for an unreadable font.
    package init(label: PaddedLabel, layout given: TextLayout? = nil) throws {
        let layout = try given ?? label.makeLayout()
        var entries: [(String, String)] = [
            ("library", Self.libraryVersion),
            ("freetype", TextLibraryVersions.freeType),
            ("harfbuzz", TextLibraryVersions.harfBuzz),
            ("icu", TextLibraryVersions.icu),
            ("libpng", PNGCodec.libpngVersion),
            ("scale", Self.number(Double(label.scale))),
        ]
        for file in layout.fontsUsed {
            let id = try FontIdentity.of(file)
            entries.append(("font", "\(id.fileName)#\(id.faceIndex) revision=\(id.revision) checksumAdjustment=\(id.checksumAdjustment) version=\(Self.oneLine(id.versionString))"))
        }
        // The primary face's weight class and instance, for a font that asks for a weight, italic, variations or features.
        if let face = layout.face { entries.append(("face", face)) }
        entries.append(("label", Self.describe(label)))
        self.entries = entries
    }

    /// Parses the chunk's text; nil when it is not one (other tools' chunks).
    package init?(text: String) {
        var entries: [(String, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            entries.append((String(line[..<colon]), String(line[line.index(after: colon)...].dropFirst())))
        }
        guard entries.first?.0 == "library" else { return nil }
        self.entries = entries
    }

    /// The provenance chunk of PNG bytes, nil when there is none (older references, files optimised by a PNG tool).
    package static func read(png: [UInt8]) -> SnapshotProvenance? {
        guard let chunks = try? PNGCodec.textChunks(in: png),
              let chunk = chunks.first(where: { $0.keyword == keyword }) else { return nil }
        return SnapshotProvenance(text: chunk.text)
    }

    /// This provenance with the digest lines of `ImageReferenceDigest` for `png`, the file as encoded
    /// before the chunk is added (`pixels-xxh128`, `image-chunks-sha256`; digests already present, also an
    /// older reference's `pixels-sha256`, are replaced): what lets a pass skip decoding the reference (docs/snapshots.md).
    /// - Throws: the decoder's `PNGError`, `ImageReferenceDigestError`.
    package func withDigest(ofEncoded png: [UInt8]) throws -> SnapshotProvenance {
        var copy = self
        let keys = [ImageReferenceDigest.pixelsKey, ImageReferenceDigest.legacyPixelsKey, ImageReferenceDigest.imageChunksKey]
        copy.entries.removeAll { keys.contains($0.key) }
        copy.entries += try ImageReferenceDigest(ofEncoded: png).entries
        return copy
    }

    /// The chunk's text.
    package var text: String { entries.map { "\($0.key): \($0.value)" }.joined(separator: "\n") + "\n" }

    /// The PNG text chunk.
    package var chunk: PNGTextChunk { PNGTextChunk(keyword: Self.keyword, text: text) }

    /// What differs from `recorded` in the environment, fonts first: "NotoSansCJK-Regular.ttc#0 2.004 then, 2.005
    /// now: the reference was drawn with another version of this font", "recorded with FreeType 2.12.1, now 2.13.2". Label properties are not listed
    /// (`labelChanges(from:)` does). A font recorded but not used now, or used now but not recorded, is listed only
    /// when the `label:` lines are equal: a changed label (another text, another font) changes its fonts by itself.
    package func differences(from recorded: SnapshotProvenance) -> [String] {
        var lines: [String] = []
        let sameLabel = recorded.value("label") == value("label")
        let was = Dictionary(recorded.fonts, uniquingKeysWith: { a, _ in a }), now = Dictionary(fonts, uniquingKeysWith: { a, _ in a })
        for (name, old) in recorded.fonts {
            guard let new = now[name] else {
                if sameLabel { lines.append("recorded with font \(name), not used now") }
                continue
            }
            if old["revision"] != new["revision"] {
                // Plainly: another version of the font than the one that drew the reference.
                lines.append("\(name) \(old["revision"] ?? "?") then, \(new["revision"] ?? "?") now: the reference was drawn with another version of this font")
            } else if old["checksumAdjustment"] != new["checksumAdjustment"] {
                lines.append("\(name) is another file with the same revision \(new["revision"] ?? "?") (head checksum adjustment \(old["checksumAdjustment"] ?? "?"), now \(new["checksumAdjustment"] ?? "?"))")
            } else if old["version"] != new["version"] {
                lines.append("\(name) version \"\(old["version"] ?? "")\", now \"\(new["version"] ?? "")\"")
            }
        }
        for (name, _) in fonts where sameLabel && was[name] == nil { lines.append("now also drawn with font \(name)") }
        for (key, title) in [("freetype", "FreeType"), ("harfbuzz", "HarfBuzz"), ("icu", "ICU"), ("libpng", "libpng"), ("library", "library")] {
            if let old = recorded.value(key), let new = value(key), old != new {
                lines.append("recorded with \(title) \(old), now \(new)")
            }
        }
        return lines
    }

    /// What changed in the label since `recorded`, from the two `label:` lines (`LabelProperty.changes`, as the
    /// report's "Label changed" row): `text="Padding" → text="QQ"`. Empty when the lines are equal or either lacks one.
    package func labelChanges(from recorded: SnapshotProvenance) -> [String] {
        guard let was = recorded.value("label"), let now = value("label") else { return [] }
        return LabelProperty.changes(from: was, to: now)
    }

    /// The first value of `key`.
    package func value(_ key: String) -> String? { entries.first { $0.key == key }?.value }

    /// Fonts as (`file#face`, fields), in order.
    var fonts: [(String, [String: String])] {
        entries.filter { $0.key == "font" }.map { entry in
            let parts = entry.value.split(separator: " ", maxSplits: 3)
            var fields: [String: String] = [:]
            for part in parts.dropFirst() {
                guard let eq = part.firstIndex(of: "=") else { continue }
                fields[String(part[..<eq])] = String(part[part.index(after: eq)...])
            }
            return (parts.first.map(String.init) ?? "?", fields)
        }
    }

    static func number(_ v: Double) -> String { LabelDescriptionFormat.number(v) }

    static func oneLine(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ") }

    /// The label's properties in one line, the `label:` entry: each `LabelProperty`'s part in table order
    /// (deterministic; numbers in pt).
    package static func describe(_ label: PaddedLabel) -> String { LabelProperty.describe(label) }
}
