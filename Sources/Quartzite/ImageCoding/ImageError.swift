import Foundation

/// Why an image could not be read or written.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The data is not an image Quartzite can decode (PNG or JPEG), or it is truncated or corrupt.
    case undecodable(String)
    /// Encoding failed.
    case encoding(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read image '\(path)': \(reason)"
        case .undecodable(let s): return "cannot decode image: \(s)"
        case .encoding(let s): return "cannot encode image: \(s)"
        }
    }
}
