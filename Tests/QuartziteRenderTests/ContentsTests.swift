import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Layer contents: gravity, contentsRect, contentsScale, contentsCenter and filters; and geometryFlipped.
/// Nearest-pixel magnification keeps every expected colour exact.
@MainActor
@Suite(.serialized)
struct ContentsTests {
    /// A 4x4 image: top-left red, top-right green, bottom-left blue, bottom-right white (2x2 pixels each).
    func quadrants() throws -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 {
                switch (x < 2, y < 2) {
                case (true, true): bytes += [255, 0, 0, 255]
                case (false, true): bytes += [0, 255, 0, 255]
                case (true, false): bytes += [0, 0, 255, 255]
                case (false, false): bytes += [255, 255, 255, 255]
                }
            }
        }
        return try CGImage(width: 4, height: 4, premultipliedRGBA: bytes)
    }

    func render(_ configure: (CALayer) throws -> Void) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .black
        let layer = CALayer()
        layer.frame = root.bounds
        layer.magnificationFilter = .nearest
        try configure(layer)
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    let red = rgba(255, 0, 0), green = rgba(0, 255, 0), blue = rgba(0, 0, 255), white = rgba(255, 255, 255)
    let black = rgba(0, 0, 0)

    @Test func resizeStretchesTheImageOverTheBounds() throws {
        let b = try render { $0.contents = try quadrants() }
        #expect(b.pixel(x: 25, y: 25) == red)
        #expect(b.pixel(x: 75, y: 25) == green)
        #expect(b.pixel(x: 25, y: 75) == blue)
        #expect(b.pixel(x: 75, y: 75) == white)
    }

    @Test func fixedSizeGravitiesPlaceTheImageAtItsPointSize() throws {
        // 4x4 pixels at contentsScale 1 is 4x4 points.
        let cases: [(CALayerContentsGravity, Int, Int)] = [
            // Top is the maximum y (the foot of the picture on iOS), bottom the minimum: the names follow the
            // vertical axis, y up in Core Animation's terms (Apple's contentsGravity "Important" note).
            (.center, 48, 48), (.topLeft, 0, 96), (.top, 48, 96), (.topRight, 96, 96), (.left, 0, 48),
            (.right, 96, 48), (.bottomLeft, 0, 0), (.bottom, 48, 0), (.bottomRight, 96, 0),
        ]
        for (gravity, x, y) in cases {
            let b = try render { $0.contents = try quadrants(); $0.contentsGravity = gravity }
            #expect(b.pixel(x: x, y: y) == red, "\(gravity.rawValue) top-left")
            #expect(b.pixel(x: x + 3, y: y + 3) == white, "\(gravity.rawValue) bottom-right")
            let outside = (x > 0 ? b.pixel(x: x - 1, y: y) : b.pixel(x: x + 4, y: y))
            #expect(outside == black, "\(gravity.rawValue) outside")
        }
    }

    /// A layer whose geometry is flipped has its top at the minimum y: there the names match the screen.
    @Test func aFlippedLayersTopIsTheScreensTop() throws {
        let top = try render { $0.contents = try quadrants(); $0.contentsGravity = .top; $0.isGeometryFlipped = true }
        #expect(top.pixel(x: 48, y: 0) == red && top.pixel(x: 51, y: 3) == white)
        let bottomRight = try render { $0.contents = try quadrants(); $0.contentsGravity = .bottomRight; $0.isGeometryFlipped = true }
        #expect(bottomRight.pixel(x: 96, y: 96) == red)
    }

    @Test func contentsScaleHalvesThePointSize() throws {
        // .bottomLeft: the minimum x and y, the picture's top-left corner on iOS.
        let b = try render { $0.contents = try quadrants(); $0.contentsGravity = .bottomLeft; $0.contentsScale = 2 }
        #expect(b.pixel(x: 0, y: 0) == red)
        #expect(b.pixel(x: 1, y: 1) == white)
        #expect(b.pixel(x: 2, y: 2) == black)
    }

    @Test func aspectGravitiesFitAndFill() throws {
        let b = try render { layer in
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            layer.position = CGPoint(x: 50, y: 50)
            layer.contents = try quadrants()
            layer.contentsGravity = .resizeAspect
        }
        // A square image in a 100x50 layer at (0,25): fit is 50x50 centred, x 25...75.
        #expect(b.pixel(x: 20, y: 40) == black)
        #expect(b.pixel(x: 30, y: 30) == red)
        #expect(b.pixel(x: 70, y: 70) == white)
        let fill = try render { layer in
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            layer.position = CGPoint(x: 50, y: 50)
            layer.contents = try quadrants()
            layer.contentsGravity = .resizeAspectFill
            layer.masksToBounds = true
        }
        // Fill is 100x100 centred on the layer, clipped to it: rows 25...75 show the middle of the image.
        #expect(fill.pixel(x: 10, y: 30) == red)
        #expect(fill.pixel(x: 90, y: 70) == white)
        #expect(fill.pixel(x: 10, y: 20) == black)
    }

    @Test func contentsRectShowsPartOfTheImage() throws {
        let b = try render { $0.contents = try quadrants(); $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5) }
        for (x, y) in [(5, 5), (50, 50), (95, 95)] { #expect(b.pixel(x: x, y: y) == green) }
    }

    @Test func contentsCenterKeepsTheEdgesAndStretchesTheMiddle() throws {
        // A 4x4 image with a one-pixel red frame around a blue 2x2 middle; centre = the middle.
        var bytes: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { bytes += (x == 0 || y == 0 || x == 3 || y == 3) ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let framed = try CGImage(width: 4, height: 4, premultipliedRGBA: bytes)
        let b = try render { $0.contents = framed; $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) }
        #expect(b.pixel(x: 0, y: 0) == red)
        #expect(b.pixel(x: 50, y: 0) == red)       // the top edge stays one point tall
        #expect(b.pixel(x: 50, y: 1) == blue)
        #expect(b.pixel(x: 0, y: 50) == red)
        #expect(b.pixel(x: 1, y: 50) == blue)
        #expect(b.pixel(x: 99, y: 99) == red)
        #expect(b.pixel(x: 98, y: 98) == blue)
    }

    @Test func geometryFlippedPutsSublayersFromTheBottom() throws {
        let b = try render { layer in
            layer.isGeometryFlipped = true
            let child = CALayer()
            child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            layer.addSublayer(child)
        }
        #expect(b.pixel(x: 5, y: 95) == green)
        #expect(b.pixel(x: 5, y: 5) == black)
    }
}
