import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Many threads laying out and rendering at once, with good fonts, broken fonts and giant glyphs
/// mixed: the shared font cache and the per-face locks hold (run under ThreadSanitizer by
/// Scripts/sanitize.sh), and every thread gets the same bytes as a serial run.
final class ConcurrencyTests: XCTestCase {
    static let broken = Scratch.file("concurrent-broken.ttf", Data(pseudoRandomBytes(5000, seed: 9)))

    static func label(_ i: Int) -> PaddedLabel {
            let fonts: [Font] = [.default(size: 11 + Double(i % 5)),
                                 Font(file: .nanumGothic, size: 14, fallbacks: [.dejaVuSans, .notoColorEmoji]),
                                 Font(path: broken, size: 12, fallbacks: []),
                                 Font(file: .dejaVuSans, size: 13, fallbacks: [FontFile(path: broken), .nanumGothic])]
            var l = PaddedLabel("Thread \(i % 7) 않이 패딩 👍🏽 \u{301}\u{0}", font: fonts[i % fonts.count], insets: EdgeInsets(all: 3))
            l.numberOfLines = i % 3
            l.scale = CGFloat(1 + i % 3)
            l.bounds = i % 2 == 0 ? nil : CGRect(x: 0, y: 0, width: 90, height: 40)
            return l
        }
    static func outcome(_ i: Int) -> String {
        do { return "\(try label(i).render().pixels.hashValue)" } catch { return "\(error)" }
    }

    final class Results: @unchecked Sendable {
        let lock = NSLock()
        var values: [String]
        init(_ count: Int) { values = Array(repeating: "", count: count) }
    }

    func testConcurrentRenderingWithBrokenFontsIsDeterministic() throws {
        let count = 48
        let serial = (0..<count).map(Self.outcome)
        XCTAssertEqual(serial.filter { $0.contains("FreeType cannot open") }.count, count / 4)
        let results = Results(count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let value = Self.outcome(i)
            results.lock.lock(); results.values[i] = value; results.lock.unlock()
        }
        XCTAssertEqual(results.values, serial)
    }
}
