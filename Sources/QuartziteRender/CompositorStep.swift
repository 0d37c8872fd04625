import Foundation
import Quartzite

/// One step of the compositor's walk of a presentation tree. The walk keeps an explicit stack of these
/// instead of recursing, so a tree of any depth (a chain of 100,000 nested layers) draws: a layer's step
/// draws what comes before its sublayers, then pushes the step that closes it and, above that, a step for
/// each sublayer.
enum CompositorStep {
    /// Draw a layer from the start.
    case layer(PresentationNode, parentWorld: CATransform3D, opacity: Float)
    /// Close a layer's group and mask (see `LayerEnd`). Boxed (`indirect`), as is `finishBody`: most layers
    /// push neither, and every step moved on and off the stack is as large as the largest case.
    indirect case finishLayer(LayerEnd)
    /// Close the group an alpha mask's layers were drawn into, applying it to the held content.
    case finishMask(slot: Int)
    /// Close a body's bounds clip and draw its border (see `BodyEnd`).
    indirect case finishBody(BodyEnd)
    /// Both halves of a transition are drawn.
    case endTransition
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
}

/// What a body opened before its sublayers: the clip of masksToBounds (a stencil clip, or an alpha mask
/// under coverage antialiasing), and what its border needs.
struct BodyEnd {
    let frame: CompositorFrame
    let opacity: Float
    let boundsClip: [ClipPiece]
    let clipMask: (slot: Int, area: GroupArea?)?
}
