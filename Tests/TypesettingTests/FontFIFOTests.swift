import Foundation
import TestSupport
import XCTest

@testable import Typesetting

/// A font path that is a FIFO is refused by name before FreeType or fontconfig opens it: their `open(2)` waited
/// forever for a writer. `FIFOWatchdog` releases a reader that blocks, so a regression fails on `released`.
final class FontFIFOTests: XCTestCase {
    func testRegisteringAFIFOFileOrAFolderHoldingOneThrowsWithoutBlocking() throws {
        let fifo = try FIFOWatchdog()
        defer { fifo.remove() }
        let file = fifo.run(timeout: 20) { () -> FontRegistrationError? in
            do { try FontRegistry.register(fileAt: URL(fileURLWithPath: fifo.path)) } catch { return error as? FontRegistrationError }
            return nil
        }
        XCTAssertFalse(file.released, "register(fileAt:) blocked on a FIFO")
        XCTAssertEqual(file.result, FontRegistrationError.notARegularFile(path: fifo.path, kind: "a FIFO"))
        XCTAssertEqual(file.result?.description,
                       "font file \(fifo.path) is a FIFO, not a regular file: nothing was read from it; register font files (.ttf, .otf, .ttc, .otc)")

        // A folder with a real font and (a link to) a FIFO named like a font: refused by its name, nothing registered.
        let folder = NSTemporaryDirectory() + "labelsnap-fontfifo-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: FontFile.dejaVuSansBold.path, toPath: folder + "/a.ttf")
        try FileManager.default.createSymbolicLink(atPath: folder + "/z.ttf", withDestinationPath: fifo.path)
        let before = FontRegistry.registeredFaces.count
        let inFolder = fifo.run(timeout: 20) { () -> FontRegistrationError? in
            do { try FontRegistry.register(folder: URL(fileURLWithPath: folder)) } catch { return error as? FontRegistrationError }
            return nil
        }
        XCTAssertFalse(inFolder.released)
        XCTAssertEqual(inFolder.result, FontRegistrationError.inFolder(folder: folder, .notARegularFile(path: folder + "/z.ttf", kind: "a FIFO")))
        XCTAssertEqual(FontRegistry.registeredFaces.count, before)
    }

    func testAFontFileThatIsAFIFOIsRefusedWhenItsFaceIsOpened() throws {
        let fifo = try FIFOWatchdog()
        defer { fifo.remove() }
        let file = FontFile(path: fifo.path)
        let opened = fifo.run(timeout: 20) { () -> Error? in
            do { _ = try FontFace.load(Font(file: file, size: 17).file) } catch { return error }
            return nil
        }
        XCTAssertFalse(opened.released, "opening the face blocked on a FIFO")
        XCTAssertEqual(opened.result as? TypesettingError, TypesettingError.notARegularFile(path: fifo.path, kind: "a FIFO"))
        XCTAssertEqual((opened.result as? TypesettingError)?.description,
                       "font file \(fifo.path) is a FIFO, not a regular file: nothing was read from it; give a font file (.ttf, .otf, .ttc, .otc)")
        // What is read about a face without opening it for drawing: nothing, at once.
        let queried = fifo.run(timeout: 20) { (file.info, file.variationAxes, FontconfigResolver.shared.queryAll(path: fifo.path)) }
        XCTAssertFalse(queried.released, "querying the face blocked on a FIFO")
        XCTAssertNil(queried.result.0)
        XCTAssertEqual(queried.result.1, [])
        XCTAssertEqual(queried.result.2, [])
    }
}
