import Foundation

/// A text's UTF-8 offsets (Pango's) as UTF-16 offsets (Core Text's), looked up in constant time.
struct UTF16Offsets {
    /// The UTF-16 offset of each UTF-8 offset, the text's end included; a byte inside a character maps to
    /// the character's start.
    private let table: [Int]

    init(_ text: String) {
        var table: [Int] = []
        table.reserveCapacity(text.utf8.count + 1)
        var units = 0
        for scalar in text.unicodeScalars {
            let bytes = UTF8.width(scalar)
            table.append(contentsOf: repeatElement(units, count: bytes))
            units += scalar.utf16.count
        }
        table.append(units)
        self.table = table
    }

    /// The UTF-16 offset of UTF-8 offset `byte`, clamped to the text.
    func offset(ofByte byte: Int) -> Int {
        table[min(max(byte, 0), table.count - 1)]
    }

    /// The UTF-8 offset of the character at UTF-16 offset `unit` (the text's end past it, its start before it).
    func byte(ofUnit unit: Int) -> Int {
        var low = 0, high = table.count - 1
        while low < high {
            let middle = (low + high) / 2
            if table[middle] < unit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Where an attributed string's attributes change, as UTF-8 offsets into its text: Core Text ends a run at
/// each change.
struct AttributeRuns {
    /// The UTF-8 offset each attribute run starts at, in order.
    private let starts: [Int]

    init(_ string: NSAttributedString, offsets: UTF16Offsets) {
        var starts: [Int] = []
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { _, range, _ in
            starts.append(offsets.byte(ofUnit: range.location))
        }
        self.starts = starts
    }

    /// The index of the attribute run holding UTF-8 offset `byte` (0 before the first).
    func run(atByte byte: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= byte { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }
}
