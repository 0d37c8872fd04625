import CPango
import Foundation

/// A paragraph's tab stops as the layout uses them (part of a text request's identity), and the Pango tab
/// array that lays them out.
///
/// Rules, with their reasons:
/// 1. Text with no paragraph style has Apple's default stops: 12 left stops 28 points apart
///    (`NSParagraphStyle.default`, and Core Text's default `kCTParagraphStyleSpecifierTabStops`).
/// 2. Past the last stop, stops fall at whole multiples of the default tab interval (Apple: "Tabs after the
///    last specified in tabStops are placed at integer multiples of this distance (if positive)"). Apple does
///    not say where they fall when the interval is 0; here they fall at multiples of 28 points, the spacing of
///    its default stops. Pango repeats the gap between its last two stops, so two stops at the next multiples
///    follow the paragraph's own.
/// 3. A location that is not finite is skipped, the others held in 0...10,000 points,
///    at most 1,024 stops kept (with a diagnostic), and an interval held to at least 1 point: Pango walks the
///    stops from the line's start for every tab, so thousands of stops or a hair-thin interval under a long
///    line of tabs would cost seconds.
/// 4. A right stop with column terminators is Pango's decimal stop on its terminator (the first of `.`, `,`,
///    the Arabic decimal separator and the other ASCII punctuation that the set holds): Pango aligns on one
///    character. Natural and justified stops are left ones.
/// 5. In a right-to-left paragraph Pango measures stops from the right margin, as Apple does ("relative to
///    the back margin"), but lines text up with a stop by reading direction, where Apple's alignments are
///    absolute ("tabbed text is always positioned to the left of a right-aligned tab, whether the line sweep
///    direction is left to right or right to left"): left and right stops are swapped for Pango there.
package struct TabStops: Hashable, Sendable {
    /// One stop: its location in points from the leading margin and how text lines up with it.
    package struct Stop: Hashable, Sendable {
        package var location: CGFloat
        package var alignment: Alignment
    }

    /// How text lines up with a stop; a decimal stop aligns on the character it names (a Unicode scalar value).
    package enum Alignment: Hashable, Sendable {
        case left, right, center
        case decimal(UInt32)
    }

    /// The stops, by location.
    package var stops: [Stop]
    /// The spacing of the stops past the last, in points (rule 2).
    package var interval: CGFloat
    /// How far past the margin the layout's lines start, beyond the head indent: a frame's line laid out
    /// alone (`CTLine`) starts at its indent, and its stops are still measured from the margin.
    package var lineStart: CGFloat = 0

    /// Apple's default stops (rule 1).
    package static let standard = TabStops(stops: (1...12).map { Stop(location: CGFloat($0) * standardSpacing, alignment: .left) },
                                          interval: 0)

    /// The spacing of Apple's default stops, and of the stops past the last when the interval is 0.
    static let standardSpacing: CGFloat = 28
    /// The most stops laid out (rule 3).
    static let mostStops = 1_024
    /// The furthest a stop lies and the widest interval, in points (rule 3), as far as the indents reach:
    /// Pango repeats the last gap in 32-bit units of 1/1024 point, so a line reaches about 200 such gaps
    /// before they overflow.
    static let furthest: CGFloat = 10_000

    private init(stops: [Stop], interval: CGFloat) {
        self.stops = stops
        self.interval = interval
    }

    /// The stops of `tabs` and `interval`, made usable (rules 3 and 4).
    init(_ tabs: [NSTextTab], interval: CGFloat) {
        var usable = tabs.compactMap { tab -> Stop? in
            guard tab.location.isFinite else { return nil }
            return Stop(location: min(max(tab.location, 0), Self.furthest), alignment: Self.alignment(of: tab))
        }
        if usable.count > Self.mostStops {
            Diagnostics.report("a paragraph style of \(usable.count) tab stops is laid out with its first \(Self.mostStops)")
            usable = Array(usable.prefix(Self.mostStops))
        }
        stops = usable.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        self.interval = interval.isFinite && interval > 0 ? min(max(interval, 1), Self.furthest) : 0
    }

    /// How `tab` lines text up, as Pango can (rule 4).
    private static func alignment(of tab: NSTextTab) -> Alignment {
        switch tab.alignment {
        case .right:
            guard let terminators = tab.terminators else { return .right }
            return decimalPointCandidates.first { terminators.contains($0) }.map { .decimal($0.value) } ?? .right
        case .center: return .center
        case .left, .natural, .justified: return .left
        }
    }

    /// The characters a decimal stop may align on, most likely first.
    private static let decimalPointCandidates: [Unicode.Scalar] = ["." as Unicode.Scalar, ",", "\u{066B}", "\u{00B7}"]
        + (0x21...0x7E).compactMap { Unicode.Scalar(UInt32($0)) }.filter { !$0.properties.isAlphabetic && !("0"..."9").contains($0) }

    /// Pango's tab array for the stops moved `shift` points left (a layout starts at the paragraph's head
    /// indent, and locations are measured from the margin before it), with two more stops past the last at
    /// the next multiples of the interval (rule 2), left and right swapped for a right-to-left paragraph
    /// (rule 5); the caller frees it.
    func pangoTabArray(shiftedLeftBy shift: CGFloat, rightToLeft: Bool = false) -> OpaquePointer? {
        let spacing = interval > 0 ? interval : Self.standardSpacing
        let shift = shift + (lineStart.isFinite ? min(max(lineStart, 0), 10_000) : 0)
        // Past the shift too, so that the two added stops stay apart after it: Pango would repeat a gap of 0.
        let last = max(stops.last?.location ?? 0, shift)
        let next = ((last / spacing).rounded(.down) + 1) * spacing
        let all = stops + [Stop(location: next, alignment: .left), Stop(location: next + spacing, alignment: .left)]
        guard let array = pango_tab_array_new(Int32(clamping: all.count), 0) else { return nil }
        for (index, stop) in all.enumerated() {
            let position = TextLayoutSetup.pangoUnits(max(stop.location - shift, 0))
            let i = Int32(clamping: index)
            switch stop.alignment {
            case .left: pango_tab_array_set_tab(array, i, rightToLeft ? PANGO_TAB_RIGHT : PANGO_TAB_LEFT, position)
            case .right: pango_tab_array_set_tab(array, i, rightToLeft ? PANGO_TAB_LEFT : PANGO_TAB_RIGHT, position)
            case .center: pango_tab_array_set_tab(array, i, PANGO_TAB_CENTER, position)
            case .decimal(let point):
                pango_tab_array_set_tab(array, i, PANGO_TAB_DECIMAL, position)
                pango_tab_array_set_decimal_point(array, i, point)
            }
        }
        return array
    }
}
