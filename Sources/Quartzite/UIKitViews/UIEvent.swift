import Foundation

/// UIKit's event. Quartzite delivers no touch events to views; the type exists so hit-testing code
/// (`hitTest(_:with:)`, `point(inside:with:)`) ports, called with nil.
open class UIEvent {
    /// An event with no touches.
    public init() {}
}
