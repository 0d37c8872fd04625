import Foundation

/// The text properties whose values are not `AnimatableValue`s (any string or font object, the modes) reached
/// by key, as key-value coding reaches them on Apple's platforms.
extension CATextLayer {
    /// Sets a text property that key-value coding reaches through the class; false for any other key path.
    func setTextValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        switch keyPath {
        case "string": string = value
        case "font": font = value
        case "truncationMode": truncationMode = CATextLayerTruncationMode(rawValue: Self.modeName(value, keyPath))
        case "alignmentMode": alignmentMode = CATextLayerAlignmentMode(rawValue: Self.modeName(value, keyPath))
        default: return false
        }
        return true
    }

    /// The modes' names by key; nil for any other key path.
    func textValue(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "truncationMode": return truncationMode.rawValue
        case "alignmentMode": return alignmentMode.rawValue
        default: return nil
        }
    }

    /// A mode's name from a key-value coding value (its name, or the mode itself); reported when neither.
    private static func modeName(_ value: Any?, _ keyPath: String) -> String {
        switch value {
        case let name as String: return name
        case let mode as CATextLayerTruncationMode: return mode.rawValue
        case let mode as CATextLayerAlignmentMode: return mode.rawValue
        default:
            Diagnostics.report("setValue(_:forKeyPath: \"\(keyPath)\"): expected a mode name; the default is used")
            return ""
        }
    }
}
