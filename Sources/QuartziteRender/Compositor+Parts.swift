import Foundation
import Quartzite

/// What a layer draws itself, part by part: background, fill, stroke and border, each the cheapest way the
/// layer's placement allows (the frame's clear colour, a rounded-rectangle quad, capsules, a fan or a batched
/// fill before a mesh of its own).
extension Compositor {
    /// The background: folded into the frame's clear colour, a rounded-rectangle quad, or the bounds' mesh.
    func drawBackground(_ frame: CompositorFrame, color: SIMD4<Float>, tint: Tint, into list: inout DisplayList) {
        if !foldIntoClear(frame, color: color, into: &list),
           !drawBackgroundQuad(frame, color: color, tint: tint, into: &list) {
            fill(boundsMesh(frame.p, tolerance: frame.tolerance), frame, color: color, into: &list)
        }
    }

    /// A solid fill: joined to the batched run when the layer sits flat in 2D (one draw for many layers),
    /// else its own draw with the layer's matrix (perspective needs the GPU's divide).
    func fill(_ mesh: TriangleMesh, _ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) {
        guard !mesh.isEmpty, hasRoom(for: mesh, in: list) else { return }
        if covers(mesh), !boundaryLiesOnPixelEdges(mesh, frame.world) {
            // Placed in 2D, a star-shaped region is a fan that antialiases its own edges and joins the
            // plain fills' run. Else the fringe first, each pixel once: batched with the translucent strokes'
            // depth values when placed in 2D, else a draw of its own with the next depth value.
            let placement = batchesFills ? AffinePlacement(frame.world) : nil
            let halfPixel = Float(0.5 / contentScale)
            if let placement, let fan = mesh.fanOutline,
               list.appendBatchedFan(fan, placement: placement, color: color, canvasMatrix: canvasMatrix, halfPixel: halfPixel) {
                return
            }
            if let placement, list.appendBatchedStroke(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix,
                                                       fringe: halfPixel) {
                return
            }
            if let depth = list.takeDepth() {
                let range = appendFringed(mesh, frame.world, into: &list)
                list.commands.append(.fill(range, matrix: frame.matrix, color: color, antialiasing: .coverage(depth: depth)))
                return
            }
        }
        if batchesFills, let placement = AffinePlacement(frame.world) {
            list.appendBatchedFill(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix)
        } else {
            list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: color))
        }
    }

    /// A shape layer's stroke: as capsules where it can, else its mesh (a hairline thinner than a device pixel
    /// widened to one pixel and faded by its width).
    func drawStroke(_ path: CGPath, _ strokeStyle: StrokeStyle, _ frame: CompositorFrame, color stroke: CGColor,
                            tint: Tint, into list: inout DisplayList) {
        guard !drawArcStroke(path, strokeStyle, frame, color: stroke, tint: tint, into: &list),
              !drawCapsules(path, strokeStyle, frame, color: stroke.premultipliedRGBA * tint, into: &list) else { return }
        var style = strokeStyle
        // A hairline thinner than a device pixel is drawn one pixel wide with its alpha scaled by its
        // width, so it keeps its ink and fades instead of breaking up.
        let pixelWidth = style.lineWidth * LayerGeometry.scale(frame.world) * contentScale
        var fade: Float = 1
        if pixelWidth > 0, pixelWidth < 1 {
            fade = Float(pixelWidth)
            style.lineWidth /= pixelWidth
        }
        let mesh = strokeMesh(path, style, tolerance: frame.tolerance)
        if !mesh.isEmpty {
            let color = stroke.premultipliedRGBA * (tint * fade)
            // Only a translucent stroke whose triangles overlap needs the stencil to blend once (a
            // coverage fringe's draw blends once by itself).
            if mesh.mayOverlap && color.w < 1 && !covers(mesh) {
                guard hasRoom(for: mesh, in: list) else { return }
                if !batchesFills || !batchedStroke(mesh, frame, color: color, into: &list) {
                    list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: color,
                                               antialiasing: .samplesOnce))
                }
            } else {
                fill(mesh, frame, color: color, into: &list)
            }
        }
    }

    /// The most indices a frame's meshes may hold (some 2.7 million triangles, seconds of llvmpipe's time): a
    /// mesh near the tessellator's budget is some ten million, and copies of it (a replicator's, or many
    /// layers showing one hostile path) would otherwise hold gigabytes in one frame.
    static let maximumFrameIndices = 8_000_000

    /// Whether `mesh` fits in the frame's budget of indices with what its meshes hold so far; false, with a
    /// diagnostic, when it does not (it is not drawn).
    func hasRoom(for mesh: TriangleMesh, in list: DisplayList) -> Bool {
        guard list.indices.count + mesh.indices.count > Self.maximumFrameIndices else { return true }
        Diagnostics.report("a fill or stroke would take a frame's meshes past \(Self.maximumFrameIndices) indices; it is not drawn")
        return false
    }

    /// A translucent self-overlapping stroke joined to the batched run of such strokes (blended once each
    /// by depth); false when it must be drawn on its own (perspective, or the frame's depth values used up).
    private func batchedStroke(_ mesh: TriangleMesh, _ frame: CompositorFrame, color: SIMD4<Float>,
                               into list: inout DisplayList) -> Bool {
        guard let placement = AffinePlacement(frame.world) else { return false }
        return list.appendBatchedStroke(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix)
    }

    /// Under coverage antialiasing, a round-capped, round-joined stroke of straight segments (curves flattened,
    /// at most `CapsuleStroke.maxSegments`, not crowding one place: `CapsuleLists`) on a layer placed in 2D
    /// without uneven scale, as one quad per segment (CapsuleStroke.swift), in one draw with its neighbours
    /// when fills are batched; false, drawing
    /// nothing, otherwise.
    private func drawCapsules(_ path: CGPath, _ style: StrokeStyle, _ frame: CompositorFrame, color: SIMD4<Float>,
                              into list: inout DisplayList) -> Bool {
        guard coverageAntialiasing, let placement = AffinePlacement(frame.world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              let segments = CapsuleStroke.segments(of: path, style: style, tolerance: frame.tolerance) else { return false }
        return list.appendCapsules(segments, placement: placement, scale: scale, pixelsPerPoint: Float(contentScale),
                                   lineWidth: Float(style.lineWidth), color: color, canvasMatrix: canvasMatrix,
                                   joinsRun: batchesFills)
    }

    /// Under coverage antialiasing, a background whose corners are all rounded alike (or none) on a layer
    /// placed in 2D without uneven scale, as one quad for the rounded-rectangle shader (round the hole an
    /// opaque sublayer covers: `coveredHole`); false, drawing nothing, otherwise.
    private func drawBackgroundQuad(_ frame: CompositorFrame, color: SIMD4<Float>, tint: Tint,
                                    into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard coverageAntialiasing, batchesFills, !isRounded(p) || p.maskedCorners == Self.allCorners,
              let placement = AffinePlacement(frame.world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale) else { return false }
        let b = p.bounds.standardized
        let radius = isRounded(p) ? min(max(p.cornerRadius, 0), min(b.width, b.height) / 2) : 0
        let hole = coveredHole(frame, tint: tint)
        list.appendRoundedRect(b, radius: radius, placement: placement, scale: scale, color: color, canvasMatrix: canvasMatrix,
                               hole: hole)
        return true
    }

    /// The border: a butt-ended, mitred stroke along the bounds inset by half its width (only the corners in
    /// maskedCorners rounded, as the background's); the bounds' shape filled when it is that wide.
    func drawBorder(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) {
        let p = frame.p
        let inset = p.bounds.insetBy(dx: p.borderWidth / 2, dy: p.borderWidth / 2)
        // A border at least as wide as half the shorter side covers the whole (rounded) bounds.
        guard inset.width > 0, inset.height > 0 else {
            return fill(boundsMesh(p, tolerance: frame.tolerance), frame, color: color, into: &list)
        }
        let radius = max(0, min(p.cornerRadius - p.borderWidth / 2, min(inset.width, inset.height) / 2))
        let path = radius > 0 ? LayerGeometry.roundedBounds(inset, radius: radius, corners: p.maskedCorners)
            : CGPath(rect: inset, transform: nil)
        let style = StrokeStyle(lineWidth: p.borderWidth, lineCap: .butt, lineJoin: .miter)
        let mesh = strokeMesh(path, style, tolerance: frame.tolerance)
        if covers(mesh) {
            fill(mesh, frame, color: color, into: &list)
        } else {
            let range = list.append(mesh)
            list.commands.append(mesh.mayOverlap && color.w < 1
                ? .fill(range, matrix: frame.matrix, color: color, antialiasing: .samplesOnce)
                : .fill(range, matrix: frame.matrix, color: color))
        }
    }
}
