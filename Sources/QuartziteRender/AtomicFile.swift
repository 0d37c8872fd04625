import Foundation

/// Why an output file could not be written, as one line a person can act on.
public struct OutputError: Error, CustomStringConvertible {
    /// The file that was not written.
    public let path: String
    /// The reason, in words ("it is a folder", "no space left on the device", ...).
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Files written whole or not at all: the data goes to a temporary file in the same folder (so the rename
/// cannot cross file systems) and is renamed over the destination only once it is all on disk.
package enum AtomicFile {
    /// Writes `data` to `url` atomically. On failure the destination is as it was and the temporary file is
    /// removed; the error says why in words.
    package static func write(_ data: Data, to url: URL) throws {
        let writer = try AtomicFileWriter(url)
        writer.append(data)
        try writer.commit()
    }

    /// Why a file cannot be made in `folder`.
    static func reason(forCreatingIn folder: URL) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            return "the folder \(folder.path) does not exist"
        }
        guard isFolder.boolValue else { return "\(folder.path) is a file, not a folder" }
        return access(folder.path, W_OK) == 0 ? "the file cannot be created" : "the folder \(folder.path) is not writable"
    }

    /// A Foundation or POSIX error in words: the system's own message for the underlying errno, or for a
    /// Foundation file error without one, what its code means; never the error's raw domain and user info.
    package static func readable(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(clamping: nsError.code))).lowercased() }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(clamping: underlying.code))).lowercased()
        }
        guard nsError.domain == NSCocoaErrorDomain else { return nsError.localizedDescription }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteFileExistsError: return "something of that name is in the way"
        default: return "the file system refused it (Foundation file error \(nsError.code))"
        }
    }
}

/// A file written whole or not at all, a piece at a time (an animation too long to hold in memory): the
/// pieces go to a temporary file beside the destination, renamed over it by `commit()`. Appending never
/// throws, so a C library's write callback can call it; the first failure is kept and `commit()` throws it.
/// A writer dropped without a commit removes its temporary file and leaves the destination as it was.
package final class AtomicFileWriter {
    /// The destination.
    package let url: URL
    private let temporary: URL
    private var handle: FileHandle?
    private var pending = Data()
    private var failure: OutputError?
    private var finished = false
    /// Bytes gathered before they go to the disk: one write per megabyte, not one per callback.
    private static let flushSize = 1 << 20

    /// Opens a temporary file beside `url`. Throws `OutputError` when `url` is a folder or its folder cannot
    /// take a new file.
    package init(_ url: URL) throws {
        self.url = url
        let path = url.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw OutputError(path: path, reason: "it is a folder")
        }
        let folder = url.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw OutputError(path: path, reason: AtomicFile.reason(forCreatingIn: folder))
        }
        do {
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError(path: path, reason: AtomicFile.readable(error))
        }
    }

    deinit { discard() }

    /// Whether every append so far has succeeded.
    package var isHealthy: Bool { failure == nil && !finished }

    /// Adds `data` at the end of the file; after a failure, does nothing (`commit()` reports it).
    package func append(_ data: Data) {
        guard isHealthy else { return }
        pending.append(data)
        if pending.count >= Self.flushSize { flush() }
    }

    /// Adds `count` bytes from `bytes` at the end of the file (for C callbacks).
    package func append(_ bytes: UnsafeRawPointer, count: Int) {
        guard isHealthy, count > 0 else { return }
        pending.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        if pending.count >= Self.flushSize { flush() }
    }

    private func flush() {
        guard let handle, failure == nil, !pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        } catch {
            failure = OutputError(path: url.path, reason: AtomicFile.readable(error))
        }
    }

    /// Puts the whole file in place of the destination. Throws the first failure of any append (the
    /// destination then is as it was and the temporary file is gone).
    package func commit() throws {
        guard !finished else { throw OutputError(path: url.path, reason: "the file was already finished") }
        flush()
        if failure == nil, let handle {
            do { try handle.synchronize() } catch { failure = OutputError(path: url.path, reason: AtomicFile.readable(error)) }
        }
        if let failure {
            discard()
            throw failure
        }
        try? handle?.close()
        handle = nil
        finished = true
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError(path: url.path, reason: String(cString: strerror(code)).lowercased())
        }
    }

    /// Abandons the file: the temporary file is removed and the destination left as it was.
    package func discard() {
        guard !finished else { return }
        finished = true
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(at: temporary)
    }
}
