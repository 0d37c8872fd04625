import Foundation

/// The kind of colour a colour space describes.
public enum CGColorSpaceModel: Int32, Sendable {
    /// Not known.
    case unknown = -1
    /// One grey component.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// A pattern: the space of `UIColor(patternImage:)`'s colours, which paint a tiled image.
    case pattern = 6
}

/// A colour space, as Core Graphics names them. Every RGB space here is drawn as sRGB: wide-gamut names such as
/// `displayP3` are accepted and treated as sRGB, as the GL renderer and `CGColor` are.
public final class CGColorSpace: @unchecked Sendable, Equatable, Hashable {
    /// The space's name, when it was made from one.
    public let name: String?
    /// The kind of colour it describes.
    public let model: CGColorSpaceModel
    /// A pattern space's base: the space of the colour an uncoloured (stencil) pattern paints with; nil for
    /// any other space and for a pattern space of coloured patterns.
    public let baseColorSpace: CGColorSpace?

    /// The standard sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Display P3 (drawn as sRGB here).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Extended-range sRGB (drawn as sRGB here).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB with a linear transfer function (drawn as sRGB here).
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Generic RGB (drawn as sRGB here).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// A grey space with a 2.2 gamma.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Linear grey.
    public static let linearGray = "kCGColorSpaceLinearGray"

    private static let rgbNames: Set<String> = [sRGB, displayP3, extendedSRGB, linearSRGB, genericRGBLinear]
    private static let grayNames: Set<String> = [genericGrayGamma2_2, linearGray]

    init(name: String?, model: CGColorSpaceModel, base: CGColorSpace? = nil) {
        self.name = name
        self.model = model
        self.baseColorSpace = base
    }

    /// A pattern space (`CGColor(patternSpace:pattern:components:)`, `CGContext.setFillColorSpace(_:)`):
    /// with an RGB or grey `baseSpace`, for uncoloured patterns painted in a colour of that space (its
    /// components, then alpha); with nil, for coloured patterns (one component, alpha). Nil for a base that is
    /// itself a pattern space, as Core Graphics refuses one.
    public convenience init?(patternBaseSpace baseSpace: CGColorSpace?) {
        guard baseSpace?.model != .pattern else {
            Diagnostics.report("CGColorSpace(patternBaseSpace:): a pattern space cannot be a pattern's base; nil")
            return nil
        }
        self.init(name: nil, model: .pattern, base: baseSpace)
    }

    /// A named space; nil (with a diagnostic) for a name not listed on this type.
    public convenience init?(name: String) {
        if Self.rgbNames.contains(name) {
            self.init(name: name, model: .rgb)
        } else if Self.grayNames.contains(name) {
            self.init(name: name, model: .monochrome)
        } else {
            Diagnostics.report("CGColorSpace(name:): unknown colour space name \(name)")
            return nil
        }
    }

    /// The number of colour components (without alpha): 3 for RGB, 1 for grey, 0 for a pattern space.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .pattern: 0
        case .rgb, .unknown: 3
        }
    }

    /// Spaces are equal when they describe colours the same way here (every RGB space is sRGB; pattern spaces
    /// by their bases).
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.model == rhs.model && lhs.baseColorSpace == rhs.baseColorSpace
    }
    /// Hashes the model, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
}

/// The device RGB space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }

/// The device grey space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }
