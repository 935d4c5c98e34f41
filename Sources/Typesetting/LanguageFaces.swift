import CFreeType
import CICU
import Foundation
import Support

/// Per-language faces of the Noto Sans CJK collection, as iOS picks a CJK design per language
/// (PingFang SC/TC/HK, Hiragino for Japanese, Apple SD Gothic Neo for Korean): Han characters look different
/// in each, and a Korean or Chinese string drawn in the Japanese face is the wrong design.
extension FontFile {
    /// The Noto Sans CJK family for a BCP 47 tag: "ko…" → KR, "ja…" → JP, "zh-Hant…", "zh-TW" → TC,
    /// "zh-HK", "zh-MO" → HK (iOS's PingFang HK), other "zh…" → SC; nil for languages that are not CJK.
    package static func notoSansCJKFamily(forLanguage tag: String) -> String? {
        let parts = tag.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return nil }
        switch language {
        case "ko": return "Noto Sans CJK KR"
        case "ja": return "Noto Sans CJK JP"
        case "zh", "yue", "cmn":
            if parts.contains("hant") { return parts.contains("hk") || parts.contains("mo") ? "Noto Sans CJK HK" : "Noto Sans CJK TC" }
            if parts.contains("hans") { return "Noto Sans CJK SC" }
            if parts.contains("hk") || parts.contains("mo") { return "Noto Sans CJK HK" }
            if parts.contains("tw") || language == "yue" { return "Noto Sans CJK TC" }
            return "Noto Sans CJK SC"
        default: return nil
        }
    }

    /// UTF-16 units at the start of a text that the language guess reads (docs/fonts.md, Language).
    package static let cjkLanguageGuessLength = 1024

    /// The CJK language a text shows in its first `cjkLanguageGuessLength` UTF-16 units: "ja" for any kana, else
    /// "ko" for any Hangul, else nil (Han alone does not tell Chinese from Japanese). Code units are compared
    /// (every range is in the BMP), in one C pass. A bounded prefix, because the language picks the faces that
    /// measure the text, so it must be known before anything is drawn; a label draws from its text's start.
    package static func cjkLanguage(shownBy utf16: [UInt16]) -> String? {
        switch utf16.withUnsafeBufferPointer({ lsicu_guess_cjk_language($0.baseAddress, Int32(min($0.count, cjkLanguageGuessLength))) }) {
        case 2: return "ja"
        case 1: return "ko"
        default: return nil
        }
    }

    /// The face of `FontFile.notoSansCJK`'s collection for `tag` (found by family name in the file, not by a
    /// fixed index), or nil for non-CJK languages or when the collection has no such face.
    package static func notoSansCJK(forLanguage tag: String) -> FontFile? {
        CollectionIndex.shared.cjkFace(forLanguage: tag)
    }
}

extension Font {
    /// This font with every face of the Noto Sans CJK collection (primary or fallback) replaced by the face
    /// for `language` (BCP 47); unchanged for nil or a non-CJK language.
    package func forLanguage(_ language: String?) -> Font {
        guard let language, let face = FontFile.notoSansCJK(forLanguage: language) else { return self }
        let swap = { (f: FontFile) in f.path == face.path ? face : f }
        var copy = self
        copy.face = swap(self.face)   // keeps the source (a system or family font stays one)
        copy.fallbacks = fallbacks.map(swap)
        return copy
    }
}

/// Family names of the faces in font collections, read once with FreeType.
final class CollectionIndex: Sendable {
    static let shared = CollectionIndex()
    private let state = Locked(State())

    private struct State {
        var families: [String: [String]] = [:]
        /// Answers of `cjkFace(forLanguage:)` by tag: labels ask once per layout.
        var byLanguage: [String: FontFile?] = [:]
    }

    func cjkFace(forLanguage tag: String) -> FontFile? {
        if let hit = state.withLock({ $0.byLanguage[tag] }) { return hit }
        let path = FontFile.notoSansCJK.path
        var file: FontFile?
        if let family = FontFile.notoSansCJKFamily(forLanguage: tag), let index = face(named: family, in: path) {
            file = FontFile(path: path, faceIndex: index)
        }
        state.withLock { [file] in $0.byLanguage[tag] = file }
        return file
    }

    func face(named family: String, in path: String) -> Int? {
        state.withLock { state in
            if state.families[path] == nil { state.families[path] = CollectionIndex.read(path) }
            return state.families[path]?.firstIndex { $0.caseInsensitiveCompare(family) == .orderedSame }
        }
    }

    /// "family style" of each face; empty when the file cannot be opened.
    static func read(_ path: String) -> [String] {
        var lib: FT_Library?
        guard FontFile.specialFileKind(path) == nil, FT_Init_FreeType(&lib) == 0, let lib else { return [] }
        defer { FT_Done_FreeType(lib) }
        var names: [String] = []
        var index = 0
        var count = 1
        while index < count {
            var face: FT_Face?
            guard FT_New_Face(lib, path, FT_Long(index), &face) == 0, let face else { break }
            count = Int(face.pointee.num_faces)
            names.append(face.pointee.family_name.map { String(cString: $0) } ?? "")
            FT_Done_Face(face)
            index += 1
        }
        return names
    }
}
