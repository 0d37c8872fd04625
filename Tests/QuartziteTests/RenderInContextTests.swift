import Foundation
import Testing
@testable import Quartzite

/// `CALayer.render(in:)` into UIKit image contexts (y down, as the layers see it): where each part lands and
/// in what colour, worked out from the layer values; what Apple documents as left out stays out.
@Suite(.serialized) struct RenderInContextTests {
    func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [Int] {
        guard let cg = image.cgImage, x >= 0, y >= 0, x < cg.width, y < cg.height else { return [] }
        let i = (y * cg.width + x) * 4
        return cg.premultipliedRGBA[i ..< i + 4].map { Int($0) }
    }

    func snapshot(_ layer: CALayer, _ size: CGSize) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { layer.render(in: $0.cgContext) }
    }

    func layer(_ frame: CGRect, _ color: UIColor?) -> CALayer {
        let made = CALayer()
        made.frame = frame
        made.backgroundColor = color?.cgColor
        return made
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func sublayersLandAtTheirFramesAndOpacityBlends() {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 30), .red)
        root.addSublayer(layer(CGRect(x: 10, y: 10, width: 10, height: 10), .blue))
        let faded = layer(CGRect(x: 25, y: 5, width: 10, height: 10), .blue)
        faded.opacity = 0.5
        root.addSublayer(faded)
        let hidden = layer(CGRect(x: 0, y: 0, width: 5, height: 5), .green)
        hidden.isHidden = true
        root.addSublayer(hidden)
        let image = snapshot(root, CGSize(width: 40, height: 30))
        #expect(pixel(image, 5, 25) == [255, 0, 0, 255] && pixel(image, 2, 2) == [255, 0, 0, 255])
        #expect(pixel(image, 15, 15) == [0, 0, 255, 255] && pixel(image, 21, 15) == [255, 0, 0, 255])
        #expect(near(pixel(image, 30, 10), [128, 0, 128, 255]))
    }

    /// A translucent layer fades as one picture: its two overlapping opaque sublayers show the same colour
    /// where they overlap as where they do not.
    @Test func opacityAppliesToTheGroup() {
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 10), .white)
        let group = layer(CGRect(x: 0, y: 0, width: 30, height: 10), nil)
        group.opacity = 0.5
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 10), .blue))
        group.addSublayer(layer(CGRect(x: 10, y: 0, width: 20, height: 10), .blue))
        root.addSublayer(group)
        let image = snapshot(root, CGSize(width: 30, height: 10))
        #expect(near(pixel(image, 5, 5), [128, 128, 255, 255]))
        #expect(pixel(image, 15, 5) == pixel(image, 5, 5) && pixel(image, 25, 5) == pixel(image, 5, 5))
    }

    /// Transforms place sublayers (a rotation by 90° about the centre of a 20 x 10 layer makes it 10 x 20),
    /// masksToBounds cuts them to the rounded bounds, and a 3D transform leaves a layer out.
    @Test func transformsClipsAndWhatIsLeftOut() {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), .white)
        let bar = layer(CGRect(x: 10, y: 15, width: 20, height: 10), .blue)
        bar.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        root.addSublayer(bar)
        let image = snapshot(root, CGSize(width: 40, height: 40))
        #expect(pixel(image, 20, 12) == [0, 0, 255, 255] && pixel(image, 12, 20) == [255, 255, 255, 255])

        let window = layer(CGRect(x: 0, y: 0, width: 20, height: 20), .white)
        window.masksToBounds = true
        window.cornerRadius = 8
        window.addSublayer(layer(CGRect(x: -10, y: -10, width: 40, height: 40), .red))
        let turned = layer(CGRect(x: 0, y: 0, width: 20, height: 20), .green)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 100
        turned.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        window.addSublayer(turned)
        let clipped = snapshot(window, CGSize(width: 30, height: 30))
        #expect(pixel(clipped, 10, 10) == [255, 0, 0, 255], "the 3D-transformed layer is not drawn")
        #expect(pixel(clipped, 0, 0) == [0, 0, 0, 0] && pixel(clipped, 25, 25) == [0, 0, 0, 0])
    }

    @Test func shapesGradientsAndContents() throws {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 40, y: 10))
        shape.path = line
        shape.fillColor = nil
        shape.strokeColor = UIColor.black.cgColor
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        let stroked = snapshot(shape, CGSize(width: 40, height: 20))
        #expect(pixel(stroked, 10, 10) == [0, 0, 0, 255] && pixel(stroked, 30, 10) == [0, 0, 0, 0])

        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let ramp = snapshot(gradient, CGSize(width: 100, height: 10))
        #expect(near(pixel(ramp, 0, 5), [254, 0, 1, 255], 3) && near(pixel(ramp, 99, 5), [1, 0, 254, 255], 3))
        #expect(near(pixel(ramp, 49, 5), [129, 0, 126, 255], 3), "\(pixel(ramp, 49, 5))")

        let picture = CALayer()
        picture.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        picture.contentsGravity = .center
        // Top row red, bottom row blue: drawn as it stands, red above.
        picture.contents = try CGImage(width: 4, height: 2, premultipliedRGBA: Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }
                                       + Array(repeating: [0, 0, 255, 255], count: 4).flatMap { $0 })
        let placed = snapshot(picture, CGSize(width: 20, height: 20))
        #expect(pixel(placed, 9, 9) == [255, 0, 0, 255] && pixel(placed, 9, 10) == [0, 0, 255, 255])
        #expect(pixel(placed, 7, 9) == [0, 0, 0, 0] && pixel(placed, 12, 10) == [0, 0, 0, 0])
    }

    @Test func textIsDrawnInItsColour() {
        let label = CATextLayer()
        label.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        label.string = "Hello"
        label.fontSize = 20
        label.foregroundColor = UIColor.red.cgColor
        let image = snapshot(label, CGSize(width: 80, height: 30))
        let inked = (0..<30).flatMap { y in (0..<80).map { pixel(image, $0, y) } }.filter { $0[3] > 200 }
        #expect(inked.count > 30)
        #expect(inked.allSatisfy { $0[0] > 200 && $0[1] < 40 && $0[2] < 40 })
    }

    /// A chain deeper than the walk's limit draws down to the limit and reports the rest.
    @Test func aChainPastTheDepthLimit() {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        var parent = root
        for _ in 0..<(CALayer.renderInContextDepth + 20) {
            let child = layer(CGRect(x: 0, y: 0, width: 4, height: 4), nil)
            parent.addSublayer(child)
            parent = child
        }
        parent.backgroundColor = UIColor.blue.cgColor
        let image = snapshot(root, CGSize(width: 4, height: 4))
        #expect(pixel(image, 1, 1) == [255, 0, 0, 255])
        #expect(Diagnostics.messages.contains { $0.contains("render(in:): sublayers deeper than") })
    }
}
