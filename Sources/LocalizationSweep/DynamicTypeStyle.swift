import StringResources
import Typesetting

extension StyleReader {
    /// `textStyle` (a `UIFont.TextStyle` name: "body", "headline", "caption1" …) makes the font a Dynamic Type
    /// font of that style (`Font.scaled`, its `.large` size from Apple's table; the face stays the style's
    /// `font`); `contentSizeCategory` ("large", "accessibilityExtraLarge" or the short "L", "AX3") sets the
    /// label's category. Giving both `size` and `textStyle` in one object is refused (which one wins would
    /// depend on their order).
    func dynamicTypeSetter(_ key: String, _ node: JSONNode) throws -> @Sendable (inout LabelStyle) -> Void {
        let name = try string(node, key)
        if key == "textStyle" {
            guard let style = TextStyle(rawValue: name) else {
                throw error(node, "unknown textStyle \"\(name)\" (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return { label in
                var font = label.label.font
                font.pointSize = DynamicType.pointSize(of: style, in: .large)
                label.label.font = Font.scaled(font, relativeTo: style)
            }
        }
        let uiKitNames = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                          "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge",
                          "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]
        guard let category = ContentSizeCategory(shortName: name)
                ?? uiKitNames.firstIndex(of: name).flatMap({ ContentSizeCategory(rawValue: $0) }) else {
            throw error(node, "unknown contentSizeCategory \"\(name)\" (large, extraLarge, accessibilityMedium … or L, xL, AX1 …)")
        }
        return { $0.label.contentSizeCategory = category }
    }
}
