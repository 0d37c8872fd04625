import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// The textures of images, by image, shared by every layer showing one.
///
/// Once nothing but the cache holds an image, no frame can draw it again, so its texture leaves the cache at
/// the end of that frame. The cache checks that its reference is the only one, which costs nothing; weak
/// references cost a third of a millisecond a frame over the gallery's few hundred entries (atomic
/// side-table traffic). A `draw(in:)` layer redrawn every frame makes a new image each time; holding the old ones for the unused-texture timeout kept hundreds of megabytes alive and
/// made every new image and texture land on freshly mapped, page-faulting memory. A texture whose image is
/// gone is kept as a spare for a few frames, and the next image of its size is uploaded into it in place.
/// A texture that is not drawn for `unusedFrames` frames is freed even while its image lives.
struct ImageTextures {
    /// One image's texture. The image is held so that its identity stays unique while the texture lives.
    struct Entry {
        let id: GLuint
        var image: CGImage
        let width: Int
        let height: Int
        /// The last frame that drew it.
        var lastUsed: Int
        /// Whether its mipmaps are made (only for trilinear minification).
        var hasMipmaps: Bool
    }

    /// A texture whose image is gone, ready for the next image of its size.
    struct Spare {
        let id: GLuint
        let width: Int
        let height: Int
        let freedAt: Int
    }

    /// Frames a texture stays while no frame draws it.
    static let unusedFrames = 120
    /// Spare textures kept at most, and for how many frames.
    static let spareLimit = 4, spareFrames = 30

    /// The entries, and where each image's entry is.
    private var entries: [Entry] = []
    private var slots: [ObjectIdentifier: Int] = [:]
    private(set) var spares: [Spare] = []

    var count: Int { entries.count }

    /// The texture of `image` when it is uploaded already (its mipmaps made first when `mipmapped` asks and
    /// they are not), marked used at `frame`; nil when it is not.
    mutating func texture(of image: CGImage, frame: Int, mipmapped: Bool) -> GLuint? {
        guard let slot = slots[ObjectIdentifier(image)] else { return nil }
        entries[slot].lastUsed = frame
        if mipmapped, !entries[slot].hasMipmaps {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), entries[slot].id)
            epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            entries[slot].hasMipmaps = true
        }
        return entries[slot].id
    }

    /// A texture for a new image of the given size: a spare of that size (already allocated: `recycled`, to be
    /// filled in place), or a new name.
    mutating func newTexture(width: Int, height: Int) -> (id: GLuint, recycled: Bool) {
        if let index = spares.firstIndex(where: { $0.width == width && $0.height == height }) {
            return (spares.remove(at: index).id, true)
        }
        return (GL.genTexture(), false)
    }

    /// Records `id` as the texture of `image`, uploaded at `frame`.
    mutating func insert(_ id: GLuint, for image: CGImage, frame: Int, mipmapped: Bool) {
        slots[ObjectIdentifier(image)] = entries.count
        entries.append(Entry(id: id, image: image, width: image.width, height: image.height, lastUsed: frame,
                             hasMipmaps: mipmapped))
    }

    /// At a frame's end: textures whose image only the cache holds become spares, textures unused for
    /// `unusedFrames` are freed, and so are spares past their time or beyond the limit.
    mutating func endFrame(_ frame: Int) {
        // From the end, so that the entry moved into a removed one's place has been looked at already.
        for slot in entries.indices.reversed() {
            if isKnownUniquelyReferenced(&entries[slot].image) {
                let entry = remove(at: slot)
                spares.append(Spare(id: entry.id, width: entry.width, height: entry.height, freedAt: frame))
            } else if frame - entries[slot].lastUsed > Self.unusedFrames {
                GL.deleteTexture(remove(at: slot).id)
            }
        }
        while let oldest = spares.first, spares.count > Self.spareLimit || frame - oldest.freedAt > Self.spareFrames {
            GL.deleteTexture(oldest.id)
            spares.removeFirst()
        }
    }

    /// Removes the entry at `slot`, the last entry taking its place.
    private mutating func remove(at slot: Int) -> Entry {
        entries.swapAt(slot, entries.count - 1)
        let entry = entries.removeLast()
        slots[ObjectIdentifier(entry.image)] = nil
        if slot < entries.count { slots[ObjectIdentifier(entries[slot].image)] = slot }
        return entry
    }

    /// Frees every texture (the context must be current).
    mutating func removeAll() {
        for entry in entries { GL.deleteTexture(entry.id) }
        for spare in spares { GL.deleteTexture(spare.id) }
        entries = []
        slots = [:]
        spares = []
    }
}
