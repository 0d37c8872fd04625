import Foundation
import Quartzite
import QuartziteHost

/// Seed 001, the "Fuber" splash screen: an animated logo (a white disc drawn
/// by strokeEnd, a line, a square that grows and shrinks, all under a mask that closes to a rounded square)
/// over a grid of tiles rippling out from the centre (opacity, scale and additive position keyframes, each
/// delayed by its distance), while the grid breathes (transform.scale keyframes). Every animation loops every
/// 3 s from absolute begin times with time offsets, as the original does.
@MainActor
public final class SplashDemo: Demo {
    public static let name = "splash"
    public static let summary = "seed 001: the Fuber splash, a logo drawn by strokeEnd under a closing mask over a rippling tile grid"
    public static let preferredSize = CGSize(width: 375, height: 667)

    static let blue = CGColor(red: 15 / 255, green: 78 / 255, blue: 101 / 255, alpha: 1)
    static let lightBlue = CGColor(red: 77 / 255, green: 181 / 255, blue: 217 / 255, alpha: 1)
    static let strokeEndCurve = CAMediaTimingFunction(controlPoints: 1, 0, 0.35, 1)
    static let squareCurve = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.2, 1)
    static let circleCurve = CAMediaTimingFunction(controlPoints: 0.65, 0, 0.4, 1)
    static let fadeInSquareCurve = CAMediaTimingFunction(controlPoints: 0.15, 0, 0.85, 1)
    /// The loop (D), the logo's time offset (0.7 D) and the grid's.
    static let loop: CFTimeInterval = 3, logoOffset: CFTimeInterval = 2.1, gridOffset: CFTimeInterval = 1.05
    static let radius: CGFloat = 37.5, squareSide: CGFloat = 21
    static let columns = 7, rows = 11, tileSide: CGFloat = 90

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let grid = CALayer()
    let logo = CALayer()
    let circle = CAShapeLayer()
    let line = CAShapeLayer()
    let square = CALayer()
    let logoMask = CALayer()

    /// Nothing changes per frame: its animations and its timeline say when it moves.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        rootLayer.masksToBounds = true
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let start = CACurrentMediaTime()   // T0: the demo's t = 0
        buildGrid(centre: centre, start: start)
        buildLogo(centre: centre, start: start)
    }

    // MARK: The tile grid

    private func buildGrid(centre: CGPoint, start: CFTimeInterval) {
        grid.bounds = CGRect(x: 0, y: 0, width: CGFloat(Self.columns) * Self.tileSide, height: CGFloat(Self.rows) * Self.tileSide)
        grid.position = centre
        grid.backgroundColor = Self.blue
        rootLayer.addSublayer(grid)
        let middle = CGPoint(x: grid.bounds.midX, y: grid.bounds.midY)   // the centre tile's centre
        var centreTile: CALayer?
        for row in 0..<Self.rows {
            for column in 0..<Self.columns {
                let tile = CALayer()
                tile.frame = CGRect(x: CGFloat(column) * Self.tileSide, y: CGFloat(row) * Self.tileSide,
                                    width: Self.tileSide, height: Self.tileSide)
                let dot = CALayer()
                dot.frame = CGRect(x: Self.tileSide / 2 - 4, y: Self.tileSide / 2 - 4, width: 8, height: 8)
                dot.cornerRadius = 4
                dot.backgroundColor = Self.lightBlue
                tile.addSublayer(dot)
                let border = row == 0 || column == 0 || row == Self.rows - 1 || column == Self.columns - 1
                let offset = CGPoint(x: tile.position.x - middle.x, y: tile.position.y - middle.y)
                tile.add(Self.ripple(offset: offset, moves: !border, start: start), forKey: "ripple")
                grid.addSublayer(tile)
                // The tile nearest the centre (the original compared floats for equality).
                if hypot(offset.x, offset.y) < 1 { centreTile = tile }
            }
        }
        if let centreTile {
            centreTile.removeFromSuperlayer()
            grid.addSublayer(centreTile)   // brought to front
            centreTile.addSublayer(Self.wordmark(in: centreTile.bounds))
        }
        let breathe = CAKeyframeAnimation(keyPath: "transform.scale")
        breathe.values = [0.75, 0.75, 1, 1].map { CGFloat($0) }
        breathe.keyTimes = [0, 0.45, 0.887, 1]
        breathe.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(controlPoints: 0.6, 0, 0.15, 1),
                                   CAMediaTimingFunction(name: .linear)]
        breathe.duration = Self.loop
        breathe.repeatCount = .infinity
        breathe.isRemovedOnCompletion = false
        breathe.beginTime = start
        breathe.timeOffset = Self.gridOffset
        grid.add(breathe, forKey: "scale")
    }

    /// The original's wordmark in the centre tile: "F", a gap where the logo's U stands, and "BER", in white
    /// 50-point text centred 31 points right of the tile's centre; it ripples with the tile.
    static func wordmark(in tile: CGRect) -> CATextLayer {
        let label = CATextLayer()
        label.bounds = CGRect(x: 0, y: 0, width: 400, height: 60)
        label.position = CGPoint(x: tile.midX + 31, y: tile.midY)
        label.string = "F       BER"   // seven of DejaVu's spaces span the original's nine narrower ones
        label.fontSize = 50
        label.alignmentMode = .center
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return label
    }

    /// One tile's ripple, `offset` from the centre tile: delayed 0.0006666 s per point of distance; moving
    /// tiles (all but the border) also swell and are pushed outwards by 2.5 % of their distance.
    static func ripple(offset: CGPoint, moves: Bool, start: CFTimeInterval) -> CAAnimationGroup {
        let tf = squareCurve
        let linear = CAMediaTimingFunction(name: .linear)
        let keyTimes: [NSNumber] = [0, 0.61, 0.7, 0.887, 1]
        var children: [CAAnimation] = []
        let distance = hypot(offset.x, offset.y)
        if moves {
            let scale = CAKeyframeAnimation(keyPath: "transform.scale")
            scale.values = [1, 1, 1.05, 1, 1].map { CGFloat($0) }
            scale.keyTimes = keyTimes
            scale.timingFunctions = [linear, tf, tf, linear]
            // unit(offset) x 0.025 x distance: 2.5 % of the offset itself.
            let push = CGPoint(x: offset.x * 0.025, y: offset.y * 0.025)
            let position = CAKeyframeAnimation(keyPath: "position")
            position.values = [CGPoint.zero, CGPoint.zero, push, CGPoint.zero, CGPoint.zero]
            position.keyTimes = keyTimes
            position.timingFunctions = [linear, tf, tf, linear]
            position.isAdditive = true
            children += [scale, position]
        }
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0, 1, 0.45, 0.6, 0, 0].map { Float($0) }
        opacity.keyTimes = [0, 0.61, 0.7, 0.767, 0.95, 1]
        opacity.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut), tf, tf, CAMediaTimingFunction(name: .easeOut), linear]
        children.append(opacity)
        let group = CAAnimationGroup()
        group.animations = children
        group.duration = loop
        group.repeatCount = .infinity
        group.fillMode = .backwards
        group.isRemovedOnCompletion = false
        group.beginTime = start + 0.0006666 * Double(distance)
        group.timeOffset = gridOffset
        return group
    }

    // MARK: The logo

    private func buildLogo(centre: CGPoint, start: CFTimeInterval) {
        logo.bounds = CGRect(x: 0, y: 0, width: 90, height: 90)
        logo.position = centre
        logo.anchorPoint = .zero   // local (0, 0) lands on the centre
        rootLayer.addSublayer(logo)

        circle.path = UIBezierPath(arcCenter: .zero, radius: Self.radius / 2, startAngle: -.pi / 2,
                                   endAngle: 3 * .pi / 2, clockwise: true).cgPath
        circle.lineWidth = Self.radius   // a stroke as wide as the arc's radius covers the disc
        circle.strokeColor = .white
        circle.fillColor = nil
        logo.addSublayer(circle)

        let linePath = CGMutablePath()
        linePath.move(to: .zero)
        linePath.addLine(to: CGPoint(x: 0, y: -Self.radius))
        line.path = linePath
        line.lineWidth = 5
        line.strokeColor = Self.blue
        line.lineCap = .butt
        logo.addSublayer(line)

        square.frame = CGRect(x: -Self.squareSide / 2, y: -Self.squareSide / 2, width: Self.squareSide, height: Self.squareSide)
        square.backgroundColor = Self.blue
        square.cornerRadius = 1.5
        logo.addSublayer(square)

        logoMask.frame = CGRect(x: -Self.radius, y: -Self.radius, width: 2 * Self.radius, height: 2 * Self.radius)
        logoMask.backgroundColor = .white
        logo.mask = logoMask
        animateLogo(start: start)
    }

    /// The logo's loop: the circle draws itself while it turns upright, the line grows and shrinks, the square
    /// grows and fills blue, and the mask closes to a rounded square.
    private func animateLogo(start: CFTimeInterval) {
        let turned = CATransform3DConcat(CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), CATransform3DMakeScale(0.25, 0.25, 1))
        let ends: [NSNumber] = [0, NSNumber(value: 5.0 / 6), 1]

        let strokeEnd = CAKeyframeAnimation(keyPath: "strokeEnd")
        strokeEnd.values = [CGFloat(0), CGFloat(1)]
        strokeEnd.keyTimes = [0, 1]
        strokeEnd.timingFunction = Self.strokeEndCurve
        strokeEnd.duration = 2.5
        let unturn = CABasicAnimation(keyPath: "transform")
        unturn.fromValue = turned
        unturn.toValue = CATransform3DIdentity
        unturn.timingFunction = Self.strokeEndCurve
        unturn.duration = 2.5
        circle.add(logoGroup([strokeEnd, unturn], start: start), forKey: "circle")

        let width = CAKeyframeAnimation(keyPath: "lineWidth")
        width.values = [CGFloat(0), CGFloat(5), CGFloat(0)]
        let lineTransform = CAKeyframeAnimation(keyPath: "transform")
        lineTransform.values = [turned, CATransform3DIdentity, CATransform3DMakeScale(0.15, 0.15, 1)]
        for k in [width, lineTransform] {
            k.keyTimes = ends
            k.timingFunctions = [Self.strokeEndCurve, Self.circleCurve]
            k.duration = Self.loop
        }
        line.add(logoGroup([width, lineTransform], start: start, keep: true), forKey: "line")

        animateSquareAndMask(ends: ends, start: start)
    }

    /// The square's growth and fill, and the mask's close, in the logo's loop (`ends` its key times).
    private func animateSquareAndMask(ends: [NSNumber], start: CFTimeInterval) {
        let grow = CAKeyframeAnimation(keyPath: "bounds")
        grow.values = [14.0, 21.0, 0.0].map { CGRect(x: 0, y: 0, width: $0, height: $0) }
        grow.keyTimes = ends
        grow.timingFunctions = [Self.fadeInSquareCurve, Self.squareCurve]
        let fill = CABasicAnimation(keyPath: "backgroundColor")
        fill.fromValue = CGColor.white
        fill.toValue = Self.blue
        fill.timingFunction = Self.squareCurve
        fill.fillMode = .both
        fill.beginTime = 1.0 / 3
        fill.duration = 1.2
        square.add(logoGroup([grow, fill], start: start, keep: true), forKey: "square")

        let close = CABasicAnimation(keyPath: "bounds")
        close.fromValue = logoMask.bounds
        close.toValue = CGRect(x: 0, y: 0, width: 14, height: 14)
        let round = CABasicAnimation(keyPath: "cornerRadius")
        round.fromValue = Self.radius
        round.toValue = CGFloat(2)
        for c in [close, round] {
            c.beginTime = 2.5
            c.duration = 0.5
            c.timingFunction = Self.circleCurve
        }
        let maskGroup = logoGroup([close, round], start: start, keep: true)
        maskGroup.fillMode = .both
        logoMask.add(maskGroup, forKey: "mask")
    }

    /// A logo group: the 3 s loop from T0, 2.1 s in, forever; `keep` sets removedOnCompletion false.
    private func logoGroup(_ children: [CAAnimation], start: CFTimeInterval, keep: Bool = false) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = children
        group.beginTime = start
        group.timeOffset = Self.logoOffset
        group.duration = Self.loop
        group.repeatCount = .infinity
        if keep { group.isRemovedOnCompletion = false }
        return group
    }
}
