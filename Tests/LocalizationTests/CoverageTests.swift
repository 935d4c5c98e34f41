import TestSupport
import Foundation
import LabelRendering
import LabelSnapshotTesting
import XCTest

/// Strings that no font of the label's chain covers (drawn as .notdef boxes) are their own failure kind in the
/// sweep, its reports and `verifyLabelsFit`. "Not covered" is derived from the font files' `cmap` with FreeType
/// alone (FontReference.covers), never from the layout's fallback.
final class CoverageTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// "ใหม่" (Thai "new"): U+0E43 U+0E2B U+0E21 U+0E48. Names from UnicodeData.txt.
    static let thai = "\u{0E43}\u{0E2B}\u{0E21}\u{0E48}"
    static let thaiNames = ["U+0E43 THAI CHARACTER SARA AI MAIMUAN", "U+0E2B THAI CHARACTER HO HIP",
                            "U+0E21 THAI CHARACTER MO MA", "U+0E48 THAI CHARACTER MAI EK"]

    /// DejaVu Sans 15 pt with the default fallbacks, insets 4, 8, width 140 pt, @2x, one line.
    func badge(lines: Int = 1, mode: LineBreakMode = .byTruncatingTail) -> LabelStyle {
        var label = PaddedLabel("", font: Font(path: Self.dejaVu, size: 15), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.scale = 2
        label.numberOfLines = lines
        label.lineBreakMode = mode
        return LabelStyle(label: label, width: 140)
    }

    /// The scalars of `text` that no face of `chain` maps, each once, in text order (FreeType's cmap lookup).
    func uncoveredByCmap(_ text: String, chain: [FontFile]) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return text.unicodeScalars.filter { s in
            !chain.contains { FontReference.covers(s, path: $0.path, faceIndex: $0.faceIndex) } && seen.insert(s.value).inserted
        }
    }

    func table(_ strings: [(key: String, locale: String, text: String)]) -> StringTable {
        StringTable(sourceLanguage: "en", strings: strings.map {
            LocalizedString(key: $0.key, locale: $0.locale, format: $0.text, state: .translated)
        })
    }

    func testAStringThatFitsButNoFontCoversIsItsOwnFailure() throws {
        let chain = Font(path: Self.dejaVu, size: 15).forLanguage("th").chain
        let expected = uncoveredByCmap(Self.thai, chain: chain)
        XCTAssertEqual(expected.map(\.value), [0x0E43, 0x0E2B, 0x0E21, 0x0E48], "the chain's fonts cover Thai now: pick another script")
        let ok = "OK"
        XCTAssertEqual(uncoveredByCmap(ok, chain: chain), [])

        let f = try XCTUnwrap(try FitCheck.check(Self.thai, style: badge(), language: "th"))
        XCTAssertNil(f.truncation, "four Thai letters fit 124 pt")
        XCTAssertEqual(f.uncovered, expected)
        XCTAssertEqual(f.fontsTried, chain.map { ($0.path as NSString).lastPathComponent + ($0.faceIndex == 0 ? "" : "#\($0.faceIndex)") })
        XCTAssertNil(try FitCheck.check(ok, style: badge(), language: "th"), "a covered string that fits is no failure")

        let result = try Sweep(table: table([("badge.new", "th", Self.thai), ("badge.ok", "th", ok)]), style: badge()).run()
        XCTAssertFalse(result.fits)
        XCTAssertEqual(result.failures.map(\.key), ["badge.new"])
        XCTAssertEqual(result.failures.first?.kinds, [.notCovered])
        XCTAssertEqual(result.summaries.map { [$0.failed, $0.truncated, $0.uncovered] }, [[1, 0, 1]])

        let text = SweepReport.text(result)
        XCTAssertTrue(text.hasPrefix("1 of 2 strings fail (1 of 1 locales): 0 do not fit, 1 not covered by any font:"), text)
        XCTAssertTrue(text.contains("th  badge.new: not covered by any font: " + Self.thaiNames.joined(separator: ", ")
                                    + " (tried " + f.fontsTried.joined(separator: ", ") + ") — translated"), text)
        XCTAssertTrue(text.contains("add a font that covers them to the label's font chain"), text)
        XCTAssertTrue(text.contains("fc-list :charset=0e43"), text)
    }

    func testHiddenTextCountsAndBothKindsAreReported() throws {
        // The Thai word sits after the cut: the drawn line is Latin only, yet the translation holds boxes.
        let text = "Sale Sale Sale Sale Sale Sale " + Self.thai
        let chain = Font(path: Self.dejaVu, size: 15).forLanguage("th").chain
        let expected = uncoveredByCmap(text, chain: chain)
        XCTAssertEqual(expected.count, 4)
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingMiddle, .byTruncatingHead, .byClipping] {
            let f = try XCTUnwrap(try FitCheck.check(text, style: badge(mode: mode), language: "th"), "\(mode)")
            XCTAssertEqual(f.truncation, mode, "\(mode)")
            XCTAssertEqual(f.uncovered, expected, "\(mode): hidden text is looked at")
            let layout = try badge(mode: mode).makeLabel(text: text, language: "th").makeLayout()
            if mode == .byTruncatingTail { XCTAssertTrue(layout.missingScalars.isEmpty, "the drawn line shows no Thai") }
        }
        let result = try Sweep(table: table([("badge.sale", "th", text)]), style: badge()).run()
        let f = try XCTUnwrap(result.failures.first)
        XCTAssertEqual(f.kinds, [.doesNotFit, .notCovered])
        let report = SweepReport.text(result)
        XCTAssertTrue(report.contains("th  badge.sale: needs \(f.lines) lines, 1 allowed"), report)
        XCTAssertGreaterThan(f.lines, 1)
        XCTAssertTrue(report.contains("\n      not covered by any font: " + Self.thaiNames.joined(separator: ", ")), report)

        // The failure message of assertLabelsFit is the same report.
        let message = try XCTUnwrap(verifyLabelsFit(catalog: table([("badge.sale", "th", text)]), style: badge()))
        XCTAssertTrue(message.contains("not covered by any font: U+0E43 THAI CHARACTER SARA AI MAIMUAN"), message)
    }

    /// An attributed style's run font is asked for its own coverage when the string is cut (it was the label's): a
    /// run in NanumGothic draws Hangul that the label's chain (DejaVu Sans alone) lacks, by cmap; Thai after it is
    /// lacked by both, and the fonts tried are the run's chain.
    func testAnAttributedRunsFontIsAskedForItsOwnCoverage() throws {
        let nanum = Font(path: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf", size: 15)
        var label = PaddedLabel("", font: Font(path: Self.dejaVu, size: 15, fallbacks: []), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        var template = AttributedString("가")
        template.font = nanum
        label.attributedText = template
        let korean = String(repeating: "한국어 ", count: 8)
        XCTAssertEqual(uncoveredByCmap(korean, chain: nanum.forLanguage("ko").chain), [])
        XCTAssertFalse(uncoveredByCmap(korean, chain: [FontFile(path: Self.dejaVu)]).isEmpty, "the label's own chain lacks Hangul")
        // Middle truncation keeps one line however long the text: its coverage is asked of the whole text apart.
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingMiddle] {
            label.lineBreakMode = mode
            let style = LabelStyle(label: label, width: 140)
            let cut = try XCTUnwrap(try FitCheck.check(korean, style: style, language: "ko"), "\(mode)")
            XCTAssertEqual(cut.truncation, mode)
            XCTAssertEqual(cut.uncovered, [], "\(mode)")
            let mixed = korean + Self.thai
            let both = try XCTUnwrap(try FitCheck.check(mixed, style: style, language: "ko"), "\(mode)")
            XCTAssertEqual(both.uncovered, uncoveredByCmap(mixed, chain: nanum.forLanguage("ko").chain), "\(mode)")
            XCTAssertEqual(both.uncovered.map(\.value), [0x0E43, 0x0E2B, 0x0E21, 0x0E48], "\(mode)")
            XCTAssertEqual(both.fontsTried.first, "NanumGothic.ttf", "\(mode)")
        }
    }

    /// A code point without a name is said to be what it is (Unicode's General_Category): U+0378 is unassigned
    /// (UnicodeData.txt has no line for it), U+E000 the first private-use code point.
    func testCodePointsWithoutANameSayWhatTheyAre() throws {
        let chain = Font(path: Self.dejaVu, size: 15).chain
        let text = "A\u{0378}\u{E000}"
        let expected = uncoveredByCmap(text, chain: chain)
        XCTAssertEqual(expected.map(\.value), [0x0378, 0xE000], "no chain font maps them")
        let f = try XCTUnwrap(try FitCheck.check(text, style: badge(), language: "en"))
        XCTAssertEqual(f.uncovered, expected)
        XCTAssertEqual(f.uncovered.map(SweepReport.scalarName), ["U+0378 (unassigned)", "U+E000 (private use)"])
    }

    func testJSONNamesKindsCodePointsAndFonts() throws {
        let result = try Sweep(table: table([("badge.new", "th", Self.thai), ("badge.long", "de", "Empfehlung der Redaktion heute")]),
                                           style: badge()).run()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SweepReport.json(result).utf8)) as? [String: Any])
        let failures = try XCTUnwrap(object["failures"] as? [[String: Any]])
        let thai = try XCTUnwrap(failures.first { $0["key"] as? String == "badge.new" })
        XCTAssertEqual(thai["kinds"] as? [String], ["not_covered"])
        XCTAssertTrue(thai["truncation"] is NSNull)
        let uncovered = try XCTUnwrap(thai["uncovered"] as? [[String: String]])
        XCTAssertEqual(uncovered.map { "\($0["code_point"] ?? "") \($0["name"] ?? "")" }, Self.thaiNames)
        XCTAssertEqual((thai["fonts_tried"] as? [String])?.first, "DejaVuSans.ttf")
        let german = try XCTUnwrap(failures.first { $0["key"] as? String == "badge.long" })
        XCTAssertEqual(german["kinds"] as? [String], ["does_not_fit"])
        XCTAssertEqual((german["uncovered"] as? [Any])?.count, 0)
        let locales = try XCTUnwrap(object["locales"] as? [[String: Any]])
        XCTAssertEqual(locales.map { "\($0["locale"] ?? "") \($0["truncated"] ?? "") \($0["uncovered"] ?? "")" }, ["de 1 0", "th 0 1"], "the table's locales, in order")
    }

    func testAdviceNamesInstalledFontsThatCoverACodePoint() throws {
        // A chain of NanumGothic alone, and Armenian, which DejaVu Sans has (by its cmap) and NanumGothic has not.
        let nanum = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
        let ayb: Unicode.Scalar = "\u{0531}"
        XCTAssertFalse(FontReference.covers(ayb, path: nanum))
        XCTAssertTrue(FontReference.covers(ayb, path: Self.dejaVu))
        var label = PaddedLabel("", font: Font(path: nanum, size: 15, fallbacks: []))
        label.scale = 1
        let result = try Sweep(table: table([("badge.new", "hy", "\u{0531}")]), style: LabelStyle(label: label, width: 100)).run()
        let f = try XCTUnwrap(result.failures.first)
        XCTAssertEqual(f.uncovered, [ayb])
        XCTAssertEqual(f.fontsTried, ["NanumGothic.ttf"])
        let advice = SweepReport.coverageAdvice(result.failures)
        XCTAssertEqual(advice.count, 2, advice.joined(separator: "\n"))
        XCTAssertTrue(advice[1].hasPrefix("  U+0531: installed in "), advice[1])
        // Every font named covers it, by its own cmap: find each file among the installed font folders.
        let named = advice[1].dropFirst("  U+0531: installed in ".count).components(separatedBy: ", ").map { $0.components(separatedBy: " and ")[0] }
        XCTAssertFalse(named.isEmpty)
        // Fonts other tests of this process registered are installed for it too (fontconfig's application fonts).
        let installed = ((FileManager.default.enumerator(atPath: "/usr/share/fonts")?.allObjects as? [String]) ?? [])
            .map { "/usr/share/fonts/" + $0 } + FontRegistry.registeredFaces.map(\.file.path)
        for name in named {
            let (file, face) = name.contains("#") ? (String(name.split(separator: "#")[0]), Int(name.split(separator: "#")[1]) ?? 0) : (name, 0)
            let path = try XCTUnwrap(installed.first { ($0 as NSString).lastPathComponent == file }, name)
            XCTAssertTrue(FontReference.covers(ayb, path: path, faceIndex: face), name)
        }
    }
}
