import Foundation
import Quartzite
import QuartziteRender

// The invariants every case checks: what reaches the GPU is finite and in range, what the evaluator presents
// for finite inputs is finite, and what the renderer draws is not lost. Each returns a reason, or nil.

/// The first thing wrong with a mesh: a position that is not finite, or an index past the positions.
func meshProblem(_ mesh: TriangleMesh) -> String? {
    if let bad = mesh.positions.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
        return "vertex \(bad) is \(mesh.positions[bad])"
    }
    if let bad = mesh.indices.first(where: { Int($0) >= mesh.positions.count }) {
        return "index \(bad) past \(mesh.positions.count) vertices"
    }
    if mesh.indices.count % 3 != 0 { return "\(mesh.indices.count) indices is not whole triangles" }
    if let bad = mesh.boundary.first(where: { !($0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite) }) {
        return "boundary piece \(bad)"
    }
    return nil
}

/// The first thing wrong with a display list: a vertex, matrix or command value that is not finite, or an
/// index past the vertices. The GL backend uploads these as they are: a NaN there is a NaN on the GPU.
func displayListProblem(_ list: DisplayList) -> String? {
    let streams: [(String, [Float])] = [
        ("vertices", list.vertices), ("roundedRectVertices", list.roundedRectVertices),
        ("capsuleVertices", list.capsuleVertices), ("capsuleSegments", list.capsuleSegments),
    ]
    for (name, values) in streams {
        if let bad = values.firstIndex(where: { !$0.isFinite }) { return "\(name)[\(bad)] = \(values[bad])" }
    }
    for (i, matrix) in list.matrices.enumerated() where matrix.contains(where: { !$0.isFinite }) {
        return "matrix \(i) = \(matrix)"
    }
    if let bad = list.indices.first(where: { Int($0) >= list.vertexCount }) {
        return "index \(bad) past \(list.vertexCount) vertices"
    }
    // Commands carry colours, paints, offsets and sigmas: a Float prints as "nan" or "inf" when not finite,
    // and no other word in a command's description is exactly that.
    for command in list.commands where containsNonFiniteWord("\(command)") {
        return "command \(command)"
    }
    return nil
}

/// Whether `text` has the word "nan" or "inf" (a non-finite Float or Double as Swift prints it).
func containsNonFiniteWord(_ text: String) -> Bool {
    text.split(whereSeparator: { !$0.isLetter }).contains { $0 == "nan" || $0 == "inf" }
}

/// The first presented property of `node` or below that is not finite, as "property of layer at path".
/// Walks with an explicit stack: the deep-tree class hands it chains as deep as the fuzz allows.
func presentationProblem(_ root: PresentationNode) -> String? {
    var stack: [(node: PresentationNode, path: String)] = [(root, "root")]
    while let (node, path) = stack.popLast() {
        if let name = nonFiniteProperty(node.properties) { return "\(name) of \(path)" }
        for (i, child) in node.sublayers.enumerated() { stack.append((child, "\(path).sublayers[\(i)]")) }
        for mask in node.maskNodes { stack.append((mask, "\(path).mask")) }
    }
    return nil
}

/// The name of the first animatable number of `p` that is not finite.
func nonFiniteProperty(_ p: LayerProperties) -> String? {
    let numbers: [(String, CGFloat)] = [
        ("bounds.x", p.bounds.origin.x), ("bounds.y", p.bounds.origin.y),
        ("bounds.width", p.bounds.size.width), ("bounds.height", p.bounds.size.height),
        ("position.x", p.position.x), ("position.y", p.position.y), ("zPosition", p.zPosition),
        ("anchorPoint.x", p.anchorPoint.x), ("anchorPoint.y", p.anchorPoint.y), ("anchorPointZ", p.anchorPointZ),
        ("opacity", CGFloat(p.opacity)), ("cornerRadius", p.cornerRadius), ("borderWidth", p.borderWidth),
        ("shadowOpacity", CGFloat(p.shadowOpacity)), ("shadowRadius", p.shadowRadius),
        ("shadowOffset.width", p.shadowOffset.width), ("shadowOffset.height", p.shadowOffset.height),
        ("lineWidth", p.lineWidth), ("strokeStart", p.strokeStart), ("strokeEnd", p.strokeEnd),
        ("miterLimit", p.miterLimit), ("lineDashPhase", p.lineDashPhase),
        ("startPoint.x", p.startPoint.x), ("startPoint.y", p.startPoint.y),
        ("endPoint.x", p.endPoint.x), ("endPoint.y", p.endPoint.y),
    ]
    if let bad = numbers.first(where: { !$0.1.isFinite }) { return "\(bad.0) = \(bad.1)" }
    if let bad = transformProblem(p.transform) { return "transform.\(bad)" }
    if let bad = transformProblem(p.sublayerTransform) { return "sublayerTransform.\(bad)" }
    let colors = [p.backgroundColor, p.borderColor, p.shadowColor, p.fillColor, p.strokeColor].compactMap { $0 }
        + (p.colors ?? [])
    if let bad = colors.first(where: { ($0.components ?? []).contains { !$0.isFinite } }) { return "colour \(bad)" }
    if let bad = p.locations?.first(where: { !$0.isFinite }) { return "locations contain \(bad)" }
    if let path = p.path, let bad = pathProblem(path) { return "path: \(bad)" }
    return nil
}

/// The name of the first entry of `t` that is not finite.
func transformProblem(_ t: CATransform3D) -> String? {
    let entries: [(String, CGFloat)] = [
        ("m11", t.m11), ("m12", t.m12), ("m13", t.m13), ("m14", t.m14),
        ("m21", t.m21), ("m22", t.m22), ("m23", t.m23), ("m24", t.m24),
        ("m31", t.m31), ("m32", t.m32), ("m33", t.m33), ("m34", t.m34),
        ("m41", t.m41), ("m42", t.m42), ("m43", t.m43), ("m44", t.m44),
    ]
    return entries.first { !$0.1.isFinite }.map { "\($0.0) = \($0.1)" }
}

/// The first point of `path` that is not finite.
func pathProblem(_ path: CGPath) -> String? {
    var problem: String?
    path.applyWithBlock { element in
        let count: Int
        switch element.pointee.type {
        case .moveToPoint, .addLineToPoint: count = 1
        case .addQuadCurveToPoint: count = 2
        case .addCurveToPoint: count = 3
        case .closeSubpath: count = 0
        }
        let points = UnsafeBufferPointer(start: element.pointee.points, count: count)
        if problem == nil, let bad = points.first(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            problem = "point \(bad)"
        }
    }
    return problem
}
