import Foundation
import QuartziteRender

/// An animated file being written a frame at a time: frames of the canvas's size in capture order, then
/// `finish()`, which puts the whole file in place. A file not finished is never left behind.
package protocol AnimationEncoder: AnyObject {
    /// Adds the next frame (as large as the canvas the encoder was made for), encoded now so frames are
    /// not held in memory.
    func append(_ frame: Bitmap) throws
    /// Ends the file and renames it over the destination. Throws when fewer or more frames came than the
    /// encoder was made for, or the file could not be written.
    func finish() throws
}

/// Why an animation could not be encoded, in one line.
package struct ExportError: Error, CustomStringConvertible {
    /// What went wrong, in words.
    package let description: String
    init(_ description: String) { self.description = description }
}
