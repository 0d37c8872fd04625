import Foundation

/// The name of a method, as Objective-C's selectors name them (`"step:"`), for the Apple APIs that take a
/// target and a selector (`CADisplayLink(target:selector:)`).
///
/// Swift on Linux has no Objective-C runtime: Foundation there declares no `Selector`, `#selector(...)` does
/// not compile, and nothing can call a method by its name. This one carries the name only, so
/// `CADisplayLink(target: self, selector: Selector("step:"))` (or `selector: "step:"`, as on Apple's
/// platforms) compiles unchanged; the target calls the method itself (`CADisplayLinkTarget`).
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name, such as `"step:"`.
    public let name: String

    /// The selector named `name`, such as `Selector("step:")`.
    public init(_ name: String) { self.name = name }

    /// The selector named by a string literal, such as `"step:"`.
    public init(stringLiteral name: String) { self.name = name }

    /// The method's name.
    public var description: String { name }
}
