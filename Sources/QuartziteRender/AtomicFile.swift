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
        let path = url.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw OutputError(path: path, reason: "it is a folder")
        }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw OutputError(path: path, reason: reason(forCreatingIn: folder))
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError(path: path, reason: readable(error))
        }
        guard rename(temporary.path, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError(path: path, reason: String(cString: strerror(code)).lowercased())
        }
    }

    /// Why a file cannot be made in `folder`.
    private static func reason(forCreatingIn folder: URL) -> String {
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
