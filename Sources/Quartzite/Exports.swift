// Users write `import Quartzite` and get the geometry types (CGPath, CATransform3D, ...) too, as on iOS where
// QuartzCore brings Core Graphics along.
@_exported import QuartziteGeometry
@_exported import Foundation

/// A time interval in seconds, as Core Foundation spells it.
public typealias CFTimeInterval = Double

/// Any Core Foundation object, as Core Foundation spells it: iOS code writes `"Helvetica" as CFTypeRef` for a
/// text layer's `font`. Here it is any class instance (a Swift string converts to one, as it does on Apple's
/// platforms).
public typealias CFTypeRef = AnyObject

/// A Core Foundation string. Swift's `String` stands in: `"Helvetica" as CFString` and the Core Text calls
/// that take one compile unchanged. Deliberately not a class, since swift-corelibs-foundation keeps its CF
/// types internal.
public typealias CFString = String

/// A Core Foundation array. Swift's `[Any]` stands in, so `[a.cgColor, b.cgColor] as CFArray` compiles
/// unchanged and `CGGradient(colorsSpace:colors:locations:)` takes it.
public typealias CFArray = [Any]

/// Core Foundation's true, as iOS code passes it to `CATransaction.setValue(_:forKey:)`; a Swift `Bool` here.
public let kCFBooleanTrue = true
/// Core Foundation's false; a Swift `Bool` here.
public let kCFBooleanFalse = false
