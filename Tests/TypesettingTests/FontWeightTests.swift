import Testing
import Typesetting

/// Weights, italic and features. Expected faces from `fc-list : file family style weight` on Debian 12 and CSS
/// Fonts Level 4 §5.2 applied by hand; advances from `hb-shape` (HarfBuzz 6.0's utility, `libharfbuzz-bin`).
@Suite struct FontWeightTests {
    static let inter = "/usr/share/fonts/opentype/inter/"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    @Test func uikitRawValuesAndWeightClasses() {
        // UIFont.Weight's documented raw values, and the OpenType classes SF's nine weights carry.
        let expected: [(Font.Weight, Double, Double)] = [
            (.ultraLight, -0.8, 100), (.thin, -0.6, 200), (.light, -0.4, 300), (.regular, 0, 400), (.medium, 0.23, 500),
            (.semibold, 0.3, 600), (.bold, 0.4, 700), (.heavy, 0.56, 800), (.black, 0.62, 900),
        ]
        for (weight, raw, css) in expected {
            #expect(weight.rawValue == raw)
            #expect(abs(weight.cssWeight - css) < 1e-9)
            #expect(Font.Weight(cssWeight: css) == weight || abs(Font.Weight(cssWeight: css).rawValue - raw) < 1e-12)
        }
        // 650 is halfway between semibold (0.3) and bold (0.4).
        #expect(abs(Font.Weight(cssWeight: 650).rawValue - 0.35) < 1e-12)
        #expect(Font.Weight(name: "semibold") == .semibold)
        #expect(Font.Weight(name: "ultralight") == .ultraLight)
        #expect(Font.Weight(name: "heavyish") == nil)
    }

    @Test func cssWeightRule() {
        // CSS Fonts 4 §5.2 worked by hand.
        #expect(cssNearestWeight(600, among: [400, 700]) == 1)      // above 500: heavier first
        #expect(cssNearestWeight(600, among: [300, 500]) == 1)      // none heavier: lighter, descending
        #expect(cssNearestWeight(300, among: [200, 400]) == 0)      // below 400: lighter first
        #expect(cssNearestWeight(400, among: [300, 500]) == 1)      // 400: up to 500 first
        #expect(cssNearestWeight(450, among: [400, 700]) == 0)      // nothing in 450…500: lighter before 700
        #expect(cssNearestWeight(500, among: [300, 600]) == 0)      // 500: lighter before above 500
        #expect(cssNearestWeight(500, among: [], ) == nil)
    }

    @Test func systemFontFaces() {
        // Inter's nine static faces (fc-list: Inter-Thin weight 0 … Inter-Black 210, fontconfig's scale).
        let names = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        for (i, entry) in Font.Weight.all.enumerated() {
            #expect(Font.system(size: 13, weight: entry.weight).file.path == Self.inter + "Inter-\(names[i]).otf")
            #expect(Font.system(size: 20, weight: entry.weight).file.path == Self.inter + "InterDisplay-\(names[i]).otf")
        }
        let semibold = Font.system(size: 13, weight: .semibold)
        #expect(semibold.file.info?.postScriptName == "Inter-SemiBold")
        #expect(semibold.weight == .semibold)
        #expect(semibold.italic().file.path == Self.inter + "Inter-SemiBoldItalic.otf")
        #expect(semibold.italic().isItalic)
        #expect(Font.system(size: 13).italic().file.path == Self.inter + "Inter-Italic.otf")
        #expect(semibold.withWeight(.bold).file.path == Self.inter + "Inter-Bold.otf")
        // The design follows the size: 19 pt text, 20 pt display.
        var font = Font.system(size: 19, weight: .bold)
        #expect(font.file.path == Self.inter + "Inter-Bold.otf")
        font.pointSize = 20
        #expect(font.file.path == Self.inter + "InterDisplay-Bold.otf")
        #expect(font.withSize(12).file.path == Self.inter + "Inter-Bold.otf")
    }

