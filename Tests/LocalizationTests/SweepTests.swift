import CFreeType
import TestSupport
import Foundation
import LabelRendering
import LabelSnapshotTesting
import XCTest

/// The sweep against widths measured with FreeType alone (FontReference): which strings do not fit, by how
/// many points, and which characters the tail truncation removes.
final class SweepTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// Margin kept between a measured width and the edge, pt, so that rounding never decides a case.
    static let tolerance = 0.25

    func reference(_ texts: [String]) throws -> FontReference {
        try FontReference(path: Self.dejaVu, text: texts.joined() + "\u{2026} ")
    }

    /// A single-line tail-truncating badge: DejaVu Sans 15 pt, insets 4, 8, width 140 pt (124 pt of text), @2x.
    func badge() -> LabelStyle {
        var label = PaddedLabel("", font: Font(path: Self.dejaVu, size: 15), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.scale = 2
        return LabelStyle(label: label, width: 140)
    }

    /// The clusters of `text` that tail truncation keeps at `available` pt: the longest prefix whose width plus
    /// the ellipsis fits (docs/layout-rules.md, Truncation), white space before the "…" dropped; nil when it is too close to call.
    func expectedLost(_ text: String, available: Double, ref: FontReference) -> String? {
        let ellipsis = ref.width("\u{2026}", pointSize: 15)
        let chars = Array(text)
        var kept = 0
        for n in 1...chars.count {
            let w = ref.width(String(chars[..<n]), pointSize: 15) + ellipsis
            if abs(w - available) < Self.tolerance { return nil }
            if w <= available { kept = n } else { break }
        }
        return String(chars[kept...]).trimmingCharacters(in: .whitespaces)
    }

    func testKnownLongGermanAndRussianStringsWithTheirAmounts() throws {
        let strings: [(String, String)] = [
            ("de", "Neu"), ("de", "Kostenloser Versand"), ("de", "Empfehlung der Redaktion"), ("de", "Auf Lager"),
            ("ru", "Новинка"), ("ru", "Бесплатная доставка"), ("ru", "Молниеносная распродажа"), ("ru", "В наличии"),
        ]
        let table = StringTable(sourceLanguage: "en", strings: strings.enumerated().map {
            LocalizedString(key: "badge.\($0.offset)", locale: $0.element.0, format: $0.element.1, state: .translated)
        })
        let ref = try reference(strings.map(\.1))
        let result = try Sweep(table: table, style: badge()).run()
        let available = 124.0
        var expectedFailures = 0
        for (i, (locale, text)) in strings.enumerated() {
            let width = ref.width(text, pointSize: 15)
            XCTAssertGreaterThan(abs(width - available), Self.tolerance, "\(text) is too close to the edge for this test")
            let failure = result.failures.first { $0.key == "badge.\(i)" }
            guard width > available else { XCTAssertNil(failure, "\(text) is \(width) pt and fits \(available) pt"); continue }
            expectedFailures += 1
            guard let f = failure else { XCTFail("\(text) (\(width) pt) is not reported"); continue }
            XCTAssertEqual(f.locale, locale)
            XCTAssertEqual(f.overflow, width - available, accuracy: 0.01, text)
            XCTAssertEqual(f.overflowAxis, .width)
            XCTAssertEqual(f.maxLines, 1)
            XCTAssertEqual(f.lines, 2, "\(text) wraps to two lines at 124 pt")
            XCTAssertEqual(f.state, .translated)
            XCTAssertEqual(f.truncation, .byTruncatingTail)
            if let lost = expectedLost(text, available: available, ref: ref) { XCTAssertEqual(f.lost, lost, text) }
        }
        XCTAssertEqual(result.failures.count, expectedFailures)
        XCTAssertEqual(expectedFailures, 4, "the four long strings")
        XCTAssertEqual(result.summaries.map(\.locale), ["de", "ru"])
        XCTAssertEqual(result.summaries.map(\.failed), [2, 2])
    }

    /// A two-line label: the lines a long Russian sentence needs, counted by greedy word wrapping with
    /// reference widths, and the height of the lines cut off.
    func testMultiLineLabelReportsLinesAndHeight() throws {
        let text = "Разрешите доступ к геопозиции, чтобы видеть магазины рядом с вами в любое время"
        var style = badge()
        style.width = 200
        style.label.numberOfLines = 2
        let ref = try reference([text])
        var lines: [String] = []
        for word in text.split(separator: " ") {
            let candidate = lines.isEmpty ? String(word) : lines[lines.count - 1] + " " + word
            if !lines.isEmpty, ref.width(candidate, pointSize: 15) <= 184 { lines[lines.count - 1] = candidate }
            else { lines.append(String(word)) }
        }
        XCTAssertGreaterThan(lines.count, 2)
        let f = try XCTUnwrap(try FitCheck.check(text, style: style, language: "ru"))
        XCTAssertEqual(f.lines, lines.count)
        XCTAssertEqual(f.maxLines, 2)
        XCTAssertEqual(f.axis, .height)
        // Baselines sit on the pixel grid: each line box is the line height to within a pixel (0.5 pt @2x).
        XCTAssertEqual(f.overflow, Double(lines.count - 2) * ref.lineHeight(pointSize: 15), accuracy: 0.5)
        XCTAssertTrue(lines.dropFirst(2).joined(separator: " ").hasSuffix(f.lost), "\(f.lost)")
    }

    /// A translation far longer than any label could draw (here about 24,000 pt on one line: 48,000 px at @2x,
    /// beyond the bitmap's 32,768 px a side): the sweep's own measuring labels draw nothing, so they are not held to the bitmap limit;
    /// the string is reported with its real overflow instead of stopping the sweep with "label of 240000×47 px
    /// exceeds the limit", and its contact-sheet cell shows at most 40 lines of the whole text.
    func testATextLongerThanAnyBitmapIsMeasuredNotRefused() throws {
        let long = String(repeating: "Wort ", count: 600).trimmingCharacters(in: .whitespaces)
        let ref = try reference([long])
        let width = ref.width(long, pointSize: 15)
        XCTAssertGreaterThan(width * 2, Double(PaddedLabel.maximumPixelDimension), "wider than a bitmap may be")
        let table = StringTable(sourceLanguage: "en", strings: [
            LocalizedString(key: "legal", locale: "de", format: long, state: .translated),
            LocalizedString(key: "ok", locale: "de", format: "Neu", state: .translated),
        ])
        let result = try Sweep(table: table, style: badge()).run()
        let f = try XCTUnwrap(result.failures.first { $0.key == "legal" })
        XCTAssertEqual(result.failures.count, 1)
        XCTAssertGreaterThanOrEqual(Double(f.lines), width / 124, "lines at the label's width, no line limit")
        XCTAssertEqual(f.maxLines, 1)
        XCTAssertEqual(f.overflowAxis, .width)
        XCTAssertEqual(f.overflow, width - 124, accuracy: 1, "natural width minus the 124-pt text rect")

        // Two lines of 184 pt: the text needs at least its width / 184 lines, each a line height tall.
        var paragraph = badge()
        paragraph.width = 200
        paragraph.label.numberOfLines = 2
        let wrapped = try XCTUnwrap(try FitCheck.check(long, style: paragraph, language: "de"))
        XCTAssertGreaterThanOrEqual(Double(wrapped.lines), width / 184)
        XCTAssertEqual(wrapped.maxLines, 2)
        XCTAssertEqual(wrapped.overflow, Double(wrapped.lines - 2) * ref.lineHeight(pointSize: 15), accuracy: Double(wrapped.lines) * 0.5)
        let failures = try Sweep(table: table, style: paragraph).run().failures
        XCTAssertEqual(failures.map(\.lines), [wrapped.lines])
        let sheet = try SweepContactSheet.render(locale: "de", failures: failures, style: paragraph)
        // 40 lines of 17.46 pt at @2x, plus headers and padding: far from the 32768-px limit.
        XCTAssertGreaterThan(wrapped.lines, SweepContactSheet.maximumWholeTextLines)
        XCTAssertLessThan(sheet.height, Int(Double(SweepContactSheet.maximumWholeTextLines) * ref.lineHeight(pointSize: 15) * 2) + 400)
    }

    func testPseudoLocaleLengthsAndMirroring() throws {
        XCTAssertEqual(PseudoLocale.accented.transform("Hello"), "[Ĥéļļö]")
        for source in ["Free shipping today", "Sign in", "Turn on notifications to never miss a deal"] {
            let pseudo = PseudoLocale.accented.transform(source)
            XCTAssertEqual(pseudo.count, max(source.count + 2, Int((Double(source.count) * 1.4).rounded(.up))), pseudo)
            XCTAssertTrue(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
            XCTAssertFalse(pseudo.contains { $0.isASCII && $0.isLetter }, "every letter is accented: \(pseudo)")
        }
        let formatted = PseudoLocale.accented.transform("Save %lld%% on %1$@")
        XCTAssertTrue(formatted.contains("%lld") && formatted.contains("%%") && formatted.contains("%1$@"), formatted)
        XCTAssertEqual(PseudoLocale.rightToLeft.transform("Sign in"),
                       "\u{200F}\u{202E}Sign\u{202C}\u{200F} \u{200F}\u{202E}in\u{202C}\u{200F}")
        // The sweep checks the source strings in both pseudo-locales; en-XA fails where the accented text is wider.
        let sources = ["Sign in", "Ships today", "Limited edition"]
        let table = StringTable(sourceLanguage: "en", strings: sources.enumerated().map {
            LocalizedString(key: "k\($0.offset)", locale: "en", format: $0.element)
        } + [LocalizedString(key: "k0", locale: "de", format: "Anmelden")])
        let result = try Sweep(table: table, style: badge(), pseudoLocales: [.accented, .rightToLeft]).run()
        XCTAssertEqual(result.summaries.map(\.locale), ["en", "de", "en-XA", "ar-XB"])
        XCTAssertEqual(result.summaries.map(\.checked), [3, 1, 3, 3])
        let pseudoTexts = sources.map(PseudoLocale.accented.transform)
        let ref = try reference(sources + pseudoTexts)
        var expected: [String] = []
        for (i, (source, pseudo)) in zip(sources, pseudoTexts).enumerated() {
            XCTAssertLessThan(ref.width(source, pointSize: 15), 124 - Self.tolerance, source)
            let w = ref.width(pseudo, pointSize: 15)
            XCTAssertGreaterThan(abs(w - 124), Self.tolerance, pseudo)
            if w > 124 { expected.append("k\(i)") }
        }
        XCTAssertEqual(result.failures.filter { $0.locale == "en-XA" }.map(\.key), expected)
        XCTAssertFalse(expected.isEmpty)
        XCTAssertTrue(result.failures.filter { $0.locale == "en" }.isEmpty)
    }

    /// The family name of a face, read with FreeType.
    func family(_ file: FontFile) -> String? {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        guard FT_New_Face(lib, file.path, FT_Long(file.faceIndex), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        return face.pointee.family_name.map { String(cString: $0) }
    }

    func testCJKFaceChosenByLanguage() throws {
        func cjkFamily(_ text: String, language: String?) throws -> String? {
            var label = PaddedLabel(text, font: Font(path: Self.dejaVu, size: 17))
            label.language = language
            return try label.makeLayout().fontsUsed.dropFirst().compactMap(family).first
        }
        XCTAssertEqual(try cjkFamily("한국어 漢字", language: "ko"), "Noto Sans CJK KR")
        XCTAssertEqual(try cjkFamily("漢字です", language: "ja"), "Noto Sans CJK JP")
        XCTAssertEqual(try cjkFamily("汉字", language: "zh-Hans"), "Noto Sans CJK SC")
        XCTAssertEqual(try cjkFamily("漢字", language: "zh-Hant"), "Noto Sans CJK TC")
        XCTAssertEqual(try cjkFamily("漢字", language: "zh-TW"), "Noto Sans CJK TC")
        // Guessed from the text when nil: Hangul without kana is Korean, kana is Japanese.
        XCTAssertEqual(try cjkFamily("한국어 漢字", language: nil), "Noto Sans CJK KR")
        XCTAssertEqual(try cjkFamily("한국어とかな", language: nil), "Noto Sans CJK JP")
        XCTAssertEqual(try cjkFamily("漢字", language: nil), "Noto Sans CJK JP", "Han alone keeps the default chain")
        // Han glyphs differ by design between the faces (骨 is drawn differently in Chinese and Japanese).
        var ko = PaddedLabel("骨", font: Font(path: Self.dejaVu, size: 40)); ko.language = "zh-Hans"
        var ja = ko; ja.language = "ja"
        XCTAssertNotEqual(try ko.render(), try ja.render())
    }

    func testStyleFromJSONWithOverridesAndErrors() throws {
        let json = """
        {"font": "DejaVu Sans", "size": 15, "insets": [4, 8, 4, 8], "width": 120, "numberOfLines": 1,
         "lineBreakMode": "tail", "scale": 2, "samples": {"string": "Jo", "integer": 7},
         "overrides": [{"keys": "onboarding.*", "width": 280, "numberOfLines": 2}, {"keys": ["a?c"], "size": 11}]}
        """
        let style = try LabelStyle(json: Array(json.utf8), file: "style.json")
        XCTAssertEqual(style.width, 120)
        XCTAssertEqual(style.label.font.pointSize, 15)
        XCTAssertEqual(style.label.insets, EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(style.samples.string, "Jo")
        let onboarding = style.resolved(forKey: "onboarding.welcome")
        XCTAssertEqual(onboarding.width, 280)
        XCTAssertEqual(onboarding.label.numberOfLines, 2)
        XCTAssertEqual(onboarding.label.font.pointSize, 15)
        XCTAssertEqual(style.resolved(forKey: "abc").label.font.pointSize, 11)
        XCTAssertEqual(style.resolved(forKey: "badge.new").width, 120)
        XCTAssertThrowsError(try LabelStyle.load(path: StringResourcesTests.fixtures + "/Broken/style-unknown-key.json")) {
            let e = $0 as? StringResourceError
            XCTAssertEqual(e?.line, 3)
            XCTAssertTrue(e?.message.contains("did you mean \"size\"") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try LabelStyle(json: Array("{\"width\": 100,\n\"numberOfLines\": -1}".utf8), file: "s.json")) {
            XCTAssertEqual(($0 as? StringResourceError)?.line, 2)
        }
    }

    /// A style whose values are each in range but not together (size × scale), or whose font file is no font,
    /// is refused when it is read, naming the style; ranges read as written ("0…1000000", not "0.0…1000000.0").
    func testAStyleThatCannotLayOutIsRefusedWithItsFile() {
        let cases: [(String, String)] = [
            (#"{"width": 100, "scale": 16, "size": 10000}"#,
             "s.json:1: font size × scale = 160000 px per em exceeds 16384: use a smaller font size or scale"),
            (#"{"width": 100, "font": "/etc/hostname"}"#, "s.json:1: FreeType cannot open face 0 of /etc/hostname"),
            (#"{"width": -1}"#, #"s.json:1: "width" must be within 0…1000000, got -1"#),
            (#"{"width": 100, "size": 0.001}"#, #"s.json:1: "size" must be within 0.01…10000, got 0.001"#),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try LabelStyle(json: Array(json.utf8), file: "s.json"), json) {
                XCTAssertTrue("\($0)".hasPrefix(message), "\($0)")
            }
        }
    }

    /// The example catalog (50 keys × 6 languages) and badge style: German and Russian strings cut off are
    /// exactly those whose measured width exceeds the text rect; `verifyLabelsFit` lists them.
    func testExampleCatalogReportsExactlyTheStringsCutOff() throws {
        let catalog = Self.packageRoot + "/Examples/Sweep/Localizable.xcstrings"
        let style = try LabelStyle.load(path: Self.packageRoot + "/Examples/Sweep/badge-style.json")
        let table = try StringTable.read(path: catalog)
        XCTAssertEqual(table.keys.count, 50)
        XCTAssertEqual(table.locales.count, 6)
        let chosen = table.strings.filter { ["de", "ru"].contains($0.locale) && $0.key.hasPrefix("badge.") }
        let texts = chosen.map { FormatSpecifiers.expand($0.format, pluralArguments: $0.pluralArguments, locale: $0.locale) }
        let ref = try FontReference(path: Self.dejaVu, text: texts.joined() + "\u{2026}")
        let available = Double(style.width - style.label.insets.horizontal)
        let size = style.label.font.pointSize
        var expected: Set<String> = []
        for (s, text) in zip(chosen, texts) {
            let w = ref.width(text, pointSize: size)
            XCTAssertGreaterThan(abs(w - available), Self.tolerance, "\(text): too close to call")
            if w > available { expected.insert("\(s.locale) \(s.key) \(s.variant)") }
        }
        let result = try Sweep(table: table, style: style, locales: ["de", "ru"]).run()
        let reported = Set(result.failures.filter { $0.key.hasPrefix("badge.") }.map { "\($0.locale) \($0.key) \($0.variant)" })
        XCTAssertEqual(reported, expected)
        XCTAssertFalse(expected.isEmpty)
        // assertLabelsFit fails with the same list and numbers.
        let message = try XCTUnwrap(verifyLabelsFit(catalog: "Examples/Sweep/Localizable.xcstrings", style: style,
                                                    locales: ["de", "ru"]))
        XCTAssertEqual(message, SweepReport.text(result))
        for f in result.failures { XCTAssertTrue(message.contains(SweepReport.failureLine(f)), f.key) }
        XCTAssertNil(verifyLabelsFit(catalog: table, style: LabelStyle(label: style.label, width: 2000), locales: ["de"]))
    }
}

extension SweepTests {
    /// A text style and content size category instead of a size: Apple's table (body is 17 pt at L, 28 at AX1).
    func testStyleWithTextStyleAndContentSizeCategory() throws {
        let json = #"{"font": "DejaVu Sans", "textStyle": "body", "contentSizeCategory": "AX1", "width": 100,"# + "\n"
            + #" "overrides": [{"keys": "small.*", "contentSizeCategory": "extraSmall"}]}"#
        let style = try LabelStyle(json: Array(json.utf8), file: "s.json")
        XCTAssertEqual(style.label.font.pointSize, 28)
        XCTAssertEqual(style.resolved(forKey: "small.x").label.font.pointSize, 14)
        XCTAssertThrowsError(try LabelStyle(json: Array(#"{"width": 1, "size": 3,"# .utf8) + Array("\n\"textStyle\": \"body\"}".utf8), file: "s.json")) {
            XCTAssertEqual(($0 as? StringResourceError)?.line, 2, "\($0)")
        }
    }

    /// A category without a text style would change nothing (the fixed 17 pt font does not scale):
    /// refused with its line, in the style and in an override whose style has no text style either.
    func testContentSizeCategoryWithoutATextStyleIsRefused() throws {
        for json in [#"{"width": 160,"# + "\n" + #""contentSizeCategory": "AX5"}"#,
                     #"{"width": 160, "size": 15, "overrides": ["# + "\n" + #"{"keys": "a.*", "contentSizeCategory": "AX5"}]}"#] {
            XCTAssertThrowsError(try LabelStyle(json: Array(json.utf8), file: "s.json"), json) {
                let error = $0 as? StringResourceError
                XCTAssertEqual(error?.line, 2, "\($0)")
                XCTAssertTrue("\($0)".contains("\"contentSizeCategory\" only scales a Dynamic Type font: add \"textStyle\""), "\($0)")
            }
        }
        // An override may set only the category when its style gives the text style (as above), or set both.
        let both = #"{"width": 160, "overrides": [{"keys": "a.*", "textStyle": "body", "contentSizeCategory": "AX1"}]}"#
        XCTAssertEqual(try LabelStyle(json: Array(both.utf8), file: "s.json").resolved(forKey: "a.b").label.font.pointSize, 28)
    }
}

extension SweepTests {
    /// A single-line label whose text has a hard line break loses the second line: reported as height, the
    /// second line's box (DejaVu Sans line height at 15 pt, to within the pixel grid).
    func testHardLineBreakInASingleLineLabel() throws {
        let ref = try reference(["Neu\nJetzt"])
        let f = try XCTUnwrap(try FitCheck.check("Neu\nJetzt", style: badge(), language: "de"))
        XCTAssertEqual(f.lines, 2)
        XCTAssertEqual(f.maxLines, 1)
        XCTAssertEqual(f.axis, .height)
        XCTAssertEqual(f.overflow, ref.lineHeight(pointSize: 15), accuracy: 0.5)
        XCTAssertEqual(f.lost, "Jetzt")
    }
}

extension SweepTests {
    /// `--locales de,de` (and `locales: ["de", "de"]`) checks `de` once, never a duplicate dictionary key that would
    /// crash the process; `locales: []` is refused rather than passing with nothing checked.
    func testRepeatedLocalesAreCheckedOnceAndAnEmptyListIsRefused() throws {
        let table = try StringTable.read(path: Self.packageRoot + "/Examples/Sweep/Localizable.xcstrings")
        let style = try LabelStyle.load(path: Self.packageRoot + "/Examples/Sweep/badge-style.json")
        let once = try Sweep(table: table, style: style, locales: ["de"]).run()
        let twice = try Sweep(table: table, style: style, locales: ["de", "de"]).run()
        XCTAssertEqual(twice.checked, once.checked)
        XCTAssertEqual(twice.failures.map(\.key), once.failures.map(\.key))
        XCTAssertEqual(twice.summaries.map(\.locale), ["de"])
        let mixed = try Sweep(table: table, style: style, locales: ["ru", "de", "ru"]).chosenLocales()
        XCTAssertEqual(mixed, ["ru", "de"])
        // BCP 47 tags are case-insensitive: `DE` is the table's `de` (`--locales DE` was once refused).
        let cased = try Sweep(table: table, style: style, locales: ["DE", "de", "Ru"]).chosenLocales()
        XCTAssertEqual(cased, ["de", "ru"])
        // A POSIX name or a region the table lacks falls back to the language, as a bundle's lookup does
        // (`--locales de_DE` was refused); one whose language the table lacks is still unknown.
        let regional = try Sweep(table: table, style: style, locales: ["de_DE", "ru-RU", "de-AT"]).chosenLocales()
        XCTAssertEqual(regional, ["de", "ru"])
        XCTAssertThrowsError(try Sweep(table: table, style: style, locales: ["it_IT"]).chosenLocales())
        XCTAssertThrowsError(try Sweep(table: table, style: style, locales: ["deu"]).chosenLocales()) { error in
            XCTAssertTrue(error is Sweep.UnknownLocale, "\(error)")
        }

        XCTAssertThrowsError(try Sweep(table: table, style: style, locales: []).run()) { error in
            XCTAssertTrue(error is Sweep.NoLocales, "\(error)")
        }
        let message = try XCTUnwrap(verifyLabelsFit(catalog: table, style: style, locales: []))
        XCTAssertTrue(message.contains("no locales to check"), message)
    }
}
