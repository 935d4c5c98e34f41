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
        // The bundled variable font at each weight's CSS class (100 … 900), the design's opsz (14 text, 32 display).
        for (i, entry) in Font.Weight.all.enumerated() {
            for (size, opsz) in [(13.0, 14.0), (20.0, 32.0)] {
                let font = Font.system(size: size, weight: entry.weight)
                #expect(font.file.path.hasSuffix("/Inter-4.1.ttf"))
                #expect(font.file.adjustment?.axes == ["wght": Double((i + 1) * 100), "opsz": opsz])
            }
        }
        let semibold = Font.system(size: 13, weight: .semibold)
        #expect(semibold.weight == .semibold)
        #expect(semibold.italic().file.path.hasSuffix("/Inter-4.1-Italic.ttf"))
        #expect(semibold.italic().isItalic)
    }
}

@Suite struct LanguageFaceSwapTests {
    @Test func forLanguageKeepsAPrimaryOutsideTheCollection() {
        // Only faces of the Noto Sans CJK collection are swapped; DejaVu Sans and Inter stay primary.
        #expect(Font.default(size: 17).forLanguage("ko").file == .dejaVuSans)
        #expect(Font.system(size: 17).forLanguage("ja").file == Font.system(size: 17).file)
        let cjk = Font(file: .notoSansCJK, size: 17).forLanguage("ko")
        #expect(cjk.file.path == FontFile.notoSansCJK.path && cjk.file.faceIndex != FontFile.notoSansCJK.faceIndex)
    }
}
