import Foundation
import Quartzite
import QuartziteRender

/// Composed scenes for the golden-image tests: each exercises a mix of features whose exact pixels are
/// tedious to derive by hand (3D perspective, nested masks, alpha masks, group opacity, shadows, gravity).
@MainActor
enum GoldenScenes {
    static let size = CGSize(width: 96, height: 96)

    /// The scene names (read outside the main actor by the test's argument list).
    nonisolated static let names = ["perspective", "nested-masks", "alpha-mask", "group-opacity", "shadows", "contents-gravity"]

    static let all: [(name: String, build: @MainActor () throws -> CALayer)] = [
        ("perspective", perspective),
        ("nested-masks", nestedMasks),
        ("alpha-mask", alphaMask),
        ("group-opacity", groupOpacity),
        ("shadows", shadows),
        ("contents-gravity", contentsGravity),
    ]

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    static func canvas() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = color(0.95, 0.95, 0.92)
        return root
    }

    static func perspective() -> CALayer {
        let root = canvas()
        var p = CATransform3DIdentity
        p.m34 = -1 / 150
        root.sublayerTransform = p
        for (i, angle) in [-0.9, 0.0, 0.9].enumerated() {
            let card = CAGradientLayer()
            card.bounds = CGRect(x: 0, y: 0, width: 26, height: 60)
            card.position = CGPoint(x: 18 + CGFloat(i) * 30, y: 48)
            card.colors = [color(0.2, 0.4, 0.9), color(0.9, 0.3, 0.5)]
            card.cornerRadius = 4
            card.masksToBounds = true
            card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            root.addSublayer(card)
        }
        return root
    }

    static func nestedMasks() -> CALayer {
        let root = canvas()
        let container = CALayer()
        container.frame = CGRect(x: 8, y: 8, width: 80, height: 80)
        container.backgroundColor = color(0.1, 0.6, 0.5)
        container.cornerRadius = 16
        container.masksToBounds = true
        let circle = CAShapeLayer()
        circle.frame = container.bounds
        circle.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 72, height: 72), transform: nil)
        container.mask = circle
        let inner = CALayer()
        inner.frame = CGRect(x: -10, y: 20, width: 100, height: 40)
        inner.backgroundColor = color(0.95, 0.8, 0.2)
        let star = CAShapeLayer()
        star.frame = inner.bounds
        let path = CGMutablePath()
        for k in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
            let q = CGPoint(x: 50 + 30 * cos(a), y: 20 + 30 * sin(a))
            if k == 0 { path.move(to: q) } else { path.addLine(to: q) }
        }
        path.closeSubpath()
        star.path = path
        inner.mask = star
        container.addSublayer(inner)
        root.addSublayer(container)
        return root
    }

    static func alphaMask() -> CALayer {
        let root = canvas()
        let content = CAGradientLayer()
        content.frame = CGRect(x: 6, y: 6, width: 84, height: 84)
        content.colors = [color(0.9, 0.2, 0.2), color(0.2, 0.2, 0.9)]
        content.startPoint = CGPoint(x: 0, y: 0)
        content.endPoint = CGPoint(x: 1, y: 1)
        let mask = CAGradientLayer()
        mask.frame = content.bounds
        mask.type = .radial
        mask.colors = [color(0, 0, 0, 1), color(0, 0, 0, 0)]
        mask.startPoint = CGPoint(x: 0.5, y: 0.5)
        mask.endPoint = CGPoint(x: 1, y: 1)
        content.mask = mask
        root.addSublayer(content)
        return root
    }

    static func groupOpacity() -> CALayer {
        let root = canvas()
        for (i, grouped) in [true, false].enumerated() {
            let group = CALayer()
            group.frame = CGRect(x: 4 + CGFloat(i) * 46, y: 14, width: 42, height: 68)
            group.opacity = 0.6
            group.allowsGroupOpacity = grouped
            for (j, c) in [color(0.9, 0.1, 0.1), color(0.1, 0.3, 0.9)].enumerated() {
                let part = CALayer()
                part.frame = CGRect(x: 2 + CGFloat(j) * 12, y: 4 + CGFloat(j) * 24, width: 26, height: 36)
                part.backgroundColor = c
                part.cornerRadius = 6
                part.borderWidth = 2
                part.borderColor = color(0, 0, 0)
                group.addSublayer(part)
            }
            root.addSublayer(group)
        }
        return root
    }

    static func shadows() -> CALayer {
        let root = canvas()
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 34)
        card.backgroundColor = color(1, 1, 1)
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        card.shadowOffset = CGSize(width: 2, height: 4)
        root.addSublayer(card)
        let thumb = CAShapeLayer()
        thumb.frame = CGRect(x: 52, y: 50, width: 34, height: 34)
        thumb.path = CGPath(ellipseIn: thumb.bounds, transform: nil)
        thumb.fillColor = color(1, 1, 1)
        thumb.strokeColor = color(0.9, 0.9, 0.9)
        thumb.lineWidth = 0.5
        thumb.shadowPath = thumb.path
        thumb.shadowOpacity = 0.4
        thumb.shadowRadius = 2
        thumb.shadowOffset = CGSize(width: 0, height: 2)
        root.addSublayer(thumb)
        return root
    }

    static func contentsGravity() throws -> CALayer {
        let root = canvas()
        var bytes: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<16 {
                let edge = x == 0 || y == 0 || x == 15 || y == 11
                bytes += edge ? [30, 30, 30, 255] : [UInt8(60 + x * 12), UInt8(200 - y * 10), 160, 255]
            }
        }
        let image = try CGImage(width: 16, height: 12, premultipliedRGBA: bytes)
        let gravities: [CALayerContentsGravity] = [.topLeft, .center, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
        for (i, g) in gravities.enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: 4 + CGFloat(i % 3) * 30, y: 8 + CGFloat(i / 3) * 44, width: 28, height: 36)
            cell.backgroundColor = color(0.8, 0.82, 0.85)
            cell.contents = image
            cell.contentsGravity = g
            cell.masksToBounds = true
            cell.magnificationFilter = .nearest
            root.addSublayer(cell)
        }
        return root
    }
}
