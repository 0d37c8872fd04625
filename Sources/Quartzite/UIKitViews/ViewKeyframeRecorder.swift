import Foundation

/// What a `UIView.animateKeyframes` block's changes were: per view layer and key, the value on screen
/// before the first change and each change's new value with the keyframe's relative start and duration
/// (the whole block for a change outside any keyframe). When the block's closure has run, each key
/// becomes one `CAKeyframeAnimation` over the block's duration.
final class ViewKeyframeRecorder: @unchecked Sendable {
    struct Change {
        var start: Double
        var duration: Double
        var value: Any
    }

    struct Track {
        let layer: CALayer
        let key: String
        let initial: Any
        var changes: [Change]
    }

    private let lock = NSLock()
    private var tracks: [Track] = []
    /// The keyframe whose closure is running: relative start and duration.
    private var window: (start: Double, duration: Double) = (0, 1)

    /// Runs `body` as the keyframe from `start` for `duration` (fractions of the block, clamped to 0...1).
    func keyframe(start: Double, duration: Double, _ body: () -> Void) {
        let s = start.isFinite ? min(max(start, 0), 1) : 0
        let d = duration.isFinite ? min(max(duration, 0), 1 - s) : 0
        let outer = lock.withLock { () -> (Double, Double) in
            defer { window = (s, d) }
            return window
        }
        body()
        lock.withLock { window = outer }
    }

    /// The action for a change of `key` on a view's `layer`: it records the change's new value once the
    /// model has it; the value on screen is read now, before the change.
    func action(for layer: CALayer, key: String) -> CAAction {
        let onScreen = Evaluator.presentationProperties(of: layer, atGlobalTime: CACurrentMediaTime())
            .value(forKeyPath: key)?.anyValue ?? layer.value(forKeyPath: key)
        return KeyframeChangeAction(recorder: self, initial: onScreen)
    }

    fileprivate func record(layer: CALayer, key: String, initial: Any?, value: Any) {
        lock.withLock {
            let change = Change(start: window.start, duration: window.duration, value: value)
            if let index = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
                tracks[index].changes.append(change)
            } else if let start = initial ?? Self.startWithoutValue(key) {
                tracks.append(Track(layer: layer, key: key, initial: start, changes: [change]))
            }
        }
    }

    /// What a key with no value (a view without a background colour) animates from: clear for a colour.
    private static func startWithoutValue(_ key: String) -> Any? {
        key.hasSuffix("Color") ? CGColor.clear : nil
    }

    /// The recorded tracks as keyframe animations: the value on screen at 0, each change holding the value
    /// before it until its start and reaching its value at its end; in discrete mode each value shows from
    /// its keyframe's start (Apple's discrete key times: one more than the values, the last 1).
    func animations(mode: CAAnimationCalculationMode) -> [(layer: CALayer, animation: CAKeyframeAnimation)] {
        lock.withLock { tracks }.map { track in
            guard mode != .discrete else { return (track.layer, discrete(track)) }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            var times: [Double] = [0], values: [Any] = [track.initial]
            var current = track.initial
            for change in track.changes.sorted(by: { $0.start < $1.start }) {
                let start = max(change.start, times[times.count - 1])
                if start > times[times.count - 1] {
                    times.append(start)
                    values.append(current)
                }
                times.append(min(start + change.duration, 1))
                values.append(change.value)
                current = change.value
            }
            if times[times.count - 1] < 1 {
                times.append(1)
                values.append(current)
            }
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = mode
            return (track.layer, animation)
        }
    }

    /// A track in discrete mode: the value on screen from 0, each change's value from its keyframe's start.
    private func discrete(_ track: Track) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: track.key)
        var times: [Double] = [0], values: [Any] = [track.initial]
        for change in track.changes.sorted(by: { $0.start < $1.start }) {
            times.append(max(change.start, times[times.count - 1]))
            values.append(change.value)
        }
        times.append(1)
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.calculationMode = .discrete
        return animation
    }
}

/// Records one change of a keyframe block (see `ViewKeyframeRecorder`).
private struct KeyframeChangeAction: CAAction {
    let recorder: ViewKeyframeRecorder
    let initial: Any?

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let value = layer.value(forKeyPath: event) else { return }
        recorder.record(layer: layer, key: event, initial: initial, value: value)
    }
}
