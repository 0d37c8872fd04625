import Foundation

/// A Core Foundation character set: Foundation's `CharacterSet` stands in (the value of
/// `kCTTabColumnTerminatorsAttributeName`).
public typealias CFCharacterSet = CharacterSet

/// The option of a Core Text tab stop naming the characters that end its column (a `CFCharacterSet`): the
/// same name as `NSTextTab.OptionKey.columnTerminators`, so a right stop with the decimal separator is a
/// decimal stop.
public let kCTTabColumnTerminatorsAttributeName: CFString = NSTextTab.OptionKey.columnTerminators.rawValue

/// Core Text's tab stop (`CTTextTabCreate`), in a paragraph style's `kCTParagraphStyleSpecifierTabStops`
/// array: it is laid out as the `NSTextTab` it stands for (`textTab`).
public final class CTTextTab {
    /// How the text after a tab lines up with the stop.
    let alignment: CTTextAlignment
    /// Where the stop is, in points from the line's leading margin.
    let location: Double
    /// The options given; nil for none.
    let options: CFDictionary?
    /// The same stop as UIKit spells it, which the layout reads.
    let textTab: NSTextTab

    init(alignment: CTTextAlignment, location: Double, options: CFDictionary?) {
        self.alignment = alignment
        self.location = location
        self.options = options
        var tabOptions: [NSTextTab.OptionKey: Any] = [:]
        if let terminators = options?[AnyHashable(kCTTabColumnTerminatorsAttributeName)] {
            tabOptions[.columnTerminators] = terminators
        }
        let textAlignment: NSTextAlignment = switch alignment {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        case .natural: .natural
        }
        textTab = NSTextTab(textAlignment: textAlignment, location: CGFloat(location), options: tabOptions)
    }
}

/// A tab stop at `location` points from the leading margin lining text up by `alignment`, with `options`
/// (`kCTTabColumnTerminatorsAttributeName`, the only one Core Text reads). Values are kept as given; the
/// layout skips a location that is not finite.
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: CFDictionary?) -> CTTextTab {
    CTTextTab(alignment: alignment, location: location, options: options)
}

/// The stop's alignment.
public func CTTextTabGetAlignment(_ tab: CTTextTab) -> CTTextAlignment { tab.alignment }

/// The stop's location, in points from the leading margin.
public func CTTextTabGetLocation(_ tab: CTTextTab) -> Double { tab.location }

/// The options the stop was made with; nil for none.
public func CTTextTabGetOptions(_ tab: CTTextTab) -> CFDictionary? { tab.options }