    @Test func familyWeightsByCSSRule() throws {
        // DejaVu Sans (fc-list): ExtraLight 200, Book 400, Bold 700, Oblique 400, Bold Oblique 700 (and condensed).
        let book = Font.default(size: 17)
        #expect(book.weight == .regular)
        #expect(book.withWeight(.semibold).file.path == Self.dejaVu + "DejaVuSans-Bold.ttf")
        #expect(book.withWeight(.semibold).weight == .semibold)
        #expect(book.withWeight(.medium).file.path == Self.dejaVu + "DejaVuSans.ttf")
        #expect(book.withWeight(.thin).file.path == Self.dejaVu + "DejaVuSans-ExtraLight.ttf")
        #expect(book.withWeight(.ultraLight).file.path == Self.dejaVu + "DejaVuSans-ExtraLight.ttf")
        #expect(book.withWeight(.light).file.path == Self.dejaVu + "DejaVuSans-ExtraLight.ttf")
        #expect(book.withWeight(.black).file.path == Self.dejaVu + "DejaVuSans-Bold.ttf")
        #expect(book.italic().file.path == Self.dejaVu + "DejaVuSans-Oblique.ttf")
        #expect(book.withWeight(.bold).italic().file.path == Self.dejaVu + "DejaVuSans-BoldOblique.ttf")
        let family = try Font(family: "DejaVu Sans", size: 17, weight: .heavy, italic: true)
        #expect(family.file.path == Self.dejaVu + "DejaVuSans-BoldOblique.ttf")
        #expect(family.withWeight(.regular).italic().file.path == Self.dejaVu + "DejaVuSans-Oblique.ttf")
        #expect(throws: TypesettingError.self) { try Font(family: "No Such Family 12", size: 17, weight: .bold) }
    }

    @Test func tabularDigits() throws {
        // hb-shape Inter-Regular.otf "1111" / "8888": 1308 and 1736 units each; with --features=tnum both 1824.
        let font = Font(path: Self.inter + "Inter-Regular.otf", size: 13)
        let upem = Double(try FontFace.load(font.file).unitsPerEm)
        let ones = try Shaper.shape(Array("1111".utf16), font: font), eights = try Shaper.shape(Array("8888".utf16), font: font)
        #expect(ones.glyphs.map { $0.advance * upem } == [1308, 1308, 1308, 1308])
        #expect(eights.glyphs.map { $0.advance * upem } == [1736, 1736, 1736, 1736])
        let tabular = font.monospacedDigit()
        #expect(tabular.features == ["tnum": 1])
        let t1 = try Shaper.shape(Array("1111".utf16), font: tabular), t8 = try Shaper.shape(Array("8888".utf16), font: tabular)
        #expect(t1.glyphs.map { $0.advance * upem } == [1824, 1824, 1824, 1824])
        #expect(t1.width(0..<4) == t8.width(0..<4))
        var bad = font
        bad.features = ["toolong": 1]
        #expect(throws: TypesettingError.invalidFontFeature("toolong")) { try Shaper.shape(Array("1".utf16), font: bad) }
        // A valid tag with a value HarfBuzz cannot take is the value's error, not the tag's.
        bad.features = ["liga": -1]
        #expect(throws: TypesettingError.invalidFontFeatureValue(tag: "liga", value: -1)) { try Shaper.shape(Array("1".utf16), font: bad) }
        bad.features = ["tnum": Int(UInt32.max) + 1]
        #expect(throws: TypesettingError.invalidFontFeatureValue(tag: "tnum", value: 4294967296)) { try Shaper.shape(Array("1".utf16), font: bad) }
    }
}

@Suite struct LanguageFaceSwapTests {
    @Test func forLanguageKeepsAPrimaryOutsideTheCollection() {
        // Only faces of the Noto Sans CJK collection are swapped; DejaVu Sans and Inter stay primary.
        #expect(Font.default(size: 17).forLanguage("ko").file == .dejaVuSans)
        #expect(Font.system(size: 17).forLanguage("ja").file.path == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        let cjk = Font(file: .notoSansCJK, size: 17).forLanguage("ko")
        #expect(cjk.file.path == FontFile.notoSansCJK.path && cjk.file.faceIndex != FontFile.notoSansCJK.faceIndex)
    }
}
