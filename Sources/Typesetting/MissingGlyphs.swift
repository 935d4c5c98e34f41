import Foundation

/// The warning for text drawn with .notdef boxes: which code points, which fonts were tried, and which of them
/// could not be used and why (a missing or unreadable file, with the Debian package that ships it). A chain whose
/// fallback file was deleted or emptied records and renders boxes without a word otherwise: the chain skips a
/// face it cannot open (docs/fonts.md, Fallback).
package enum MissingGlyphs {
    /// Code points a warning names at most; more are counted.
    package static let maximumNamed = 8

    /// "3 code points have no glyph in any font of the chain and are drawn as .notdef boxes: U+D55C HANGUL
    /// SYLLABLE HAN, …; fonts tried: DejaVuSans.ttf, NotoSansCJK-Regular.ttc (missing: /…/NotoSansCJK-Regular.ttc;
    /// install it with: apt-get install fonts-noto-cjk), …"; nil when `scalars` is empty.
    package static func warning(scalars: [Unicode.Scalar], chain: [FontFile]) -> String? {
        var seen = Set<UInt32>()
        let distinct = scalars.filter { seen.insert($0.value).inserted }
        guard !distinct.isEmpty else { return nil }
        let named = distinct.prefix(maximumNamed).map { String(format: "U+%04X ", $0.value) + ($0.properties.name ?? "(no name)") }
            .joined(separator: ", ") + (distinct.count > maximumNamed ? " and \(distinct.count - maximumNamed) more" : "")
        let fonts = chain.map { file -> String in
            let name = (file.path as NSString).lastPathComponent + (file.faceIndex == 0 ? "" : "#\(file.faceIndex)")
            return problem(of: file).map { "\(name) (\($0))" } ?? name
        }
        return "\(distinct.count) code point\(distinct.count == 1 ? " has" : "s have") no glyph in any font of the chain and "
            + "\(distinct.count == 1 ? "is" : "are") drawn as .notdef boxes: \(named); fonts tried: \(fonts.joined(separator: ", "))"
    }

    /// Why `file` cannot be used, nil when it opens: "missing: PATH; install it with: apt-get install PACKAGE",
    /// "unreadable: PATH is empty …". Opening is cached for faces that open, so this costs nothing for them.
    package static func problem(of file: FontFile) -> String? {
        do {
            _ = try FontFace.load(file)
            return nil
        } catch {
            let package = FontFile.debianPackage(for: file.path)
            let reinstall = package.map { "; reinstall it with: apt-get install --reinstall \($0)" } ?? ""
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
                return "missing: \(file.path)" + (package.map { "; install it with: apt-get install \($0)" } ?? "; check the path")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            if isFolder.boolValue { return "unreadable: \(file.path) is a folder" }
            if size == 0 { return "unreadable: \(file.path) is empty (0 bytes)" + reinstall }
            return "unreadable: \(error)" + reinstall
        }
    }
}
