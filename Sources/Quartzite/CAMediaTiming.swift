import Foundation

/// Core Animation's timing protocol, adopted by layers and animations: each object has a local timeline
/// derived from its parent's as `(t - beginTime) * speed + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// The simple duration in seconds (0 means 0.25 s for an animation, or its group's duration).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's; 0 pauses at `timeOffset`.
    var speed: Float { get set }
    /// An offset added to local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the animation repeats (fractional allowed; `.infinity` loops forever).
    var repeatCount: Float { get set }
    /// How long the animation repeats, in seconds.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards then backwards.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What layers and animations keep their timing in: one `MediaTiming` value, which the Evaluator reads whole.
package protocol MediaTimingStorage: AnyObject {
    /// The timing values as one value.
    var mediaTiming: MediaTiming { get set }
}

/// Layers and animations answer `CAMediaTiming` from their `mediaTiming`. Another type that adopts the protocol
/// implements the properties itself, as on Apple's platforms; one that leaves them to these reads the
/// defaults and keeps nothing.
extension CAMediaTiming {
    /// When the object starts, in its parent's time.
    public var beginTime: CFTimeInterval {
        get { storedTiming.beginTime } set { storedTiming.beginTime = newValue }
    }
    /// The simple duration in seconds (0 means 0.25 s for an animation, or its group's duration).
    public var duration: CFTimeInterval {
        get { storedTiming.duration } set { storedTiming.duration = newValue }
    }
    /// How fast local time runs relative to the parent's; 0 pauses at `timeOffset`.
    public var speed: Float {
        get { storedTiming.speed } set { storedTiming.speed = newValue }
    }
    /// An offset added to local time.
    public var timeOffset: CFTimeInterval {
        get { storedTiming.timeOffset } set { storedTiming.timeOffset = newValue }
    }
    /// How many times the animation repeats (fractional allowed; `.infinity` loops forever).
    public var repeatCount: Float {
        get { storedTiming.repeatCount } set { storedTiming.repeatCount = newValue }
    }
    /// How long the animation repeats, in seconds.
    public var repeatDuration: CFTimeInterval {
        get { storedTiming.repeatDuration } set { storedTiming.repeatDuration = newValue }
    }
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses: Bool {
        get { storedTiming.autoreverses } set { storedTiming.autoreverses = newValue }
    }
    /// What the object shows outside its active duration.
    public var fillMode: CAMediaTimingFillMode {
        get { storedTiming.fillMode } set { storedTiming.fillMode = newValue }
    }

    /// The timing value of a layer or an animation (the defaults for any other adopter).
    private var storedTiming: MediaTiming {
        get { (self as? MediaTimingStorage)?.mediaTiming ?? MediaTiming() }
        set { (self as? MediaTimingStorage)?.mediaTiming = newValue }
    }
}
