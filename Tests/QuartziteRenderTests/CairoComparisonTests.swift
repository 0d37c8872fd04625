import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Our GL output against cairo drawing the same fills, strokes and gradients at the same size:
/// the mean absolute difference is under 1/255 per channel, and any pixel off by more than 32/255 lies on an
/// antialiased edge (a pixel cairo itself draws partially covered). Both ways of antialiasing: 4x MSAA, and
/// one sample with coverage fringes.
@MainActor
@Suite(.serialized)
struct CairoComparisonTests {
    static let size = 128
    let red = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 1)

    struct Comparison: CustomStringConvertible {
        var meanDifference: Double      // in 1/255 units, per channel
        var offEdgeOutliers: Int        // pixels off by more than 32 that cairo draws fully covered or empty
        var description: String { String(format: "mean %.3f/255, %d outliers off the edges", meanDifference, offEdgeOutliers) }
    }

    func compare(_ ours: Bitmap, _ reference: [UInt8], paint: SIMD4<UInt8>?, background: SIMD4<UInt8>) -> Comparison {
        var total = 0, outliers = 0
        for i in stride(from: 0, to: reference.count, by: 4) {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(ours.rgba[i + c]) - Int(reference[i + c]))
                total += d
                worst = max(worst, d)
            }
            guard worst > 32 else { continue }
            let ref = SIMD4(reference[i], reference[i + 1], reference[i + 2], reference[i + 3])
            let pure = maxChannelDifference(ref, background) <= 2 || (paint.map { maxChannelDifference(ref, $0) <= 2 } ?? false)
            // A pixel cairo draws as pure paint or pure background may still be one pixel from the edge:
            // check the 3x3 neighbourhood for partial coverage before calling it an outlier.
            if pure && !nearEdge(reference, index: i / 4, paint: paint, background: background) { outliers += 1 }
        }
        return Comparison(meanDifference: Double(total) / Double(reference.count / 4 * 3), offEdgeOutliers: outliers)
    }

    private func nearEdge(_ image: [UInt8], index: Int, paint: SIMD4<UInt8>?, background: SIMD4<UInt8>) -> Bool {
        let n = Self.size, x0 = index % n, y0 = index / n
        var sawPaint = false, sawBackground = false, sawPartial = false
        for y in max(0, y0 - 1)...min(n - 1, y0 + 1) {
            for x in max(0, x0 - 1)...min(n - 1, x0 + 1) {
                let i = (y * n + x) * 4
                let p = SIMD4(image[i], image[i + 1], image[i + 2], image[i + 3])
                if maxChannelDifference(p, background) <= 2 { sawBackground = true }
                else if let paint, maxChannelDifference(p, paint) <= 2 { sawPaint = true }
                else { sawPartial = true }
            }
        }
        return sawPartial || (sawPaint && sawBackground)
    }

    func ours(_ layer: CALayer, samples: Int = 4) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        root.backgroundColor = .white
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: Self.size, height: Self.size), samples: samples)
        defer { renderer.close() }
        renderer.dithersGradients = false
        return try renderer.render(root, at: 0)
    }

    func shape(_ path: CGPath, fill: CGPathFillRule? = nil, stroke: StrokeStyle? = nil) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        layer.path = path
        layer.fillColor = fill == nil ? nil : red
        layer.fillRule = fill == .evenOdd ? .evenOdd : .nonZero
        if let stroke {
            layer.strokeColor = red
            layer.lineWidth = stroke.lineWidth
            layer.lineCap = stroke.lineCap == .round ? .round : stroke.lineCap == .square ? .square : .butt
            layer.lineJoin = stroke.lineJoin == .round ? .round : stroke.lineJoin == .bevel ? .bevel : .miter
            layer.miterLimit = stroke.miterLimit
            if !stroke.dashPattern.isEmpty {
                layer.lineDashPattern = stroke.dashPattern.map { NSNumber(value: Double($0)) }
                layer.lineDashPhase = stroke.dashPhase
            }
        }
        return layer
    }

    nonisolated static func star(_ center: CGPoint, _ r: CGFloat) -> CGPath {
        let p = CGMutablePath()
        for i in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let q = CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    nonisolated static func zigzag() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 14, y: 100))
        p.addLine(to: CGPoint(x: 40, y: 30))
        p.addLine(to: CGPoint(x: 64, y: 96))
        p.addLine(to: CGPoint(x: 88, y: 24))
        p.addLine(to: CGPoint(x: 114, y: 104))
        return p
    }

    nonisolated static func curve() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 16, y: 100))
        p.addCurve(to: CGPoint(x: 112, y: 90), control1: CGPoint(x: 30, y: -10), control2: CGPoint(x: 100, y: 150))
        return p
    }

    typealias Case = (name: String, path: CGPath, fill: CGPathFillRule?, stroke: StrokeStyle?)
    nonisolated static let cases: [Case] = [
        ("circle fill", CGPath(ellipseIn: CGRect(x: 14, y: 14, width: 100, height: 100), transform: nil), .winding, nil),
        ("rounded rect fill", CGPath(roundedRect: CGRect(x: 10, y: 20, width: 108, height: 80), cornerWidth: 18, cornerHeight: 18, transform: nil), .winding, nil),
        ("star non-zero", star(CGPoint(x: 64, y: 66), 58), .winding, nil),
        ("star even-odd", star(CGPoint(x: 64, y: 66), 58), .evenOdd, nil),
        ("zigzag miter", zigzag(), nil, StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .miter)),
        ("zigzag round", zigzag(), nil, StrokeStyle(lineWidth: 10, lineCap: .round, lineJoin: .round)),
        ("zigzag bevel square", zigzag(), nil, StrokeStyle(lineWidth: 10, lineCap: .square, lineJoin: .bevel)),
        ("curve stroke", curve(), nil, StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)),
        ("thin circle stroke", CGPath(ellipseIn: CGRect(x: 24, y: 24, width: 80, height: 80), transform: nil), nil, StrokeStyle(lineWidth: 2)),
        // Strokes as wide as their curve's diameter: the outer outline lies farthest from the flattened centre
        // line, so these show whether flattening keeps the outline, not just the centre, within tolerance.
        ("tight circle stroked as wide as its diameter", CGPath(ellipseIn: CGRect(x: 40, y: 40, width: 48, height: 48), transform: nil),
         nil, StrokeStyle(lineWidth: 48)),
        ("hairpin curve stroked wide", hairpin(), nil, StrokeStyle(lineWidth: 28, lineCap: .butt, lineJoin: .miter)),
    ]

    nonisolated static func hairpin() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 40, y: 110))
        p.addCurve(to: CGPoint(x: 88, y: 110), control1: CGPoint(x: 40, y: 20), control2: CGPoint(x: 88, y: 20))
        return p
    }

    @Test(arguments: cases.indices, [4, 1])
    func fillsAndStrokesMatchCairo(_ index: Int, samples: Int) throws {
        let c = Self.cases[index]
        let bitmap = try ours(shape(c.path, fill: c.fill, stroke: c.stroke), samples: samples)
        let paint: CairoReference.Paint = c.stroke.map { .stroke($0) } ?? .fill(c.fill ?? .winding)
        let reference = CairoReference.render(c.path, paint: paint, color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        if result.meanDifference >= 1 || result.offEdgeOutliers > 0 { keepForInspection(bitmap, "cairo-\(c.name)-\(samples)") }
        #expect(result.meanDifference < 1, "\(c.name), \(samples) samples: \(result)")
        #expect(result.offEdgeOutliers == 0, "\(c.name), \(samples) samples: \(result)")
    }

    /// A red layer under a circle-shaped mask shows exactly cairo's red circle: through the stencil with 4x
    /// MSAA, and with one sample as an alpha mask whose circle has a coverage fringe.
    @Test(arguments: [4, 1])
    func binaryMaskEdgesMatchCairo(samples: Int) throws {
        let circle = CGPath(ellipseIn: CGRect(x: 18.3, y: 20.6, width: 90, height: 84), transform: nil)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        layer.backgroundColor = red
        let mask = CAShapeLayer()
        mask.frame = layer.bounds
        mask.path = circle
        mask.fillColor = .black
        layer.mask = mask
        let reference = CairoReference.render(circle, paint: .fill(.winding), color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let bitmap = try ours(layer, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(samples) samples: \(result)")
        // The edge is antialiased (a hard edge through the stencil's one sample would have no partial pixels).
        #expect(Double(partialPixels(bitmap.rgba)) > 0.7 * Double(partialPixels(reference)), "\(samples) samples")
    }

    /// A red sublayer inside a layer with masksToBounds and a corner radius shows exactly cairo's red rounded
    /// rectangle, with antialiased corners: through the stencil with 4x MSAA, and as an alpha mask with one
    /// sample.
    /// A replicator's seven copies of a star, each turned 2π/7 more about the replicator's centre and 3% larger
    /// than the one before, show exactly cairo's union of the seven transformed stars (the copies do not
    /// overlap): the copies are the same geometry as drawing each place by hand.
    @Test(arguments: [4, 1])
    func replicatedShapesMatchCairo(samples: Int) throws {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 4, y: 4, width: 120, height: 120)
        replicator.instanceCount = 7
        let step = CGFloat.pi * 2 / 7
        replicator.instanceTransform = CATransform3DConcat(CATransform3DMakeRotation(step, 0, 0, 1),
                                                           CATransform3DMakeScale(1.03, 1.03, 1))
        let star = Self.star(CGPoint(x: 60.3, y: 17.6), 12)
        let layer = shape(star, fill: .winding)
        layer.frame = replicator.bounds
        layer.fillColor = red
        replicator.addSublayer(layer)
        // Copy i: about the centre (64, 64) on the canvas, turned by i steps and scaled by 1.03^i (row vectors:
        // the rotation first, then the scale, as CATransform3DConcat(rotation, scale) applies them).
        let union = CGMutablePath()
        for i in 0..<7 {
            let scale = pow(1.03, CGFloat(i))
            let place = CGAffineTransform(translationX: -60, y: -60)
                .concatenating(CGAffineTransform(rotationAngle: step * CGFloat(i)))
                .concatenating(CGAffineTransform(scaleX: scale, y: scale))
                .concatenating(CGAffineTransform(translationX: 64, y: 64))
            union.addPath(star, transform: place)
        }
        let reference = CairoReference.render(union, paint: .fill(.winding), color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let bitmap = try ours(replicator, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(samples) samples: \(result)")
    }

    @Test(arguments: [4, 1])
    func roundedClipMatchesCairo(samples: Int) throws {
        let frame = CGRect(x: 14.4, y: 20.7, width: 98, height: 80)
        let clip = CALayer()
        clip.frame = frame
        clip.cornerRadius = 22
        clip.masksToBounds = true
        let content = CALayer()
        content.frame = CGRect(x: -20, y: -20, width: 200, height: 200)
        content.backgroundColor = red
        clip.addSublayer(content)
        let rounded = CGPath(roundedRect: frame, cornerWidth: 22, cornerHeight: 22, transform: nil)
        let reference = CairoReference.render(rounded, paint: .fill(.winding), color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let bitmap = try ours(clip, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(samples) samples: \(result)")
        #expect(Double(partialPixels(bitmap.rgba)) > 0.7 * Double(partialPixels(reference)), "\(samples) samples")
    }

    /// A layer showing a plain red image, turned 20 degrees, shows cairo's red turned rectangle with
    /// antialiased edges: with 4x MSAA, and with one sample through a coverage fringe that samples the
    /// image's edge texels. The same for the image stretched in nine parts (contentsCenter: only the parts'
    /// outside edges get a fringe) and for the layer drawn through its `shouldRasterize` bitmap.
    @Test(arguments: [4, 1], ["single", "nine-part", "rasterized"])
    func turnedImageEdgesMatchCairo(samples: Int, kind: String) throws {
        let texel: [UInt8] = [230, 26, 51, 255]
        let image = try CGImage(width: 8, height: 8, premultipliedRGBA: (0..<64).flatMap { _ in texel })
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 50)
        layer.position = CGPoint(x: 64.3, y: 63.8)
        layer.contents = image
        layer.contentsGravity = .resize
        if kind == "nine-part" { layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) }
        if kind == "rasterized" { layer.shouldRasterize = true }
        let angle = 20 * CGFloat.pi / 180
        layer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        let corners = [CGPoint(x: -40, y: -25), CGPoint(x: 40, y: -25), CGPoint(x: 40, y: 25), CGPoint(x: -40, y: 25)].map {
            CGPoint(x: 64.3 + $0.x * cos(angle) - $0.y * sin(angle), y: 63.8 + $0.x * sin(angle) + $0.y * cos(angle))
        }
        let turned = CGMutablePath()
        turned.addLines(between: corners)
        turned.closeSubpath()
        let reference = CairoReference.render(turned, paint: .fill(.winding), color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let bitmap = try ours(layer, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(kind), \(samples) samples: \(result)")
        #expect(Double(partialPixels(bitmap.rgba)) > 0.7 * Double(partialPixels(reference)), "\(kind), \(samples) samples")
    }

    /// A layer's rounded background, upright and turned 30 degrees, shows cairo's rounded rectangle: with 4x
    /// MSAA (tessellated bounds) and with one sample (a quad whose shader measures the distance to it).
    @Test(arguments: [4, 1], [0.0, 30.0])
    func roundedBackgroundMatchesCairo(samples: Int, degrees: Double) throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 90, height: 60)
        layer.position = CGPoint(x: 64.3, y: 63.6)
        layer.cornerRadius = 17
        layer.backgroundColor = red
        let angle = CGFloat(degrees) * .pi / 180
        layer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        let rounded = CGPath(roundedRect: CGRect(x: -45, y: -30, width: 90, height: 60), cornerWidth: 17, cornerHeight: 17,
                             transform: nil)
        var place = CGAffineTransform(translationX: 64.3, y: 63.6).rotated(by: angle)
        let turned = rounded.copy(using: &place) ?? rounded
        let reference = CairoReference.render(turned, paint: .fill(.winding), color: red, background: .white,
                                              width: Self.size, height: Self.size)
        let bitmap = try ours(layer, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(samples) samples, \(degrees) degrees: \(result)")
        #expect(Double(partialPixels(bitmap.rgba)) > 0.7 * Double(partialPixels(reference)), "\(samples) samples")
    }

    /// A gradient seen through a stroked circle trimmed by strokeStart / strokeEnd (seed 003's ring; with one
    /// sample drawn as one quad whose shader measures the distance to the arc) equals cairo's stroke of that
    /// arc: butt and round caps, less and more than a half turn, both ways round.
    @Test(arguments: [4, 1], [(0.0, 0.3, true, 0), (0.1, 0.85, true, 1), (0.2, 0.7, false, 0), (0.05, 0.95, false, 1)])
    func trimmedRingMaskMatchesCairo(samples: Int, trim: (start: Double, end: Double, clockwise: Bool, cap: Int)) throws {
        let n = CGFloat(Self.size)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: n, height: n)
        gradient.colors = [red, red]
        let ring = CAShapeLayer()
        ring.frame = gradient.bounds
        let center = CGPoint(x: 64.4, y: 63.7), radius: CGFloat = 41
        let start = -CGFloat.pi / 2, end = trim.clockwise ? 3 * CGFloat.pi / 2 : -5 * CGFloat.pi / 2
        ring.path = UIBezierPath(arcCenter: center, radius: radius, startAngle: start, endAngle: end, clockwise: trim.clockwise).cgPath
        ring.fillColor = nil
        ring.strokeColor = .black
        ring.lineWidth = 11
        ring.lineCap = trim.cap == 1 ? .round : .butt
        ring.strokeStart = trim.start
        ring.strokeEnd = trim.end
        gradient.mask = ring
        let sweep = (trim.clockwise ? 1 : -1) * 2 * CGFloat.pi
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: start + sweep * trim.start,
                               endAngle: start + sweep * trim.end, clockwise: trim.clockwise).cgPath
        let reference = CairoReference.render(arc, paint: .stroke(StrokeStyle(lineWidth: 11, lineCap: trim.cap == 1 ? .round : .butt)),
                                              color: red, background: .white, width: Self.size, height: Self.size)
        let bitmap = try ours(gradient, samples: samples)
        let result = compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        #expect(result.meanDifference < 1 && result.offEdgeOutliers == 0, "\(samples) samples, \(trim): \(result)")
        #expect(Double(partialPixels(bitmap.rgba)) > 0.7 * Double(partialPixels(reference)), "\(samples) samples, \(trim)")
        // With one sample the ring is one arc quad, not a tessellated stroke.
        let compositor = Compositor(canvasSize: CGSize(width: n, height: n), contentScale: 1)
        compositor.coverageAntialiasing = samples == 1
        let list = compositor.build(Evaluator.presentationTree(of: gradient, at: 0))
        let arcs = list.commands.filter { if case .gradientArc = $0 { return true } else { return false } }.count
        #expect(arcs == (samples == 1 ? 1 : 0) && list.commands.count == 1, "\(list.commands.count) commands")
    }

    /// Pixels neither red nor white: an antialiased edge has about as many as cairo's, a hard one none.
    func partialPixels(_ image: [UInt8]) -> Int {
        let paint: SIMD4<UInt8> = SIMD4(230, 26, 51, 255), white: SIMD4<UInt8> = rgba(255, 255, 255)
        var count = 0
        for i in stride(from: 0, to: image.count, by: 4) {
            let p = SIMD4(image[i], image[i + 1], image[i + 2], image[i + 3])
            if maxChannelDifference(p, paint) > 12 && maxChannelDifference(p, white) > 12 { count += 1 }
        }
        return count
    }

    @Test(arguments: [4, 1])
    func linearAndRadialGradientsMatchCairo(samples: Int) throws {
        let colors = [CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1), CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1),
                      CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)]
        let n = CGFloat(Self.size)
        let axial = CAGradientLayer()
        axial.frame = CGRect(x: 0, y: 0, width: n, height: n)
        axial.colors = colors
        axial.startPoint = CGPoint(x: 0.1, y: 0.2)
        axial.endPoint = CGPoint(x: 0.9, y: 0.7)
        let axialRef = CairoReference.render(CGPath(rect: .zero, transform: nil),
            paint: .linear(start: CGPoint(x: 0.1 * n, y: 0.2 * n), end: CGPoint(x: 0.9 * n, y: 0.7 * n), colors: colors),
            color: .black, background: .white, width: Self.size, height: Self.size)
        let a = compare(try ours(axial, samples: samples), axialRef, paint: nil, background: rgba(255, 255, 255))
        #expect(a.meanDifference < 1 && a.offEdgeOutliers == 0, "axial: \(a)")

        let radial = CAGradientLayer()
        radial.frame = CGRect(x: 0, y: 0, width: n, height: n)
        radial.type = .radial
        radial.colors = colors
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)   // a circle of radius n/2
        let radialRef = CairoReference.render(CGPath(rect: .zero, transform: nil),
            paint: .radial(center: CGPoint(x: n / 2, y: n / 2), radius: n / 2, colors: colors),
            color: .black, background: .white, width: Self.size, height: Self.size)
        let r = compare(try ours(radial, samples: samples), radialRef, paint: nil, background: rgba(255, 255, 255))
        #expect(r.meanDifference < 1 && r.offEdgeOutliers == 0, "radial: \(r)")
    }
}

