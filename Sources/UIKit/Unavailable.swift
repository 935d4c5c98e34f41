import Foundation

// What Apple's SDK made unavailable stays unavailable here with the same fix-it, so a label file that compiles on
// Linux compiles with today's Xcode too (Swift 4.2 renamed the UIEdgeInsets functions, SE-0160 left `@objc`
// to Objective-C platforms).

@available(*, unavailable, renamed: "CGRect.inset(by:)", message: "use `rect.inset(by:)`")
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

@available(*, unavailable, renamed: "UIEdgeInsets.init(top:left:bottom:right:)")
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

@available(*, unavailable, renamed: "==", message: "compare with `==`")
public func UIEdgeInsetsEqualToEdgeInsets(_ a: UIEdgeInsets, _ b: UIEdgeInsets) -> Bool { a == b }

@available(*, unavailable, renamed: "UIEdgeInsets.zero")
public let UIEdgeInsetsZero = UIEdgeInsets.zero
