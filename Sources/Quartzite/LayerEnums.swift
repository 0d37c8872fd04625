import Foundation

/// Line cap of a shape layer's stroke (Core Animation's string-backed constants).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
    /// The geometry engine's cap; unknown names fall back to butt, Core Animation's default.
    package var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// Line join of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
    /// The geometry engine's join; unknown names fall back to miter, Core Animation's default.
    package var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// Fill rule of a shape layer.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
    /// The geometry engine's rule.
    package var cgFillRule: CGPathFillRule { self == .evenOdd ? .evenOdd : .winding }
}

/// How a layer's contents image is placed in its bounds (Core Animation's twelve gravities).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The kind of gradient a CAGradientLayer draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from startPoint to endPoint.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on startPoint, reaching endPoint at location 1.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around startPoint, starting in the direction of endPoint.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// How contents are sampled when drawn larger or smaller than their pixels.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest pixel: crisp pixel art.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear between mipmap levels (minification).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The curve of a layer's rounded corners (`CALayer.cornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    /// Creates a curve from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") curve. Drawn as `circular` here (see DESIGN.md).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// The edges of a layer antialiased when `allowsEdgeAntialiasing` is on.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    /// Creates a mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    /// The right edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    /// The bottom edge.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    /// The top edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// The pixel format of a layer's backing store (`CALayer.contentsFormat`).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    /// Creates a format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// 8 bits per channel.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit floats per channel.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit channel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// Settings of a layer that Apple treats as hints to its renderer. Quartzite keeps them (so code that reads
/// them back sees what it set) and draws as DESIGN.md says.
struct LayerHints {
    var cornerCurve = CALayerCornerCurve.circular
    var isOpaque = false
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var minificationFilterBias: Float = 0
    var drawsAsynchronously = false
}
