import Foundation
import Testing
@testable import QuartziteExport

/// The chunk writer under APNG: CRCs against the PNG specification's fixed values, and chunks read back.
struct PNGChunksTests {
    /// Every PNG ends with the same 12 bytes; AE426082 is the CRC-32 of "IEND" that the specification's
    /// example files carry.
    @Test func iendIsTheSpecificationsBytes() throws {
        #expect(PNGChunks.crc(type: "IEND", data: Data()) == 0xAE42_6082)
        let bytes = try #require(PNGChunks.encode(type: "IEND", data: Data()))
        #expect([UInt8](bytes) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// The CRC runs over type and data as one string: "1234" then "56789" gives CRC-32's catalogued check
    /// value for "123456789", CBF43926; and the header of a 1x1 8-bit RGBA image gives the 1F15C489 found in
    /// every such PNG.
    @Test func crcCoversTypeThenData() {
        #expect(PNGChunks.crc(type: "1234", data: Data("56789".utf8)) == 0xCBF4_3926)
        let header = Data([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        #expect(PNGChunks.crc(type: "IHDR", data: header) == 0x1F15_C489)
    }

    @Test func chunksReadBackInOrder() throws {
        var png = Data(PNGChunks.signature)
        let chunks = [PNGChunks.Chunk(type: "IHDR", data: Data([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])),
                      PNGChunks.Chunk(type: "fdAT", data: Data([0, 0, 0, 7, 1, 2, 3])),
                      PNGChunks.Chunk(type: "IEND", data: Data())]
        for chunk in chunks { png.append(try #require(PNGChunks.encode(type: chunk.type, data: chunk.data))) }
        #expect(try PNGChunks.parse(png) == chunks)
    }

    @Test func aDamagedChunkIsRefused() throws {
        var png = Data(PNGChunks.signature)
        png.append(try #require(PNGChunks.encode(type: "tEXt", data: Data("a=b".utf8))))
        var damaged = png
        damaged[damaged.count - 6] ^= 1
        #expect(throws: PNGChunkError.self) { try PNGChunks.parse(damaged) }
        #expect(throws: PNGChunkError.self) { try PNGChunks.parse(png.prefix(png.count - 1)) }
        #expect(throws: PNGChunkError.self) { try PNGChunks.parse(Data("GIF89a".utf8)) }
    }

    @Test func onlyFourLetterTypes() {
        #expect(PNGChunks.encode(type: "IDA", data: Data()) == nil)
        #expect(PNGChunks.encode(type: "ID4T", data: Data()) == nil)
        #expect(PNGChunks.encode(type: "IDATX", data: Data()) == nil)
    }
}
