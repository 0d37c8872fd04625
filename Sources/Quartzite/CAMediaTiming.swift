import Foundation

/// Core Animation's timing protocol, adopted by layers and animations: each object has a local timeline
/// derived from its parent's as `(t - beginTime) * speed + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    /// The timing values as one value (what the Evaluator reads).
    var mediaTiming: MediaTiming { get set }
}

extension CAMediaTiming {
    /// When the object starts, in its parent's time.
    public var beginTime: CFTimeInterval {
        get { mediaTiming.beginTime } set { mediaTiming.beginTime = newValue }
    }
    /// The simple duration in seconds (0 means 0.25 s for an animation, or its group's duration).
    public var duration: CFTimeInterval {
        get { mediaTiming.duration } set { mediaTiming.duration = newValue }
    }
    /// How fast local time runs relative to the parent's; 0 pauses at `timeOffset`.
    public var speed: Float {
        get { mediaTiming.speed } set { mediaTiming.speed = newValue }
    }
    /// An offset added to local time.
    public var timeOffset: CFTimeInterval {
        get { mediaTiming.timeOffset } set { mediaTiming.timeOffset = newValue }
    }
    /// How many times the animation repeats (fractional allowed; `.infinity` loops forever).
    public var repeatCount: Float {
        get { mediaTiming.repeatCount } set { mediaTiming.repeatCount = newValue }
    }
    /// How long the animation repeats, in seconds.
    public var repeatDuration: CFTimeInterval {
        get { mediaTiming.repeatDuration } set { mediaTiming.repeatDuration = newValue }
    }
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses: Bool {
        get { mediaTiming.autoreverses } set { mediaTiming.autoreverses = newValue }
    }
    /// What the object shows outside its active duration.
    public var fillMode: CAMediaTimingFillMode {
        get { mediaTiming.fillMode } set { mediaTiming.fillMode = newValue }
    }
}
