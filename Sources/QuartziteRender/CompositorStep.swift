import Foundation
import Quartzite

/// One step of the compositor's walk of a presentation tree. The walk keeps an explicit stack of these
/// instead of recursing, so a tree of any depth (a chain of 100,000 nested layers) draws: a layer's step
/// draws what comes before its sublayers, then pushes the step that closes it and, above that, the step that
/// draws its sublayers one by one.
///
/// Every step is a few bytes: the layers themselves stay in their parent's array (see `LayerRun`), and the
/// rare closing steps are boxed. A step per layer would carry the layer and its parent's transform (some 420
/// bytes), and a parent would push all its sublayers at once: for S4's 500 stars, 210 KB written to the
/// stack and read back every frame, with a copy of each node on the way.
enum CompositorStep {
    /// Draw the next layer of the innermost run (the last of `Compositor.runs`).
    case nextLayer
    /// Close a layer's group and mask (see `LayerEnd`).
    indirect case finishLayer(LayerEnd)
    /// Close the group an alpha mask's layers were drawn into, applying it to the held content.
    case finishMask(slot: Int)
    /// Close a body's bounds clip and draw its border (see `BodyEnd`).
    indirect case finishBody(BodyEnd)
    /// Both halves of a transition are drawn.
    case endTransition
    /// Draw what follows into a new canvas-sized group (a cross-dissolve's states).
    case openGroup
    /// Close the innermost group opened by `openGroup`.
    indirect case closeGroup(GroupEnd)
}

/// Layers drawn one after another under one parent: a parent's sublayers in drawing order, an alpha mask,
/// the halves of a transition, or the root. One run stands for all of them on the walk's stack; drawing a
/// layer moves `next` on, in place.
struct LayerRun {
    let layers: [PresentationNode]
    /// The index of the next layer to draw.
    var next = 0
    /// The transform and tint (opacity, replicator colour) the layers inherit.
    let parentWorld: CATransform3D
    let tint: Tint
    /// From the layers' parent's space to the space where a transform layer among them measures its
    /// sublayers' depth: that of the nearest layer that flattens (`LayerGeometry.depthOrder`).
    let depthSpace: CATransform3D
}

/// What a layer opened before its body that must be closed after it.
struct LayerEnd {
    let frame: CompositorFrame
    /// How the layer's group ends (group opacity, or a shadow from its content); nil when it has none.
    let groupEnd: GroupEnd?
    let mask: MaskEnd?
}

/// How a layer's mask is finished: a stencil clip popped, or an alpha mask's layers drawn and applied.
enum MaskEnd {
    case clip([ClipPiece])
    case alpha(PresentationNode, slot: Int, area: GroupArea?)
    /// The content's group, scaled by the mask in place before it is composited (`InPlaceMask`).
    case inPlace(InPlaceMask)
    /// The content's group, composited through the mask's arc (`ArcMask`).
    case throughArc(ArcMask, area: GroupArea?)
}

/// What a body opened before its sublayers, and what its border needs.
struct BodyEnd {
    let frame: CompositorFrame
    let tint: Tint
    /// masksToBounds' clip; nil when the layer has none.
    let clip: BoundsClip?
}

/// How masksToBounds clips a body's content and sublayers.
enum BoundsClip {
    /// A stencil clip of the bounds.
    case stencil([ClipPiece])
    /// A scissor box of the bounds (an upright, square-cornered layer; see ScissorClip.swift).
    case scissor
    /// An alpha mask of the bounds, for curved or slanted edges under coverage antialiasing: what the body
    /// draws goes into a group held in `slot`, then the bounds' antialiased shape masks it.
    case alphaMask(slot: Int, area: GroupArea?)
    /// The same, scaled in place by the bounds' rounded rectangle (`InPlaceMask`): one group instead of two.
    case inPlace(InPlaceMask)
}
