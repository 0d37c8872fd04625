import Foundation

/// An animation between two values of one key path: fromValue, toValue and byValue in the combinations
/// Core Animation documents (a missing end takes the current presentation or model value).
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value (nil: see Core Animation's rules).
    open var fromValue: Any?
    /// The end value.
    open var toValue: Any?
    /// A relative value added to the start.
    open var byValue: Any?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CABasicAnimation {
            fromValue = other.fromValue
            toValue = other.toValue
            byValue = other.byValue
        }
    }
}
