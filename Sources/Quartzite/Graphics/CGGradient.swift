import CCairo
import Foundation

/// Whether a gradient paints beyond its ends.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    /// The options as Core Graphics numbers them.
    public let rawValue: UInt32
    /// Options from their raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Paint the first colour before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Paint the last colour after the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// Colours at locations from 0 to 1, drawn by `CGContext.drawLinearGradient` and `drawRadialGradient`.
/// Colours are interpolated in sRGB without premultiplying, as Core Graphics does.
public final class CGGradient: @unchecked Sendable {
    /// One colour stop: its location and straight RGBA.
    struct Stop: Equatable {
        var location: CGFloat
        var rgba: [CGFloat]
    }

    /// The stops in increasing location, from 0 to 1: where the given colours stop short of an end, the
    /// nearest one's colour is repeated there, as Core Graphics documents ("If no color is provided for 0 or 1,
    /// the gradient will use the color provided at the locations closest to 0 and 1").
    let stops: [Stop]

    private init(stops given: [Stop]) {
        var stops = given.sorted { $0.location < $1.location }
        if let first = stops.first, first.location > 0 { stops.insert(Stop(location: 0, rgba: first.rgba), at: 0) }
        if let last = stops.last, last.location < 1 { stops.append(Stop(location: 1, rgba: last.rgba)) }
        self.stops = stops
    }

    /// A gradient through `colors`. `locations` (each in 0...1, one per colour) places them; nil spaces them evenly
    /// from 0 to 1. Nil (with a diagnostic) when there are no colours, the counts differ, or a location is not
    /// finite; locations outside 0...1 are clamped.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard let places = Self.locations(locations, count: colors.count) else { return nil }
        self.init(stops: zip(places, colors).map { Stop(location: $0, rgba: $1.rgba) })
    }

    /// A gradient through the colours of a Core Foundation array (`[...] as CFArray`, as iOS code writes it):
    /// each element must be a `CGColor`; nil (with a diagnostic) when one is not, and as above otherwise.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard cgColors.count == colors.count else {
            Diagnostics.report("CGGradient: the colours array holds \(colors.count - cgColors.count) elements that are not CGColors")
            return nil
        }
        self.init(colorsSpace: space, colors: cgColors, locations: locations)
    }

    /// A gradient from `count` colours given as components in `space` (red, green, blue, alpha each for RGB; grey,
    /// alpha for grey). Nil (with a diagnostic) when the arrays are shorter than `count` needs, or the space is
    /// neither RGB nor grey.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat],
                             locations: [CGFloat]?, count: Int) {
        guard space.model == .rgb || space.model == .monochrome else {
            Diagnostics.report("CGGradient: a \(space.model) colour space has no components to read")
            return nil
        }
        let width = space.numberOfComponents + 1
        guard count > 0, count <= components.count / width else {
            Diagnostics.report("CGGradient: \(components.count) components do not hold \(count) colours")
            return nil
        }
        guard let places = Self.locations(locations.map { Array($0.prefix(count)) }, count: count) else { return nil }
        let colors = (0..<count).map { i -> CGColor in
            let c = Array(components[(i * width)..<((i + 1) * width)])
            return width == 2 ? CGColor(gray: c[0], alpha: c[1])
                              : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        self.init(stops: zip(places, colors).map { Stop(location: $0, rgba: $1.rgba) })
    }

    /// The stops' locations: given (checked, clamped) or evenly spaced.
    private static func locations(_ given: [CGFloat]?, count: Int) -> [CGFloat]? {
        guard count > 0 else {
            Diagnostics.report("CGGradient: a gradient needs at least one colour")
            return nil
        }
        guard let given else {
            return (0..<count).map { count == 1 ? 0 : CGFloat($0) / CGFloat(count - 1) }
        }
        guard given.count == count, given.allSatisfy(\.isFinite) else {
            Diagnostics.report("CGGradient: locations must be \(count) finite numbers, one per colour")
            return nil
        }
        return given.map { min(max($0, 0), 1) }
    }

    /// Adds the stops to a cairo gradient pattern.
    func addStops(to pattern: OpaquePointer) { Self.add(stops, to: pattern) }

    /// The colour (straight RGBA) at `location`: the stops' colours interpolated linearly, the end stops'
    /// beyond them.
    func color(at location: CGFloat) -> [CGFloat] {
        guard let first = stops.first, let last = stops.last else { return [0, 0, 0, 0] }
        if location <= first.location { return first.rgba }
        if location >= last.location { return last.rgba }
        for (lower, upper) in zip(stops, stops.dropFirst()) where location <= upper.location {
            let span = upper.location - lower.location
            let f = span > 0 ? (location - lower.location) / span : 1
            return zip(lower.rgba, upper.rgba).map { $0 + ($1 - $0) * f }
        }
        return last.rgba
    }

    /// Adds `stops` to a cairo gradient pattern.
    static func add(_ stops: [Stop], to pattern: OpaquePointer) {
        for stop in stops {
            let c = stop.rgba
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), Double(c[0]), Double(c[1]),
                                              Double(c[2]), Double(c[3]))
        }
    }
}
