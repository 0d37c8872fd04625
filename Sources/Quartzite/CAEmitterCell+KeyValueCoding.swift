import Foundation

/// Key-value coding on cells, as Core Animation's (`value(forKey:)` and `setValue(_:forKey:)` in the class
/// call these): every property by its name (`"birthRate"`, `"emissionRange"`, `"color"`, ...), and any other
/// key kept for `value(forKey:)`. Through the layer, `emitterCells.name.key` paths reach them
/// (`CAEmitterLayer.setValue(_:forKeyPath:)`).
extension CAEmitterCell {
    /// The value of a property by its name (numbers as `CGFloat`, as layers give them), or the value set
    /// for any other key (nil when none).
    func keyedValue(forKey key: String) -> Any? {
        if let path = Self.floatKey(key) { return CGFloat(self[keyPath: path]) }
        if let path = Self.numberKey(key) { return self[keyPath: path] }
        if let path = Self.timeKey(key) { return CGFloat(self[keyPath: path]) }
        switch key {
        case "enabled", "isEnabled": return isEnabled
        case "autoreverses": return autoreverses
        case "name": return name
        case "color": return color
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "emitterCells": return emitterCells
        case "magnificationFilter": return magnificationFilter
        case "minificationFilter": return minificationFilter
        default: return LayerTreeLock.withLock { customValues[key] }
        }
    }

    /// Sets a property by its name; a value of the wrong type is reported and ignored, and a key that is not
    /// a property keeps its value for `value(forKey:)`.
    func setKeyedValue(_ value: Any?, forKey key: String) {
        let converted = AnimatableValue(value)
        let number = converted?.numberOrFlag
        func wrongType() {
            Diagnostics.report("CAEmitterCell.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value for it; ignored")
        }
        if let path = Self.floatKey(key) { if let number { self[keyPath: path] = Float(number) } else { wrongType() }; return }
        if let path = Self.numberKey(key) { if let number { self[keyPath: path] = CGFloat(number) } else { wrongType() }; return }
        if let path = Self.timeKey(key) { if let number { self[keyPath: path] = number } else { wrongType() }; return }
        switch key {
        case "enabled", "isEnabled", "autoreverses":
            guard let number else { return wrongType() }
            if key == "autoreverses" { autoreverses = number != 0 } else { isEnabled = number != 0 }
        case "name":
            guard value == nil || value is String else { return wrongType() }
            name = value as? String
        case "color":
            if value == nil { color = nil; return }
            guard case .color(let c)? = converted else { return wrongType() }
            color = c
        case "contents": contents = value
        case "contentsRect":
            guard case .rect(let r)? = converted else { return wrongType() }
            contentsRect = r
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return wrongType() }
            emitterCells = value as? [CAEmitterCell]
        case "magnificationFilter", "minificationFilter":
            guard let filter = value as? String else { return wrongType() }
            if key == "magnificationFilter" { magnificationFilter = filter } else { minificationFilter = filter }
        default:
            LayerTreeLock.withLock { customValues[key] = value }
        }
    }

    /// The properties held as `Float`, by name.
    private static func floatKey(_ key: String) -> ReferenceWritableKeyPath<CAEmitterCell, Float>? {
        switch key {
        case "birthRate": return \.birthRate
        case "lifetime": return \.lifetime
        case "lifetimeRange": return \.lifetimeRange
        case "redRange": return \.redRange
        case "greenRange": return \.greenRange
        case "blueRange": return \.blueRange
        case "alphaRange": return \.alphaRange
        case "redSpeed": return \.redSpeed
        case "greenSpeed": return \.greenSpeed
        case "blueSpeed": return \.blueSpeed
        case "alphaSpeed": return \.alphaSpeed
        case "minificationFilterBias": return \.minificationFilterBias
        case "speed": return \.speed
        case "repeatCount": return \.repeatCount
        default: return nil
        }
    }

    /// The properties held as `CGFloat`, by name.
    private static func numberKey(_ key: String) -> ReferenceWritableKeyPath<CAEmitterCell, CGFloat>? {
        switch key {
        case "velocity": return \.velocity
        case "velocityRange": return \.velocityRange
        case "xAcceleration": return \.xAcceleration
        case "yAcceleration": return \.yAcceleration
        case "zAcceleration": return \.zAcceleration
        case "emissionLongitude": return \.emissionLongitude
        case "emissionLatitude": return \.emissionLatitude
        case "emissionRange": return \.emissionRange
        case "spin": return \.spin
        case "spinRange": return \.spinRange
        case "scale": return \.scale
        case "scaleRange": return \.scaleRange
        case "scaleSpeed": return \.scaleSpeed
        case "contentsScale": return \.contentsScale
        default: return nil
        }
    }

    /// The timing properties held as `CFTimeInterval`, by name.
    private static func timeKey(_ key: String) -> ReferenceWritableKeyPath<CAEmitterCell, CFTimeInterval>? {
        switch key {
        case "beginTime": return \.beginTime
        case "duration": return \.duration
        case "timeOffset": return \.timeOffset
        case "repeatDuration": return \.repeatDuration
        default: return nil
        }
    }
}
