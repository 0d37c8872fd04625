import Foundation

// Core Text's names for the attributes it reads, as iOS code passes them
// (`NSAttributedString.Key(kCTFontAttributeName as String)`). Core Text's font, kern, underline and stroke keys
// are UIKit's keys under another name (the same strings); its foreground colour has a key of its own, which
// takes a `CGColor` (a `UIColor` works here too).

/// The run's font: a `CTFont` (or anything `.font` takes). The same key as `NSAttributedString.Key.font`.
public let kCTFontAttributeName: CFString = NSAttributedString.Key.font.rawValue
/// The run's colour: a `CGColor`; black when not given, as Core Text documents.
public let kCTForegroundColorAttributeName: CFString = NSAttributedString.Key.coreTextForegroundColor.rawValue
/// Extra space after each character, in points. The same key as `NSAttributedString.Key.kern`.
public let kCTKernAttributeName: CFString = NSAttributedString.Key.kern.rawValue
/// The underline style's raw value. The same key as `NSAttributedString.Key.underlineStyle`.
public let kCTUnderlineStyleAttributeName: CFString = NSAttributedString.Key.underlineStyle.rawValue
/// The outline width as a percentage of the font size. The same key as `NSAttributedString.Key.strokeWidth`.
public let kCTStrokeWidthAttributeName: CFString = NSAttributedString.Key.strokeWidth.rawValue
/// The outline's colour. The same key as `NSAttributedString.Key.strokeColor`.
public let kCTStrokeColorAttributeName: CFString = NSAttributedString.Key.strokeColor.rawValue

extension NSAttributedString.Key {
    /// Core Text's foreground colour key, which is not UIKit's (`kCTForegroundColorAttributeName`).
    static let coreTextForegroundColor = NSAttributedString.Key("CTForegroundColor")
}
