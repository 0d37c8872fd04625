import Foundation

// The Core Foundation names Core Text's calls take. swift-corelibs-foundation keeps its CF types internal, so
// `import Foundation` on Linux does not bring them; these stand in with the shapes iOS code uses.

/// A Core Foundation count or index, as Core Foundation spells it: a signed integer the width of a pointer.
public typealias CFIndex = Int

/// A range of a Core Foundation string or array: `location` and `length` in its elements (UTF-16 code units
/// for a string). Core Text reads a length of 0 as "to the end".
public struct CFRange: Hashable, Sendable {
    /// The first element of the range.
    public var location: CFIndex
    /// How many elements the range holds.
    public var length: CFIndex

    /// A range of `length` elements from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() { self.init(location: 0, length: 0) }
}

/// A range of `length` elements from `location`, as Core Foundation makes one.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

/// A Core Foundation attributed string: Foundation's `NSAttributedString` stands in, so
/// `CTLineCreateWithAttributedString(string as CFAttributedString)` compiles unchanged.
public typealias CFAttributedString = NSAttributedString

/// A Core Foundation dictionary: Swift's `[AnyHashable: Any]` stands in, so Core Text's frame attributes
/// (`nil` in almost all code) compile unchanged.
public typealias CFDictionary = [AnyHashable: Any]

/// The index Core Foundation answers when there is none: -1.
public let kCFNotFound: CFIndex = -1
