import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `CATransformLayer` against Apple's documented model, with expected places worked out here by plain 4x4
/// arithmetic (row vectors, p' = p M, as Core Animation composes): a plain layer flattens its sublayers into its
/// plane; a transform layer keeps their depth, so a cube's faces land where the solid's projection puts them and
/// the nearer faces cover the farther whatever order they were added in.
@MainActor
@Suite(.serialized)
struct TransformLayerTests {
    typealias Matrix = [[Double]]

    static let size = 200.0
    static let perspective = -1.0 / 400

    // MARK: Arithmetic of the expected places (independent of the library's CATransform3D code)

    static func identity() -> Matrix { (0..<4).map { r in (0..<4).map { $0 == r ? 1 : 0 } } }
    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        var m = identity(); m[3][0] = x; m[3][1] = y; m[3][2] = z; return m
    }
    static func rotationY(_ a: Double) -> Matrix {
        var m = identity(); m[0][0] = cos(a); m[0][2] = -sin(a); m[2][0] = sin(a); m[2][2] = cos(a); return m
    }
    static func rotationX(_ a: Double) -> Matrix {
        var m = identity(); m[1][1] = cos(a); m[1][2] = sin(a); m[2][1] = -sin(a); m[2][2] = cos(a); return m
    }
    static func flattening() -> Matrix { var m = identity(); m[2][2] = 0; return m }
    static func product(_ ms: Matrix...) -> Matrix {
        ms.dropFirst().reduce(ms[0]) { a, b in
            (0..<4).map { r in (0..<4).map { c in (0..<4).reduce(0.0) { $0 + a[r][$1] * b[$1][c] } } }
        }
    }
    /// Where `p` lands on the canvas.
    static func project(_ p: (Double, Double), _ m: Matrix) -> CGPoint {
        let v = [p.0, p.1, 0, 1]
        let out = (0..<4).map { c in (0..<4).reduce(0.0) { $0 + v[$1] * m[$1][c] } }
        return CGPoint(x: out[0] / out[3], y: out[1] / out[3])
    }
    /// The root's sublayer transform: the perspective about the canvas centre.
    static func rootPerspective() -> Matrix {
        var p = identity(); p[2][3] = perspective
        return product(translation(-size / 2, -size / 2, 0), p, translation(size / 2, size / 2, 0))
    }
    // MARK: Scene

    func canvas() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        root.backgroundColor = .white
        var p = CATransform3DIdentity
        p.m34 = Self.perspective
        root.sublayerTransform = p
        return root
    }

    func render(_ root: CALayer) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: CGSize(width: Self.size, height: Self.size))
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    /// The cube's six faces: (colour, the face's turn as the test's matrix and as the layer's transform).
    static let faces: [(name: String, color: SIMD4<UInt8>, turn: Matrix, transform: CATransform3D)] = [
        ("front", SIMD4(255, 0, 0, 255), identity(), CATransform3DIdentity),
        ("right", SIMD4(0, 160, 0, 255), rotationY(.pi / 2), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
        ("back", SIMD4(0, 0, 255, 255), rotationY(.pi), CATransform3DMakeRotation(.pi, 0, 1, 0)),
        ("left", SIMD4(255, 200, 0, 255), rotationY(-.pi / 2), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
        ("top", SIMD4(255, 0, 255, 255), rotationX(.pi / 2), CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
        ("bottom", SIMD4(0, 200, 200, 255), rotationX(-.pi / 2), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
    ]
    static let turnY = 0.6, turnX = -0.5

    /// A 100-point cube at the canvas centre under a transform layer turned by `turnY` then `turnX`, faces
    /// added back ones first so that drawing them in the order added would put the far faces on top.
    func cube(order: [Int]) -> CALayer {
        let root = canvas()
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        cube.transform = CATransform3DConcat(CATransform3DMakeRotation(Self.turnY, 0, 1, 0),
                                             CATransform3DMakeRotation(Self.turnX, 1, 0, 0))
        for i in order {
            let f = Self.faces[i]
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = CGColor(red: CGFloat(f.color.x) / 255, green: CGFloat(f.color.y) / 255,
                                           blue: CGFloat(f.color.z) / 255, alpha: 1)
            face.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 50), f.transform)
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        return root
    }

    /// The canvas matrix of face `i`'s own points (local to its 100 x 100 bounds).
    static func faceMatrix(_ i: Int) -> Matrix {
        let faceToCube = product(translation(-50, -50, 0), translation(0, 0, 50), faces[i].turn, translation(50, 50, 0))
        let cubeToRoot = product(translation(-50, -50, 0), rotationY(turnY), rotationX(turnX), translation(100, 100, 0))
        return product(faceToCube, cubeToRoot, rootPerspective())
    }

    /// The face's projected corners, and whether it faces the viewer (its outline runs clockwise on a
    /// y-down canvas, as its unturned bounds do).
    static func projected(_ i: Int) -> (corners: [CGPoint], facesViewer: Bool) {
        let m = faceMatrix(i)
        let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)].map { project($0, m) }
        var area = 0.0
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        return (corners, area > 0)
    }

    @Test func theExpectedViewShowsThreeFaces() {
        // The arithmetic itself: a cube turned about two axes shows three faces, their opposites hidden.
        let visible = Self.faces.indices.filter { Self.projected($0).facesViewer }
        #expect(visible.count == 3)
        for (a, b) in [(0, 2), (1, 3), (4, 5)] { #expect(visible.contains(a) != visible.contains(b)) }
    }

    @Test(arguments: [[2, 3, 5, 0, 1, 4], [0, 1, 2, 3, 4, 5], [4, 5, 1, 0, 3, 2]])
    func nearFacesCoverFarOnesWhateverTheOrderAdded(order: [Int]) throws {
        let bitmap = try render(cube(order: order))
        for i in Self.faces.indices where Self.projected(i).facesViewer {
            let c = Self.projected(i).corners
            let centre = CGPoint(x: c.map(\.x).reduce(0, +) / 4, y: c.map(\.y).reduce(0, +) / 4)
            let pixel = bitmap.pixel(x: Int(centre.x), y: Int(centre.y))
            #expect(pixel == Self.faces[i].color, "\(Self.faces[i].name) at \(centre): \(String(describing: pixel))")
        }
    }

    @Test func theCubesSilhouetteIsWhereTheSolidProjects() throws {
        let bitmap = try render(cube(order: Array(0..<6)))
        // Every projected corner of the cube, and the canvas corners outside them.
        let corners = Self.faces.indices.flatMap { Self.projected($0).corners }
        let (minX, maxX) = (corners.map(\.x).min() ?? 0, corners.map(\.x).max() ?? 0)
        let (minY, maxY) = (corners.map(\.y).min() ?? 0, corners.map(\.y).max() ?? 0)
        let white = SIMD4<UInt8>(255, 255, 255, 255)
        // Two pixels outside the projected box on each side is canvas; two inside, along the middle, is cube.
        #expect(bitmap.pixel(x: Int(minX) - 2, y: Int((minY + maxY) / 2)) == white)
        #expect(bitmap.pixel(x: Int(maxX) + 2, y: Int((minY + maxY) / 2)) == white)
        #expect(bitmap.pixel(x: Int((minX + maxX) / 2), y: Int(minY) - 2) == white)
        #expect(bitmap.pixel(x: Int((minX + maxX) / 2), y: Int(maxY) + 2) == white)
        #expect(bitmap.pixel(x: Int((minX + maxX) / 2), y: Int((minY + maxY) / 2)) != white)
    }

    /// A dot at zPosition 60 inside a layer turned 60 degrees about y: a plain layer flattens the dot into its
    /// plane (it lands where z = 0 would); a transform layer keeps its depth.
    @Test(arguments: [false, true])
    func aPlainLayerFlattensItsSublayersAndATransformLayerDoesNot(keepsDepth: Bool) throws {
        let root = canvas()
        let holder = keepsDepth ? CATransformLayer() : CALayer()
        holder.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        holder.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        dot.zPosition = 60
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        holder.addSublayer(dot)
        root.addSublayer(holder)
        let bitmap = try render(root)

        let dotToHolder = Self.product(Self.translation(-10, -10, 0), Self.translation(50, 50, 60))
        let holderToRoot = Self.product(Self.translation(-50, -50, 0), Self.rotationY(.pi / 3), Self.translation(100, 100, 0))
        let inPlane = keepsDepth ? dotToHolder : Self.product(dotToHolder, Self.flattening())
        let centre = Self.project((10, 10), Self.product(inPlane, holderToRoot, Self.rootPerspective()))
        let other = Self.project((10, 10), Self.product(keepsDepth ? Self.product(dotToHolder, Self.flattening()) : dotToHolder,
                                                       holderToRoot, Self.rootPerspective()))
        // The two models put the dot far enough apart for the probe to tell them apart.
        #expect(abs(centre.x - other.x) > 25)
        #expect(bitmap.pixel(x: Int(centre.x), y: Int(centre.y)) == SIMD4(255, 0, 0, 255), "dot expected at \(centre)")
        #expect(bitmap.pixel(x: Int(other.x), y: Int(other.y)) != SIMD4(255, 0, 0, 255), "not at \(other)")
    }

    /// Apple: a transform layer's opacity is applied to each sublayer on its own, with no compositing group,
    /// and its own background is not drawn.
    @Test func opacityAppliesToEachSublayerAndTheBackgroundIsIgnored() throws {
        let root = canvas()
        root.sublayerTransform = CATransform3DIdentity
        let holder = CATransformLayer()
        holder.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        holder.opacity = 0.5
        holder.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        for x in [40.0, 80.0] {
            let square = CALayer()
            square.frame = CGRect(x: x, y: 40, width: 80, height: 80)
            square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            holder.addSublayer(square)
        }
        root.addSublayer(holder)
        let bitmap = try render(root)
        // One square over white at 50 %: 255 * 0.5 = 127.5 in red and green; both squares: 255 * 0.25.
        let once = try #require(bitmap.pixel(x: 60, y: 80)), twice = try #require(bitmap.pixel(x: 100, y: 80))
        #expect(abs(Int(once.x) - 128) <= 1 && once.z == 255)
        #expect(abs(Int(twice.x) - 64) <= 1 && twice.z == 255)
        // No green background anywhere.
        #expect(bitmap.pixel(x: 10, y: 10) == SIMD4(255, 255, 255, 255))
    }
}

