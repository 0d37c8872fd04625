import Foundation

/// One class of fuzz cases: its name on the command line, what it covers, and how one case runs.
struct FuzzClass: Sendable {
    let name: String
    let covers: String
    let run: @MainActor (FuzzCase) -> Void

    /// Every class, in the order the supervisor runs them.
    static let all: [FuzzClass] = [
        FuzzClass(name: "paths", covers: "fills, bounds, containment, length, trims, interpolation and dashes of hostile paths",
                  run: { $0.runPathCase() }),
        FuzzClass(name: "path-booleans", covers: "union, intersection, differences, normalizing and line cuts of hostile path pairs",
                  run: { $0.runPathBooleanCase() }),
        FuzzClass(name: "strokes", covers: "stroke meshes and stroked copies: widths, caps, joins, mitres, dashes, trims",
                  run: { $0.runStrokeCase() }),
        FuzzClass(name: "layer-geometry", covers: "small trees of plain, shape and gradient layers with hostile geometry",
                  run: { $0.runLayerGeometryCase() }),
        FuzzClass(name: "tree-abuse", covers: "cycles, masks that are sublayers, layers moved between frames",
                  run: { $0.runTreeAbuseCase() }),
        FuzzClass(name: "images", covers: "truncated, damaged and size-lying PNG and JPEG bytes, drawn as contents",
                  run: { $0.runImageCase() }),
        FuzzClass(name: "gradients", covers: "hostile stops, locations and end points, shape and arc masks",
                  run: { $0.runGradientCase() }),
        FuzzClass(name: "basic-animations", covers: "basic and spring animations of every key path, hostile timing",
                  run: { $0.runBasicAnimationCase() }),
        FuzzClass(name: "keyframe-animations", covers: "keyframes of every count, key times, modes and paths",
                  run: { $0.runKeyframeAnimationCase() }),
        FuzzClass(name: "groups-transactions", covers: "nested groups, deep transactions, transitions, removals, delegates",
                  run: { $0.runGroupAndTransactionCase() }),
        FuzzClass(name: "renderer-settings", covers: "renderer sizes, scales, sample counts and switches",
                  run: { $0.runRendererSettingsCase() }),
        FuzzClass(name: "deep-wide-trees", covers: "chains to the depth limit, sibling lists to the width limit, bushes",
                  run: { $0.runDeepTreeCase() }),
        FuzzClass(name: "replicators", covers: "nested replicators with hostile counts, delays, transforms and colours",
                  run: { $0.runReplicatorCase() }),
        FuzzClass(name: "text", covers: "text layers with hostile strings, fonts, sizes, bounds, scales and modes",
                  run: { $0.runTextCase() }),
        FuzzClass(name: "uikit-scroll", covers: "UIKit drawing at hostile sizes and scales, scroll layers scrolled anywhere",
                  run: { $0.runUIKitCase() }),
        FuzzClass(name: "views", covers: "view trees rearranged and animated by UIKit's blocks and property animators; Core Text, masks, patterns in draw",
                  run: { $0.runViewCase() }),
    ]

    /// The class called `name`.
    static func named(_ name: String) -> FuzzClass? { all.first { $0.name == name } }
}
