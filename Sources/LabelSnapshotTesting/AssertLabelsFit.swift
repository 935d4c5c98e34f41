import Foundation
@_exported import LocalizationSweep
@_exported import StringResources

/// Lays out every string of `catalog` in `style` (all of the catalog's locales, or `locales`) and returns the
/// failure message listing the strings that do not fit or that no font of the label's chain covers (drawn as
/// .notdef boxes: the code points, the fonts tried and what to install) — the same lines and numbers as
/// `labelsnap sweep` — or nil when all fit. What `assertLabelsFit` reports.
/// - Parameters:
///   - catalog: the strings (`StringTable.read(path:)`).
///   - style: the label they go into (`LabelStyle(...)` or `LabelStyle.load(packagePath:)`).
///   - locales: the locales to check; nil = all of the catalog's.
///   - pseudoLocales: pseudo-locales made from the source strings (`.accented`, `.rightToLeft`).
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
    /// - Throws: as `load(path:)`; errors name the resolved path.
    public static func load(packagePath path: String, file filePath: String = #filePath) throws -> LabelStyle {
        let full = packagePath(path, file: filePath)
        return try LabelStyle(json: try StringTable.bytes(ofFile: full), file: full)
    }
}

/// `verifyLabelsFit` for a catalog file: an `.xcstrings`, a `.strings`/`.stringsdict` in an `xx.lproj`, or a
/// folder of them; a relative path is taken from the package root of `filePath` (as `__Snapshots__`).
public func verifyLabelsFit(catalog path: String, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], file filePath: String = #filePath) -> String? {
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
public func assertLabelsFit(catalog path: String, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], fileID: StaticString = #fileID,
                            file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    guard let message = verifyLabelsFit(catalog: path, style: style, locales: locales, pseudoLocales: pseudoLocales,
                                        file: "\(filePath)") else { return }
    recordSnapshotIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertLabelsFit` for strings already read.
public func assertLabelsFit(catalog: StringTable, style: LabelStyle, locales: [String]? = nil,
                            pseudoLocales: [PseudoLocale] = [], fileID: StaticString = #fileID,
                            file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    guard let message = verifyLabelsFit(catalog: catalog, style: style, locales: locales,
                                        pseudoLocales: pseudoLocales) else { return }
    recordSnapshotIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