/// Hairlines keep their ink: a line 0.25 to 1 pixel wide darkens the image by as much as cairo's exact
/// coverage does (within 15 %), and never breaks up, with 4x MSAA and without any multisampling.
@MainActor
@Suite(.serialized)
struct HairlineTests {
    @Test(arguments: [0.25, 0.5, 0.75, 1.0], [4, 1])
    func thinStrokesFadeInsteadOfVanishing(_ width: Double, samples: Int) throws {
        let size = 64
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 8, y: 32.5))
        path.addLine(to: CGPoint(x: 56, y: 30.5))   // slightly slanted, so rows are partly covered
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = .black
        layer.lineWidth = width
        let root = CALayer()
        root.frame = layer.frame
        root.backgroundColor = .white
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: size, height: size), samples: samples)
        defer { renderer.close() }
        let ours = try renderer.render(root, at: 0)
        let reference = CairoReference.render(path, paint: .stroke(StrokeStyle(lineWidth: width)), color: .black,
                                              background: .white, width: size, height: size)
        // Ink = the sum of darkness over the image, in pixels of full coverage.
        func ink(_ rgba: [UInt8]) -> Double {
            stride(from: 0, to: rgba.count, by: 4).reduce(0) { $0 + Double(255 - Int(rgba[$1])) / 255 }
        }
        let expected = ink(reference), measured = ink(ours.rgba)
        #expect(expected > 0)
        #expect(abs(measured - expected) / expected < 0.15, "width \(width), \(samples) samples: ink \(measured) vs cairo \(expected)")
        // Every column the line crosses is darkened somewhere (no gaps).
        for x in 10...54 {
            #expect((0..<size).contains { ours.pixel(x: x, y: $0).map { $0[0] < 250 } ?? false }, "gap at x = \(x) (width \(width), \(samples) samples)")
        }
    }
}
