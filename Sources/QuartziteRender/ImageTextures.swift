import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// The textures of images, by image, shared by every layer showing one.
///
/// An entry holds its image weakly: once nothing else holds the image, no frame can draw it again, so its
/// texture leaves the cache at the end of that frame. A `draw(in:)` layer redrawn every frame makes a new
/// image each time; holding the old ones for the unused-texture timeout kept hundreds of megabytes alive and
/// made every new image and texture land on freshly mapped, page-faulting memory. A texture whose image is
/// gone is kept as a spare for a few frames, and the next image of its size is uploaded into it in place.
/// A texture that is not drawn for `unusedFrames` frames is freed even while its image lives.
struct ImageTextures {
    /// One image's texture; the image's identity is checked on lookup, since a new image can reuse the
    /// address (and so the `ObjectIdentifier`) of one that is gone.
    struct Entry {
        let id: GLuint
        weak var image: CGImage?
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

    private(set) var entries: [ObjectIdentifier: Entry] = [:]
    private(set) var spares: [Spare] = []

    var count: Int { entries.count }

    /// The texture of `image` when it is uploaded already (its mipmaps made first when `mipmapped` asks and
    /// they are not), marked used at `frame`; nil when it is not.
    mutating func texture(of image: CGImage, frame: Int, mipmapped: Bool) -> GLuint? {
        let key = ObjectIdentifier(image)
        guard var hit = entries[key] else { return nil }
        guard hit.image === image else {
            retire(key, at: frame)
            return nil
        }
        hit.lastUsed = frame
        if mipmapped, !hit.hasMipmaps {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), hit.id)
            epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            hit.hasMipmaps = true
        }
        entries[key] = hit
        return hit.id
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
        entries[ObjectIdentifier(image)] = Entry(id: id, image: image, width: image.width, height: image.height,
                                                 lastUsed: frame, hasMipmaps: mipmapped)
    }

    /// At a frame's end: textures whose image is gone become spares, textures unused for `unusedFrames`
    /// are freed, and so are spares past their time or beyond the limit.
    mutating func endFrame(_ frame: Int) {
        var gone: [ObjectIdentifier] = [], stale: [ObjectIdentifier] = []
        for (key, entry) in entries {
            if entry.image == nil { gone.append(key) } else if frame - entry.lastUsed > Self.unusedFrames { stale.append(key) }
        }
        for key in gone { retire(key, at: frame) }
        for key in stale { if let entry = entries.removeValue(forKey: key) { GL.deleteTexture(entry.id) } }
        while let oldest = spares.first, spares.count > Self.spareLimit || frame - oldest.freedAt > Self.spareFrames {
            GL.deleteTexture(oldest.id)
            spares.removeFirst()
        }
    }

    /// Moves an entry's texture to the spares.
    private mutating func retire(_ key: ObjectIdentifier, at frame: Int) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        spares.append(Spare(id: entry.id, width: entry.width, height: entry.height, freedAt: frame))
    }

    /// Frees every texture (the context must be current).
    mutating func removeAll() {
        for entry in entries.values { GL.deleteTexture(entry.id) }
        for spare in spares { GL.deleteTexture(spare.id) }
        entries = [:]
        spares = []
    }
}
