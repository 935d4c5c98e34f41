import Testing
import Typesetting

/// The truncation ellipsis is shaped once and kept for the process; the system font's stand-in adds tracking by
/// point size, so an ellipsis kept from one size must not be reused at another (its width would depend on which
/// label of the process was truncated first).
struct TrackedEllipsisTests {
    @Test func theEllipsisOfTheSystemFontHasTheTrackingOfItsOwnSize() throws {
        // Each size's width shaped afresh (no cache), then the cached ellipsis asked in an order that starts
        // with the largest size of each design.
        let sizes: [Double] = [40, 28, 20, 17, 12]
        for size in sizes {
            let font = Font.system(size: size)
            let fresh = try Shaper.shape(Array("\u{2026}".utf16), font: font, direction: .leftToRight)
            let cached = try Shaper.ellipsis(font: font)
            #expect(abs(cached.width(0..<1) - fresh.width(0..<1)) < 1e-9, "the ellipsis at \(size) pt")
        }
        // The tracking differs between these sizes (HIG: display 20 pt +0.019 em, 40 pt +0.010; text 12 pt 0,
        // 17 pt −0.026), so one width for all would not pass the check above.
        let em = { (size: Double) in try Shaper.ellipsis(font: .system(size: size)).width(0..<1) / size }
        #expect(try abs(em(20) - em(40) - 0.009) < 1e-6)
        #expect(try abs(em(12) - em(17) - 0.026) < 1e-6)
    }
}
