package import LabelRendering

/// A corner radius of a `UICornerConfiguration` (UIKit 26): fixed, or concentric with a container (drawn at its
/// minimum: a snapshotted view has no container).
public struct UICornerRadius: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    package let radius: CornerRadius
    public static func fixed(_ radius: Double) -> UICornerRadius { UICornerRadius(radius: .fixed(radius)) }
    public static func containerConcentric(minimum: Double? = nil) -> UICornerRadius {
        UICornerRadius(radius: .containerConcentric(minimum: minimum.map { CGFloat($0) }))
    }
    public init(floatLiteral value: Double) { radius = CornerRadius(floatLiteral: value) }
    public init(integerLiteral value: Int) { radius = CornerRadius(integerLiteral: value) }
    init(radius: CornerRadius) { self.radius = radius }
}

/// How a view's corners are resolved from its bounds (`UICornerConfiguration`, UIKit 26); it wins over the layer's
/// `cornerRadius` and `maskedCorners`.
public struct UICornerConfiguration: Sendable, Hashable {
    package let configuration: CornerConfiguration
    /// Half the shorter side, at most `maximumRadius`.
    public static func capsule(maximumRadius: Double? = nil) -> UICornerConfiguration { .init(configuration: .capsule(maximumRadius: maximumRadius)) }
    /// `radius` at every corner.
    public static func corners(radius: UICornerRadius) -> UICornerConfiguration { .init(configuration: .corners(radius: radius.radius)) }
    /// One radius at every corner, the smallest the corners would take.
    public static func uniformCorners(radius: UICornerRadius) -> UICornerConfiguration {
        .init(configuration: .uniformCorners(radius: radius.radius))
    }
    /// A radius per corner (nil: square).
    public static func corners(topLeftRadius: UICornerRadius?, topRightRadius: UICornerRadius?, bottomLeftRadius: UICornerRadius?,
                               bottomRightRadius: UICornerRadius?) -> UICornerConfiguration {
        .init(configuration: .corners(topLeftRadius: topLeftRadius?.radius, topRightRadius: topRightRadius?.radius,
                                      bottomLeftRadius: bottomLeftRadius?.radius, bottomRightRadius: bottomRightRadius?.radius))
    }
    /// A radius per leading/trailing corner, resolved by the view's layout direction.
    public static func corners(topLeadingRadius: UICornerRadius?, topTrailingRadius: UICornerRadius?, bottomLeadingRadius: UICornerRadius?,
                               bottomTrailingRadius: UICornerRadius?) -> UICornerConfiguration {
        .init(configuration: .corners(topLeadingRadius: topLeadingRadius?.radius, topTrailingRadius: topTrailingRadius?.radius,
                                      bottomLeadingRadius: bottomLeadingRadius?.radius, bottomTrailingRadius: bottomTrailingRadius?.radius))
    }
}
