import Foundation
import Localization
import SnapshotStore

/// Lays out every string of `catalog` in `style` (all of the catalog's locales, or `locales`) and returns the
/// failure message listing the strings that do not fit or that no font of the label's chain covers (drawn as
/// .notdef boxes: the code points, the fonts tried and what to install) — the same lines and numbers as
/// `labelsnap sweep` — or nil when all fit. What `assertLabelsFit` reports.
/// - Parameters:
///   - catalog: the strings (`StringTable.read(path:)`).
///   - style: the label they go into (`LabelStyle(...)` or `LabelStyle.load(packagePath:)`).
///   - locales: the locales to check; nil = all of the catalog's.
///   - pseudoLocales: pseudo-locales made from the source strings (`.accented`, `.rightToLeft`).
/// - Returns: the report of the strings that do not fit, or nil when all fit.
public func verifyLabelsFit(catalog: StringTable, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = []) -> String? {
    do {
        let result = try Sweep(table: catalog, style: style, locales: locales, pseudoLocales: pseudoLocales).run()
        return result.fits ? nil : SweepReport.text(result)
    } catch {
        return "Could not check the strings: \(error)"
    }
}

/// `path`, or when relative, `path` in the package root of `filePath` (the nearest folder above holding
/// `Package.swift`, as for `__Snapshots__`): the same file whatever the working folder (an IDE's runner, a
/// test bundle started by a script from elsewhere).
func packagePath(_ path: String, file filePath: String) -> String {
    path.hasPrefix("/") ? path : SnapshotLocation.packageRoot(containing: filePath) + "/" + path
}

extension LabelStyle {
    /// Reads a style file (JSON, see `LabelStyle`) for a test: a relative `packagePath` is taken from the package
    /// root of `filePath` (the calling test file), as `assertLabelsFit(catalog:)` takes its catalog, so both read
    /// the same files from any working folder (`LabelStyle.load(packagePath: "Examples/Sweep/badge-style.json")`).
    /// `load(path:)` takes a relative path from the working folder, as `labelsnap sweep --style` does.
    /// - Parameters:
    ///   - path: the style file; a relative path is taken from the package root.
    ///   - filePath: the calling test file (`#filePath`, default), whose package root a relative `path` starts from.
    /// - Returns: the style.
    /// - Throws: as `load(path:)`; errors name the resolved path.
    public static func load(packagePath path: String, file filePath: StaticString = #filePath) throws -> LabelStyle {
        try load(packagePath: path, file: "\(filePath)")
    }

    /// `load(packagePath:file:)` with the test file as a runtime path (the package's own tests point it into a
    /// throw-away package).
    package static func load(packagePath path: String, file filePath: String) throws -> LabelStyle {
        let full = packagePath(path, file: filePath)
        return try LabelStyle(json: try StringTable.bytes(ofFile: full), file: full)
    }
}

/// `verifyLabelsFit` for a catalog file: an `.xcstrings`, a `.strings`/`.stringsdict` in an `xx.lproj`, or a
/// folder of them; a relative path is taken from the package root of `filePath` (as `__Snapshots__`).
/// - Parameters:
///   - path: the catalog file or folder; a relative path is taken from the package root.
///   - style: the label the strings go into.
///   - locales: the locales to check; nil = all of the catalog's.
///   - pseudoLocales: pseudo-locales made from the source strings (`.accented`, `.rightToLeft`).
///   - filePath: the calling test file (`#filePath`, default), whose package root a relative `path` starts from.
/// - Returns: the report of the strings that do not fit (or why the catalog cannot be read), or nil when all fit.
public func verifyLabelsFit(catalog path: String, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], file filePath: StaticString = #filePath) -> String? {
    verifyLabelsFit(catalog: path, style: style, locales: locales, pseudoLocales: pseudoLocales, file: "\(filePath)")
}

/// `verifyLabelsFit(catalog:style:locales:pseudoLocales:file:)` with the test file as a runtime path (the package's
/// own tests point it into a throw-away package).
package func verifyLabelsFit(catalog path: String, style: LabelStyle, locales: [String]? = nil,
                             pseudoLocales: [PseudoLocale] = [], file filePath: String) -> String? {
    let full = packagePath(path, file: filePath)
    do {
        return verifyLabelsFit(catalog: try StringTable.read(path: full), style: style, locales: locales,
                               pseudoLocales: pseudoLocales)
    } catch {
        return "Could not read the strings: \(error)"
    }
}

/// Asserts that every string of `catalog` fits `style` in every locale (or `locales`): fails the test
/// (`XCTFail` / `Issue.record`) with the list of strings that are truncated, clipped or lose lines,
/// each with its lines used of allowed, points of overflow, the characters lost and the translation state,
/// and of the strings with code points no font covers (named, with the fonts tried; hidden text included).
///
/// ```swift
/// func testBadgesFit() throws {
///     let style = try LabelStyle.load(packagePath: "Examples/Sweep/badge-style.json")
///     assertLabelsFit(catalog: "Examples/Sweep/Localizable.xcstrings", style: style, locales: ["de", "ru"])
/// }
/// ```
/// - Parameters:
///   - path: the catalog file or folder (`.xcstrings`, `.strings`/`.stringsdict` in an `xx.lproj`); a relative path
///     is taken from the package root of `filePath`.
///   - style: the label the strings go into.
///   - locales: the locales to check; nil = all of the catalog's.
///   - pseudoLocales: pseudo-locales made from the source strings (`.accented`, `.rightToLeft`).
///   - fileID: `#fileID` (default): with `line` and `column`, where the issue is reported.
///   - filePath: the calling test file (`#filePath`, default): its package root, and where the issue is reported.
///   - line: `#line` (default).
///   - column: `#column` (default).
public func assertLabelsFit(catalog path: String, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], fileID: StaticString = #fileID,
                            file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    guard let message = verifyLabelsFit(catalog: path, style: style, locales: locales, pseudoLocales: pseudoLocales,
                                        file: "\(filePath)") else { return }
    recordSnapshotIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertLabelsFit` for strings already read.
/// - Parameters:
///   - catalog: the strings (`StringTable.read(path:)`).
///   - style: the label the strings go into.
///   - locales: the locales to check; nil = all of the catalog's.
///   - pseudoLocales: pseudo-locales made from the source strings (`.accented`, `.rightToLeft`).
///   - fileID: `#fileID` (default): with `line` and `column`, where the issue is reported.
///   - filePath: the calling test file (`#filePath`, default), where the issue is reported.
///   - line: `#line` (default).
///   - column: `#column` (default).
public func assertLabelsFit(catalog: StringTable, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], fileID: StaticString = #fileID,
                            file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    guard let message = verifyLabelsFit(catalog: catalog, style: style, locales: locales,
                                        pseudoLocales: pseudoLocales) else { return }
    recordSnapshotIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
