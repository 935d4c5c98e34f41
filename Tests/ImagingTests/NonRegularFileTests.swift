import Foundation
import Imaging
import TestSupport
import XCTest

/// Every PNG file read (`fileContents`, `decode(contentsOf:)`, `textChunks(contentsOf:)`) refuses a FIFO and a
/// device at once, through the one checked open (`RegularFile`): a FIFO without a writer blocked `labelsnap info`
/// and `labelsnap diff` forever, and a character device never ends.
final class NonRegularFileTests: XCTestCase {
    func testAFIFOIsRefusedWithoutBlocking() throws {
        let fifo = try FIFOWatchdog()
        defer { fifo.remove() }
        let expected = PNGError.unreadableFile(path: fifo.path, reason: "it is a FIFO, not a regular file: nothing was read")
        let reads: [(String, () throws -> Void)] = [
            ("fileContents", { _ = try PNGCodec.fileContents(fifo.path) }),
            ("decode(contentsOf:)", { _ = try PNGCodec.decode(contentsOf: fifo.path) }),
            ("textChunks(contentsOf:)", { _ = try PNGCodec.textChunks(contentsOf: fifo.path) }),
        ]
        for (name, read) in reads {
            let (error, released) = fifo.run { () -> PNGError? in
                do { try read(); return nil } catch { return error as? PNGError }
            }
            XCTAssertFalse(released, "\(name) blocked on the FIFO until the watchdog opened it for writing")
            XCTAssertEqual(error, expected, name)
        }
        XCTAssertEqual(expected.description, "cannot read PNG file \(fifo.path): it is a FIFO, not a regular file: nothing was read. "
                       + "Check that the path exists, is a file and is readable.")
    }

    func testADeviceIsRefusedBeforeAByteIsRead() {
        for device in ["/dev/zero", "/dev/null"] {
            let expected = PNGError.unreadableFile(path: device, reason: "it is a character device, not a regular file: nothing was read")
            XCTAssertEqual(expectPNGError { try PNGCodec.fileContents(device) }, expected)
            XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: device) }, expected)
        }
    }

    func expectPNGError(_ body: () throws -> Any) -> PNGError? {
        do { _ = try body(); return nil } catch { return error as? PNGError }
    }
}
