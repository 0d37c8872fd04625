import Foundation

/// Reading and changing a layer's model values and renderer hints, each under the layer-tree lock.
extension CALayer {
    /// One model value, read holding the lock.
    func read<T>(_ keyPath: KeyPath<LayerProperties, T>) -> T {
        LayerTreeLock.withLock { modelValues[keyPath: keyPath] }
    }

    /// One renderer hint, read holding the lock.
    func hint<T>(_ keyPath: KeyPath<LayerHints, T>) -> T { LayerTreeLock.withLock { hints[keyPath: keyPath] } }

    /// Stores a renderer hint, holding the lock.
    func setHint<T>(_ keyPath: WritableKeyPath<LayerHints, T>, _ value: T) {
        LayerTreeLock.withLock { hints[keyPath: keyPath] = value }
    }

    /// Stores a model value that never animates, holding the lock.
    func write<T>(_ keyPath: WritableKeyPath<LayerProperties, T>, _ value: T) {
        LayerTreeLock.withLock { modelValues[keyPath: keyPath] = value }
    }

    /// Stores a new model value and, when the value changed, runs the implicit action for `key`.
    func set<T: Equatable>(_ key: String, _ keyPath: WritableKeyPath<LayerProperties, T>, _ value: T) {
        LayerTreeLock.withLock {
            guard modelValues[keyPath: keyPath] != value else { return }
            commitChange(forKey: key) { $0[keyPath: keyPath] = value }
        }
    }
}
