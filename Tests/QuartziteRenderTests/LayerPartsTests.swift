import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// One rule for what a layer draws (`LayerParts`), read by drawing, content bounds, mask analysis and group
/// opacity's part count. Each case here is one where two readers could disagree if each decided for itself.
@MainActor
@Suite struct LayerPartsTests {
    /// The layer's node with its model values: evaluated long after any implicit animation a change began
    /// (suites running beside this one freeze the media clock at times of their own, 0 among them, and an
    /// animation stamped at 0 would show its start at 0).
    func node(_ layer: CALayer) -> PresentationNode {
        CATransaction.flush()
        return Evaluator.presentationTree(of: layer, at: CACurrentMediaTime() + 1000)
    }

    func shape(stroke: CGColor?, lineWidth: CGFloat) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.fillColor = nil
        layer.strokeColor = stroke
        layer.lineWidth = lineWidth
        return layer
    }

    /// A text layer's text is a part only when it shows (characters in a colour with alpha): then a
    /// translucent text layer with a background needs a group, and a mask of it is not binary.
    @Test func textIsAPartWhenItShows() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.backgroundColor = .black
        #expect(!LayerParts(node(layer)).text)
        layer.string = "Hi"
        #expect(LayerParts(node(layer)).text && LayerParts(node(layer)).count == 2)
        #expect(!MaskAnalysis.isBinary(node(layer)))
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0)
        #expect(!LayerParts(node(layer)).text)
    }

    /// A transparent stroke draws nothing, so it adds no reach to the content's box (bounds counted the
    /// stroke whenever a colour was set; drawing only when it shows).
    @Test func aTransparentStrokeAddsNothingToTheBox() {
        let transparent = node(shape(stroke: CGColor(red: 0, green: 0, blue: 0, alpha: 0), lineWidth: 40))
        #expect(LayerParts(transparent).stroke == nil)
        #expect(ContentBounds.box(of: transparent) == CGRect(x: 0, y: 0, width: 10, height: 10))
        // A stroke that shows reaches half its width (times the miter limit of 10 for the default miter join).
        let shown = node(shape(stroke: .black, lineWidth: 4))
        #expect(ContentBounds.box(of: shown) == CGRect(x: -20, y: -20, width: 50, height: 50))
    }

    /// A stroke trimmed to nothing (strokeEnd = strokeStart) is not a part: a translucent layer with it and a
    /// background has one part and needs no group (the part count counted it; drawing did not).
    @Test func aStrokeTrimmedToNothingIsNoPart() {
        let layer = shape(stroke: .black, lineWidth: 4)
        layer.strokeStart = 0.5
        layer.strokeEnd = 0.5
        layer.backgroundColor = .white
        let trimmed = node(layer)
        #expect(LayerParts(trimmed).stroke == nil)
        #expect(LayerParts(trimmed).count == 1)
    }

    /// A border whose colour is transparent draws nothing, so a mask with one stays a binary (stencil) mask
    /// (mask analysis refused any border width; drawing draws only a border that shows).
    @Test func aTransparentBorderLeavesAMaskBinary() {
        let mask = CALayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        mask.backgroundColor = .black
        mask.borderWidth = 2
        mask.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        #expect(MaskAnalysis.isBinary(node(mask)))
        mask.borderColor = .black
        #expect(!MaskAnalysis.isBinary(node(mask)))
    }

    /// A gradient layer without colours paints nothing and is no part; with colours it is one.
    @Test func aGradientWithoutColoursIsNoPart() {
        let gradient = CAGradientLayer()
        gradient.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!LayerParts(node(gradient)).gradient)
        gradient.colors = [CGColor.black, CGColor.white]
        #expect(LayerParts(node(gradient)).gradient)
        #expect(LayerParts(node(gradient)).count == 1)
    }
}
