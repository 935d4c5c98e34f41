import Foundation
import TestSupport
import Testing
import Typesetting

/// Variable fonts by axis. Expected advances from `hb-shape --variations` (HarfBuzz's own utility, apt
/// `libharfbuzz-bin`) on Debian's Inter variable font (apt `fonts-inter-variable`), run at test time.
@Suite struct FontVariationTests {
    static let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
    static let text = "Semibold Badge 42"

    static func advances(_ font: Font) throws -> [Int] {
        let upem = Double(try FontFace.load(font.file).unitsPerEm)
        return try Shaper.shape(Array(text.utf16), font: font).glyphs.map { Int(($0.advance * upem).rounded()) }
    }

    @Test func wght650LiesBetween600And700AndIsHBShapes() throws {
        let font = Font(path: Self.interVariable, size: 15, variations: ["wght": 650])
        #expect(font.variations == ["wght": 650])
        let shaped = try Self.advances(font)
        #expect(shaped == (try HBShape.advances(path: Self.interVariable, text: Self.text, variations: "wght=650")))
        let at600 = try Self.advances(Font(path: Self.interVariable, size: 15, variations: ["wght": 600]))
        let at700 = try Self.advances(Font(path: Self.interVariable, size: 15, variations: ["wght": 700]))
        #expect(at600 == (try HBShape.advances(path: Self.interVariable, text: Self.text, variations: "wght=600")))
        #expect(at600.reduce(0, +) < shaped.reduce(0, +) && shaped.reduce(0, +) < at700.reduce(0, +))
        // Glyph by glyph not always (kerned pairs and spacing move apart); the line's width does.
    }

    @Test func outlinesFollowTheInstance() throws {
        // The bold instance's stems are wider: the ink of "l" at 100 px grows from wght 400 to 700.
        func inkWidth(_ wght: Double) throws -> Int {
            let font = Font(path: Self.interVariable, size: 100, variations: ["wght": wght])
            let face = try FontFace.load(font.file)
            let glyph = try Shaper.shape(Array("l".utf16), font: font).glyphs[0].glyphID
            return face.glyphImage(glyph, pixelSize: 100, phase: 0, imageScale: 1).width
        }
        #expect(try inkWidth(400) < inkWidth(700))
    }

    @Test func axesAndErrors() throws {
        // fc-query Inter-roman.var.ttf: one axis, wght 100…900 (named instances Inter_100wght … Inter_900wght).
        #expect(FontFile(path: Self.interVariable).variationAxes.map(\.tag) == ["wght"])
        #expect(FontFile(path: Self.interVariable).variationAxes.first.map { [$0.minimum, $0.defaultValue, $0.maximum] } == [100, 400, 900])
        #expect(FontFile.dejaVuSans.variationAxes.isEmpty)
        // No opsz axis here: the point size sets nothing.
        #expect(Font(path: Self.interVariable, size: 15, variations: [:]).variations.isEmpty)
        // Clamped to the axis, as Core Text clamps: 1000 draws 900.
        #expect(try Self.advances(Font(path: Self.interVariable, size: 15, variations: ["wght": 1000]))
                == (try HBShape.advances(path: Self.interVariable, text: Self.text, variations: "wght=900")))
        #expect(throws: TypesettingError.invalidVariation(tag: "wdth", path: Self.interVariable, axes: ["wght"])) {
            try Shaper.shape(Array("a".utf16), font: Font(path: Self.interVariable, size: 15, variations: ["wdth": 80]))
        }
        #expect(throws: TypesettingError.invalidVariation(tag: "wght", path: FontFile.dejaVuSans.path, axes: [])) {
            try Shaper.shape(Array("a".utf16), font: Font(path: FontFile.dejaVuSans.path, size: 15, variations: ["wght": 600]))
        }
        #expect(FontFile(path: "/a.ttf", variations: ["wght": 650, "opsz": 15.5]).description == "/a.ttf[opsz=15.5,wght=650]")
    }
}
