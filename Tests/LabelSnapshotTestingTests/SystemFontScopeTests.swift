import LabelSnapshotTesting
import Testing

@Suite struct SystemFontScopeTests {
    @Test func scopePointsTheSystemFontAtAnotherFamily() {
        // fc-list: DejaVu Sans Book is DejaVuSans.ttf, Bold DejaVuSans-Bold.ttf.
        let inside = withSnapshotTesting(systemFont: "DejaVu Sans") { Font.system(size: 17, weight: .bold).file.path }
        #expect(inside == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(Font.system(size: 17, weight: .bold).file.path.hasSuffix("/Inter-4.1.ttf"))   // the stand-in outside
    }
}
