import Foundation

/// Core Foundation's immutable byte buffer, as far as image code uses it: Foundation on Linux does not offer
/// `CFData`, so Quartzite stands in for it. Its bytes stay at one address for its life, so the pointer
/// `CFDataGetBytePtr` returns is valid while the `CFData` is (iOS code keeps the `CFData` in a variable while it
/// reads, as it must there too). It is a collection of its bytes: `Data(cfData)` and `[UInt8](cfData)` copy them
/// out, where iOS code writes `cfData as Data` (not possible here: Linux has no toll-free bridging).
public final class CFData: @unchecked Sendable, RandomAccessCollection, ContiguousBytes {
    /// The bytes, never moved or changed; one byte is allocated for an empty buffer so the address is real.
    private let base: UnsafeMutablePointer<UInt8>
    /// The number of bytes.
    private let length: Int

    /// A copy of `data`'s bytes.
    public init(_ data: Data) {
        length = data.count
        let capacity = Swift.max(data.count, 1)
        base = .allocate(capacity: capacity)
        base.initialize(repeating: 0, count: capacity)
        data.copyBytes(to: base, count: data.count)
    }

    /// A copy of `array`'s bytes.
    package convenience init(_ array: [UInt8]) { self.init(Data(array)) }

    deinit { base.deallocate() }

    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// The number of bytes (one past the last index).
    public var endIndex: Int { length }
    /// The byte at `position`, which must lie in `0..<count` (outside it traps, as an array's subscript does,
    /// rather than read memory that is not the buffer's).
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < length, "CFData index \(position) is outside 0..<\(length)")
        return base[position]
    }

    /// Calls `body` with the bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: length))
    }

    /// The first byte's address, stable for the object's life.
    var firstByte: UnsafePointer<UInt8> { UnsafePointer(base) }
}

/// The address of `theData`'s first byte, valid while `theData` lives; nil for nil.
public func CFDataGetBytePtr(_ theData: CFData!) -> UnsafePointer<UInt8>! {
    guard let theData else { return nil }
    return theData.firstByte
}

/// The number of bytes in `theData` (0 for nil).
public func CFDataGetLength(_ theData: CFData!) -> Int {
    theData?.count ?? 0
}
