import Foundation

/// Key-value coding on an emitter: `emitterCells.name.key` paths into its cells, and its own properties by
/// key through the class's setters (so a change by key starts a new segment of the emitter's history, as
/// setting the property does).
extension CAEmitterLayer {
    /// The cell a path `emitterCells.name(.emitterCells.name)*.key` names and the key at its end; nil for
    /// another path, or one naming no cell (reported).
    func namedCell(in keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0] == "emitterCells" else { return nil }
        var cells = emitterCells ?? []
        var index = 0
        while index + 2 < parts.count, parts[index] == "emitterCells" {
            guard let cell = cells.first(where: { $0.name == parts[index + 1] }) else {
                Diagnostics.report("CAEmitterLayer: no emitter cell named \"\(parts[index + 1])\" in key path \"\(keyPath)\"")
                return nil
            }
            if parts[index + 2] != "emitterCells" {
                return (cell, parts[(index + 2)...].joined(separator: "."))
            }
            cells = cell.emitterCells ?? []
            index += 2
        }
        return nil
    }

    /// Sets an emitter property by key through its setter; false for a key that is not one (or a value
    /// of the wrong type, reported).
    func setEmitterValue(_ value: Any?, forKey key: String) -> Bool {
        let converted = AnimatableValue(value)
        let number = converted?.numberOrFlag
        switch key {
        case "birthRate", "lifetime", "velocity", "scale", "spin", "seed", "emitterZPosition", "emitterDepth",
             "preservesDepth":
            guard let number else { return reportWrongType(value, key) }
            switch key {
            case "birthRate": birthRate = Float(number)
            case "lifetime": lifetime = Float(number)
            case "velocity": velocity = Float(number)
            case "scale": scale = Float(number)
            case "spin": spin = Float(number)
            case "seed": seed = UInt32(exactly: number.rounded(.towardZero)) ?? (number > 0 ? .max : 0)
            case "emitterZPosition": emitterZPosition = CGFloat(number)
            case "emitterDepth": emitterDepth = CGFloat(number)
            default: preservesDepth = number != 0
            }
        case "emitterPosition":
            guard case .point(let p)? = converted else { return reportWrongType(value, key) }
            emitterPosition = p
        case "emitterSize":
            guard case .size(let s)? = converted else { return reportWrongType(value, key) }
            emitterSize = s
        case "emitterShape", "emitterMode", "renderMode":
            guard let name = value as? String else { return reportWrongType(value, key) }
            if key == "emitterShape" { emitterShape = CAEmitterLayerEmitterShape(rawValue: name) }
            if key == "emitterMode" { emitterMode = CAEmitterLayerEmitterMode(rawValue: name) }
            if key == "renderMode" { renderMode = CAEmitterLayerRenderMode(rawValue: name) }
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return reportWrongType(value, key) }
            emitterCells = value as? [CAEmitterCell]
        default:
            return false
        }
        return true
    }

    /// An emitter property by key; nil for a key that is not one.
    func emitterValue(forKey key: String) -> Any?? {
        switch key {
        case "birthRate": return CGFloat(birthRate)
        case "lifetime": return CGFloat(lifetime)
        case "velocity": return CGFloat(velocity)
        case "scale": return CGFloat(scale)
        case "spin": return CGFloat(spin)
        case "seed": return CGFloat(seed)
        case "emitterZPosition": return emitterZPosition
        case "emitterDepth": return emitterDepth
        case "preservesDepth": return preservesDepth
        case "emitterPosition": return emitterPosition
        case "emitterSize": return emitterSize
        case "emitterShape": return emitterShape.rawValue
        case "emitterMode": return emitterMode.rawValue
        case "renderMode": return renderMode.rawValue
        case "emitterCells": return .some(emitterCells)
        default: return nil
        }
    }

    /// Reports a value of the wrong type for an emitter key; true (the key was the emitter's).
    private func reportWrongType(_ value: Any?, _ key: String) -> Bool {
        Diagnostics.report("CAEmitterLayer.setValue(_:forKeyPath: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value for it; ignored")
        return true
    }
}
