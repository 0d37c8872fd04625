import Foundation

/// Model changes and the implicit actions they run (the lock held).
extension CALayer {
    func commitChange(forKey key: String, _ mutate: (inout LayerProperties) -> Void) {
        commitChange(forKey: key, asksForAction: Self.implicitlyAnimatableKeys.contains(key), mutate)
    }

    /// A change of a custom key (`setValue(_:forKey:)` of a key that is not a property): its action is
    /// whatever `action(forKey:)` finds (nothing by default).
    func commitCustomChange(forKey key: String, _ mutate: (inout LayerProperties) -> Void) {
        commitChange(forKey: key, asksForAction: true, mutate)
    }

    private func commitChange(forKey key: String, asksForAction: Bool, _ mutate: (inout LayerProperties) -> Void) {
        CATransaction.touch()
        recordStateBeforeTransaction()
        // A layer not yet committed does not animate, except a view's: UIKit's blocks animate a view added in
        // the same pass (`addSubview` then `UIView.animate { view.alpha = 1 }`), and outside a block a view
        // gives no action anyway.
        let shown = isCommitted || delegate is UIView
        let animates = shown && !isPresentationCopy && !CATransaction.disableActions() && asksForAction
        // The implicit animation starts from the value on screen now, so read it before the model value changes;
        // the action is looked up before it changes too, as Core Animation does (an action(forKey:) override
        // that starts from presentation()'s value sees the value on screen).
        let onScreen = animates ? Evaluator.presentationProperties(of: self, atGlobalTime: CACurrentMediaTime())
            .value(forKeyPath: key) : nil
        let found = animates ? action(forKey: key) : nil
        mutate(&modelValues)
        if Self.needsDisplay(forKey: key) { markNeedsDisplay() }
        guard var action = found else { return }
        // An animation found without values runs from the value on screen to the new model value. It is
        // copied first: the object in `actions` or `style` (or the delegate's) is the app's and stays as it was.
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
           basic.byValue == nil, let onScreen, let copy = basic.copy() as? CABasicAnimation {
            copy.fromValue = onScreen.anyValue
            action = copy
        }
        action.run(forKey: key, object: self, arguments: nil)
    }

    /// Keys whose changes animate implicitly (Core Animation's animatable properties; see `LayerPropertyTable`).
    static var implicitlyAnimatableKeys: Set<String> { LayerPropertyTable.implicitlyAnimatableKeys }

    /// The action for a key in a style dictionary: its "actions" dictionary first, then its nested "style"
    /// dictionary, searched the same way (Apple: the shallowest one wins). Entries that are not actions are
    /// passed over.
    static func styleAction(forKey event: String, in style: [AnyHashable: Any]?) -> CAAction? {
        var current = style
        var depth = 0
        // A dictionary cannot contain itself, so the chain ends; the bound only guards a pathological depth.
        while let dictionary = current, depth < 1000 {
            if let actions = dictionary["actions"] as? [AnyHashable: Any], let found = actions[event] as? CAAction {
                return found
            }
            current = dictionary["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }
}
