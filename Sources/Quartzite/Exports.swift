// Users write `import Quartzite` and get the geometry types (CGPath, CATransform3D, ...) too, as on iOS where
// QuartzCore brings Core Graphics along.
@_exported import QuartziteGeometry
@_exported import Foundation

/// A time interval in seconds, as Core Foundation spells it.
public typealias CFTimeInterval = Double
