import Foundation

/// An accessibility audit as JSON (`labelsnap audit --json`, the artifacts a failing `assertLabelAccessibility`
/// writes, which `labelsnap report` reads back): the options, every cell's results, the message. Written with
/// `JSONEncoder` (snake_case keys, sorted).
package struct AuditDocument: Codable, Sendable, Equatable {
    /// What was audited: the test's snapshot name, the style file, a string's key and locale.
    package var title: String
    /// "hig", "wcagAA", "wcagAAA".
    package var standard: String
    /// The container colour's UIKit name or its description.
    package var background: String
    /// The checks run, and those that fail somewhere (`AccessibilityCheck` raw values).
    package var checks: [String]
    package var failing: [String]
    package var passed: Bool
    /// The failure message ("" when it passes).
    package var message: String
    /// The matrix's axes, each value in words, and which holds the content sizes.
    package var axes: [[String]]
    package var categoryAxis: Int?
    package var labelResults: [AccessibilityReport.Result]
    package var cells: [AccessibilityReport.Cell]
    /// The contact sheet written beside it, when one was.
    package var contactSheet: String?

    package init(_ report: AccessibilityReport, title: String, contactSheet: String? = nil) {
        self.title = title
        standard = report.options.standard.rawValue
        background = report.options.background.systemColorName ?? report.options.background.description
        checks = report.options.checks.map(\.rawValue)
        failing = report.failingChecks.map(\.rawValue)
        passed = report.passed
        message = report.message
        axes = report.axes
        categoryAxis = report.categoryAxis
        labelResults = report.labelResults
        cells = report.cells
        self.contactSheet = contactSheet
    }

    /// Pretty-printed JSON, keys sorted, snake_case.
    package func encoded() throws -> [UInt8] { Array(try Self.encoder.encode(self)) + [0x0A] }

    package static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        e.keyEncodingStrategy = .convertToSnakeCase
        return e
    }

    /// - Throws: `DecodingError` for JSON that is not an audit document.
    package static func decode(_ bytes: [UInt8]) throws -> AuditDocument {
        let d = JSONDecoder()
        d.keyDecodingStrategy = .convertFromSnakeCase
        return try d.decode(AuditDocument.self, from: Data(bytes))
    }
}
