import Foundation

/// Several animations run together in the group's time space; the group's duration cuts them off.
open class CAAnimationGroup: CAAnimation {
    /// The animations of the group.
    open var animations: [CAAnimation]? {
        // Replacing an attached group's children changes what its frames show, as a timing change does. Children
        // that would nest too deep (or hold the group itself) are refused: the group is left with none.
        didSet {
            guard isAttached else { return }
            if let problem = GroupNesting.problem(in: self, depth: attachedDepth) {
                Diagnostics.report("CAAnimationGroup.animations: \(problem); the group is left empty")
                // Set inside its own observer, the property does not call it again: the layers are told here.
                animations = nil
                attachedContentChanged()
                return
            }
            markAttached()
            attachedContentChanged()
        }
    }

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAAnimationGroup {
            animations = other.animations?.map { type(of: $0).init(copying: $0) }
        }
    }
}
