import Foundation

/// What `quartzite capture` writes, chosen by the output's name: the extension names the format, and a
/// sequence with no extension (or an existing folder) is a folder of numbered PNG frames.
package enum ExportFormat: Equatable, Sendable {
    /// One frame as a PNG file.
    case png
    /// A sequence as `frame-00000.png`, `frame-00001.png`, ... in a folder.
    case pngFolder
    /// A sequence (or one frame) as an animated GIF that loops.
    case gif
    /// A sequence (or one frame) as an animated PNG that loops.
    case apng

    /// Whether this format plays frames in one file (and so has frame delays).
    package var isAnimation: Bool { self == .gif || self == .apng }

    /// The format `path` asks for, for one frame (`sequence` false) or several. Throws `ExportFormatError`
    /// with one line naming what is accepted when the extension is unknown, or when a sequence is given a
    /// single `.png` file.
    package static func of(path: String, sequence: Bool) throws(ExportFormatError) -> ExportFormat {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        // An existing folder is a folder whatever its name: a sequence goes into it, a frame is refused by
        // the write ("it is a folder").
        if exists, isFolder.boolValue { return sequence ? .pngFolder : .png }
        let trimmed = path.hasSuffix("/") ? "" : URL(fileURLWithPath: path).pathExtension.lowercased()
        switch trimmed {
        case "gif": return .gif
        case "apng": return .apng
        case "": return sequence ? .pngFolder : .png
        case "png":
            guard sequence else { return .png }
            throw ExportFormatError("a sequence goes to a folder (a name with no extension), a .gif or an .apng file, not one .png file (\(path))")
        default:
            throw ExportFormatError("unknown extension '.\(trimmed)' in \(path): write .png for one frame, .gif or .apng for an animation, or a folder name for PNG frames")
        }
    }
}

/// An output name whose extension names no format `quartzite capture` writes.
package struct ExportFormatError: Error, CustomStringConvertible {
    /// The refusal in one line.
    package let description: String
    init(_ description: String) { self.description = description }
}
