import Foundation
import Quartzite

/// A card that flips around its vertical axis in perspective: front and back are sibling layers (the back
/// underneath) turning by `transform.rotation.y` animations, neither double sided, so each shows only while it faces the viewer.
public final class CardFlip {
    public let layer = CALayer()
    public let frontLayer = CALayer()
    public let backLayer = CALayer()

    public init(size: CGSize, cardSize: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.sublayerTransform = perspective

        // The back goes underneath; both keep identity model transforms and turn only by their animations.
        for (card, color) in [(backLayer, UIColor.systemIndigo), (frontLayer, UIColor.systemRed)] {
            card.bounds = CGRect(origin: .zero, size: cardSize)
            card.position = CGPoint(x: size.width / 2, y: size.height / 2)
            card.backgroundColor = color.cgColor
            card.cornerRadius = 6
            card.isDoubleSided = false
            layer.addSublayer(card)
        }
    }

    public func flip(duration: CFTimeInterval) {
        let front = CABasicAnimation(keyPath: "transform.rotation.y")
        front.fromValue = 0
        front.toValue = CGFloat.pi
        front.duration = duration
        front.fillMode = .forwards
        front.isRemovedOnCompletion = false

        let back = CABasicAnimation(keyPath: "transform.rotation.y")
        back.fromValue = -CGFloat.pi
        back.toValue = 0
        back.duration = duration
        back.fillMode = .forwards
        back.isRemovedOnCompletion = false

        frontLayer.add(front, forKey: "flip")
        backLayer.add(back, forKey: "flip")
    }
}
