import Testing
import Typesetting

/// `FontFile` keeps its path, adjustment and variations in one shared box: it must still behave as a value.
@Suite struct FontFileValueTests {
    static let inter = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    @Test func aChangedCopyLeavesTheOriginalAlone() {
        let original = FontFile(path: Self.inter, variations: ["wght": 650])
        var copy = original
        copy.variations["wght"] = 700
        copy.path = "other.ttf"
        copy.adjustment = FaceAdjustment(ascent: 1, descent: 0.25, lineGap: 0, sizeAdjust: 1)
        #expect(original.path == Self.inter)
        #expect(original.variations == ["wght": 650])
        #expect(original.adjustment == nil)
        #expect(copy.path == "other.ttf" && copy.variations == ["wght": 700] && copy.adjustment?.descent == 0.25)
    }

    @Test func equalityAndHashingFollowEveryField() {
        let a = FontFile(path: Self.inter, faceIndex: 1, variations: ["wght": 650, "opsz": 15])
        let b = FontFile(path: Self.inter, faceIndex: 1, variations: ["opsz": 15, "wght": 650])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        var otherIndex = a
        otherIndex.faceIndex = 0
        var otherAxis = a
        otherAxis.variations["wght"] = 651
        var otherPath = a
        otherPath.path = Self.inter + "x"
        var adjusted = a
        adjusted.adjustment = FaceAdjustment(ascent: 1, descent: 0.25, lineGap: 0, sizeAdjust: 1)
        #expect(Set([a, otherIndex, otherAxis, otherPath, adjusted]).count == 5)
        #expect(FontFile(path: Self.inter) != FontFile(path: Self.inter, variations: ["wght": 400]))
    }
}
