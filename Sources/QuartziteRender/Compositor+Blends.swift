import Foundation
import Quartzite

/// `compositingFilter`: a layer whose filter names a blend mode draws, with its mask, shadow and sublayers,
/// into an offscreen group that is then blended onto what is below it (`GroupEnd.blend`), as Core Animation
/// blends the layer's flattened subtree. The group also carries the layer's opacity (and any tint from
/// above), so such a layer needs no group-opacity group of its own.
///
/// Layers without a filter pay one optional check here: nothing is allocated and no command is added.
extension Compositor {
    /// Opens the group a blended layer draws into and pushes the step that blends it, times `tint`, once the
    /// layer is finished. True when it did: the layer then draws inside at full opacity. False when the layer
    /// is not blended (no filter, `sourceOverCompositing`), or with a diagnostic when more groups are open
    /// than allowed: then it is drawn normally.
    func openBlendGroup(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) -> Bool {
        guard let mode = Self.blendMode(frame.node) else { return false }
        guard openGroups < Self.maximumOpenGroups else {
            Diagnostics.report("a layer with a compositingFilter inside \(Self.maximumOpenGroups) offscreen groups is drawn without its blend")
            return false
        }
        // Steps run last pushed first: the blend closes after everything the layer pushes above it.
        steps.append(.closeGroup(.blend(mode, tint: tint)))
        list.commands.append(.beginGroup(groupArea(frame, into: &list)))
        openGroups += 1
        return true
    }

    /// The blend a layer's compositingFilter asks for; nil when it draws normally (none, or source-over).
    static func blendMode(_ node: PresentationNode) -> CGBlendMode? {
        guard let mode = node.properties.compositingBlendMode, mode != .normal else { return nil }
        return mode
    }
}
