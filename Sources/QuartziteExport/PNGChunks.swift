import Foundation
import CZlib

/// PNG's chunk layer (PNG specification, section 5.3): a 4-byte big-endian length, a 4-letter type, the data
/// and a CRC-32 of type and data. APNG is written at this level: libpng encodes each frame as an ordinary
/// PNG, and its image data is moved into APNG's chunks here (Debian's libpng has no APNG support).
package enum PNGChunks {
    /// The 8 bytes every PNG file starts with.
    package static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// One chunk: its type (4 ASCII letters) and data.
    package struct Chunk: Equatable, Sendable {
        /// The type, such as "IHDR" or "fdAT".
        package var type: String
        /// The data, without length or CRC.
        package var data: Data

        /// A chunk of `type` holding `data`.
        package init(type: String, data: Data) { self.type = type; self.data = data }
    }

    /// The CRC-32 of a chunk (over its type's bytes, then its data), by zlib.
    package static func crc(type: String, data: Data) -> UInt32 {
        var crc = crc32_z(0, nil, 0)
        crc = Array(type.utf8).withUnsafeBufferPointer { crc32_z(crc, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { raw in
            crc32_z(crc, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// The bytes of a chunk of `type` (4 ASCII letters) holding `data`: length, type, data, CRC. Nil when
    /// the type is not 4 ASCII letters or the data is over PNG's limit of 2^31 - 1 bytes.
    package static func encode(type: String, data: Data) -> Data? {
        let letters = Array(type.utf8)
        guard letters.count == 4, letters.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }),
              data.count <= Int(Int32.max) else { return nil }
        var out = Data(capacity: data.count + 12)
        out.append(bigEndian: UInt32(data.count))
        out.append(contentsOf: letters)
        out.append(data)
        out.append(bigEndian: crc(type: type, data: data))
        return out
    }

    /// The chunks of a PNG file, in order, each checked against its CRC. Throws `PNGChunkError` for a
    /// missing signature, a chunk running past the end or a CRC that does not match.
    package static func parse(_ png: Data) throws(PNGChunkError) -> [Chunk] {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw PNGChunkError("no PNG signature") }
        var chunks: [Chunk] = []
        var at = 8
        while at < bytes.count {
            guard bytes.count - at >= 12 else { throw PNGChunkError("a chunk header runs past the end at byte \(at)") }
            let length = Int(readBigEndian(bytes, at))
            guard length <= Int(Int32.max), bytes.count - at - 12 >= length else {
                throw PNGChunkError("a chunk of \(length) bytes runs past the end at byte \(at)")
            }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let data = Data(bytes[at + 8..<at + 8 + length])
            guard readBigEndian(bytes, at + 8 + length) == crc(type: type, data: data) else {
                throw PNGChunkError("the CRC of the \(type) chunk at byte \(at) does not match")
            }
            chunks.append(Chunk(type: type, data: data))
            at += 12 + length
        }
        return chunks
    }

    /// The big-endian 32-bit number at `at` (the caller has checked there are 4 bytes).
    private static func readBigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}

/// PNG bytes that are not a well-formed chunk stream.
package struct PNGChunkError: Error, CustomStringConvertible {
    /// What is wrong, in words.
    package let description: String
    init(_ description: String) { self.description = description }
}

extension Data {
    /// Appends `value` as 4 big-endian bytes.
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Appends `value` as 2 big-endian bytes.
    mutating func append(bigEndian value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
}
