import Foundation
import XCTest

/// `labelsnap --version` names the library version references record; `--insets nan,0,0,0` says finite numbers
/// are needed (it said "needs 4 comma-separated numbers" of four numbers).
final class VersionAndFiniteTests: XCTestCase {
    func testVersionAndNonFiniteInsets() throws {
        let cwd = FileManager.default.temporaryDirectory.path
        let version = try labelsnap(["--version"], cwd: cwd)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("labelsnap (LabelSnapshot "), version.stdout)
        let nan = try labelsnap(["render", "x", "--insets", "nan,0,0,0"], cwd: cwd)
        XCTAssertEqual(nan.status, 2)
        XCTAssertTrue(nan.stderr.contains("--insets needs 4 comma-separated finite numbers (not nan or inf)"), nan.stderr)
    }
}
