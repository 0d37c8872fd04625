import Foundation

/// The one lock that guards every layer, attached animation and open transaction: Core Animation's
/// transaction lock (`CATransaction.lock()`).
///
/// Layers may be changed from any thread, as Core Animation allows. Each public member of a layer takes
/// this lock for its own duration, so one property change is atomic; the renderer holds it while it
/// evaluates the tree, so a frame sees every change either whole or not at all. It is recursive: a setter
/// runs the layer's action lookup (a delegate's `action(for:forKey:)` may change more layers) inside it.
/// Delegate callbacks and completion blocks run after the frame, outside it, so user code that waits for
/// another thread there cannot deadlock with a thread waiting here.
///
/// - Complexity: an uncontended lock and unlock cost about 20 ns.
enum LayerTreeLock {
    /// A pthread recursive mutex, allocated once and never freed (it lives as long as the process).
    private final class Mutex: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            pointer = .allocate(capacity: 1)
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(pointer, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }
    }

    private static let mutex = Mutex()

    /// Takes the lock (recursively: a thread that holds it may take it again).
    static func lock() { pthread_mutex_lock(mutex.pointer) }

    /// Releases one `lock()`.
    static func unlock() { pthread_mutex_unlock(mutex.pointer) }

    /// Runs `body` holding the lock.
    @inline(__always)
    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex.pointer)
        defer { pthread_mutex_unlock(mutex.pointer) }
        return try body()
    }
}

/// State shared by every thread that only the holder of `LayerTreeLock` reads or writes. `@unchecked
/// Sendable` because the lock, not the type system, keeps it consistent.
final class LockedGlobal<Value>: @unchecked Sendable {
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` on the value, holding the lock.
    @inline(__always)
    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try LayerTreeLock.withLock { try body(&value) }
    }
}
