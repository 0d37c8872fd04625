import Foundation

/// Clear messages about bad input that Core Animation would silently ignore: printed once each to standard
/// error, and kept for tests to read.
public enum Diagnostics {
    private final class Log: @unchecked Sendable {
        let lock = NSLock()
        var seen: Set<String> = []
        var messages: [String] = []
    }
    private static let log = Log()

    /// Reports a problem once (the same message again is not printed again).
    public static func report(_ message: String) {
        log.lock.lock()
        let isNew = log.seen.insert(message).inserted
        if isNew { log.messages.append(message) }
        log.lock.unlock()
        if isNew { FileHandle.standardError.write(Data("quartzite: \(message)\n".utf8)) }
    }

    /// Every message reported so far.
    public static var messages: [String] {
        log.lock.lock()
        defer { log.lock.unlock() }
        return log.messages
    }
}
