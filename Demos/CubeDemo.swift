import Foundation
import Quartzite
import QuartziteHost

/// `CATransformLayer` as iOS code uses it: a cube of six coloured faces under one transform layer turns as a
/// solid (a basic animation of `transform.rotation.y`, another of `transform.rotation.x`, forever), its near
/// faces covering the far ones; beside it a card flips about its vertical axis, its back a second layer
/// turned half a turn, each face hidden when it turns away (`isDoubleSided = false`).
@MainActor
public final class CubeDemo: Demo {
    public static let name = "cube"
    public static let summary = "CATransformLayer: a cube of six faces turning as a solid, and a card flipping to its back"
    public static let preferredSize = CGSize(width: 480, height: 300)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The cube's transform layer and the card's.
    let cube = CATransformLayer()
    let card = CATransformLayer()

    static let side: CGFloat = 120
    /// The faces' colours: front, right, back, left, top, bottom.
    static let faceColors: [CGColor] = [
        CGColor(red: 0.95, green: 0.30, blue: 0.30, alpha: 1), CGColor(red: 0.30, green: 0.75, blue: 0.40, alpha: 1),
        CGColor(red: 0.25, green: 0.45, blue: 0.95, alpha: 1), CGColor(red: 0.98, green: 0.75, blue: 0.20, alpha: 1),
        CGColor(red: 0.75, green: 0.35, blue: 0.90, alpha: 1), CGColor(red: 0.20, green: 0.80, blue: 0.85, alpha: 1),
    ]

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.12, green: 0.13, blue: 0.16, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 600
        rootLayer.sublayerTransform = perspective
        buildCube(centre: CGPoint(x: size.width * 0.3, y: size.height / 2))
        buildCard(centre: CGPoint(x: size.width * 0.75, y: size.height / 2))
    }

    /// Six faces pushed out half a side and turned into place; the cube turns about y, and more slowly about x.
    private func buildCube(centre: CGPoint) {
        let s = Self.side
        cube.frame = CGRect(x: centre.x - s / 2, y: centre.y - s / 2, width: s, height: s)
        let turns: [CATransform3D] = [
            CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DMakeRotation(.pi, 0, 1, 0),
            CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), CATransform3DMakeRotation(.pi / 2, 1, 0, 0),
            CATransform3DMakeRotation(-.pi / 2, 1, 0, 0),
        ]
        for (turn, colour) in zip(turns, Self.faceColors) {
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = colour
            face.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
            face.borderWidth = 3
            face.cornerRadius = 10
            face.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, s / 2), turn)
            cube.addSublayer(face)
        }
        cube.transform = CATransform3DMakeRotation(-0.4, 1, 0, 0)
        rootLayer.addSublayer(cube)
        cube.add(turning("transform.rotation.y", from: 0, to: 2 * .pi, duration: 6), forKey: "y")
        cube.add(turning("transform.rotation.x", from: -0.4, to: 2 * .pi - 0.4, duration: 11), forKey: "x")
    }

    /// A card's front and back, the back turned half a turn so it faces the viewer once the card has flipped.
    private func buildCard(centre: CGPoint) {
        card.frame = CGRect(x: centre.x - 60, y: centre.y - 85, width: 120, height: 170)
        for (colour, turn) in [(Self.faceColors[2], CATransform3DIdentity),
                               (Self.faceColors[3], CATransform3DMakeRotation(.pi, 0, 1, 0))] {
            let side = CALayer()
            side.frame = card.bounds
            side.backgroundColor = colour
            side.cornerRadius = 14
            side.isDoubleSided = false
            side.transform = turn
            card.addSublayer(side)
        }
        let flip = turning("transform.rotation.y", from: 0, to: .pi, duration: 1.2)
        flip.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        flip.autoreverses = true
        flip.repeatCount = .infinity
        rootLayer.addSublayer(card)
        card.add(flip, forKey: "flip")
    }

    private func turning(_ keyPath: String, from: CGFloat, to: CGFloat, duration: CFTimeInterval) -> CABasicAnimation {
        let turn = CABasicAnimation(keyPath: keyPath)
        turn.fromValue = from
        turn.toValue = to
        turn.duration = duration
        turn.repeatCount = .infinity
        return turn
    }
}
