import Foundation

/// The app (`UIApplication.shared`), for what label files read of it: the layout direction of its language.
@MainActor public final class UIApplication {
    /// The one application object.
    public static let shared = UIApplication()

    /// The app's layout direction (its language's); left-to-right by default. Label files read it to pad or align
    /// for right-to-left languages. On Linux a test sets it (and a snapshot's traits with a `layoutDirection` set it
    /// while the view is laid out and drawn); on iOS it is read-only: set it only in test code.
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection = .leftToRight

    /// The text size the user chose; `.large` unless a snapshot's traits give one.
    public var preferredContentSizeCategory: UIContentSizeCategory = .large

    private init() {}
}

/// The screen (`UIScreen.main`), for the scale label files read (1 unless a snapshot's traits give one).
@MainActor public final class UIScreen {
    public static let main = UIScreen()
    /// Pixels per point.
    public var scale: CGFloat = 1
    public var traitCollection: UITraitCollection { UITraitCollection(displayScale: scale) }
    private init() {}
}
