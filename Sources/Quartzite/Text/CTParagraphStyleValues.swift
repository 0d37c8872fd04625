import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Core Text paragraph style's values, read from its settings' bytes and written back for
/// `CTParagraphStyleGetValueForSpecifier`. Lengths are kept as given; the `NSParagraphStyle` they make is
/// what the layout reads, and it makes lengths that are negative or not finite 0.
struct CTParagraphStyleValues {
    var alignment = CTTextAlignment.natural
    var lineBreakMode = CTLineBreakMode.byWordWrapping
    var baseWritingDirection = CTWritingDirection.natural
    /// The `CGFloat` values, by specifier; a specifier not here has its default (`defaultLength`).
    var lengths: [CTParagraphStyleSpecifier: CGFloat] = [:]
    /// The tab stops set, in the order given; nil for Core Text's default ones (`standardTabs`).
    var tabStops: [CTTextTab]?

    /// Core Text's default tab stops: 12 left-aligned stops 28 points apart.
    static var standardTabs: [CTTextTab] {
        NSParagraphStyle.standardTabStops.map { CTTextTab(alignment: .left, location: Double($0.location), options: nil) }
    }

    /// The specifiers whose value is a `CGFloat`.
    static let lengthSpecifiers: Set<CTParagraphStyleSpecifier> = [
        .firstLineHeadIndent, .headIndent, .tailIndent, .defaultTabInterval, .lineHeightMultiple,
        .maximumLineHeight, .minimumLineHeight, .lineSpacing, .paragraphSpacing, .paragraphSpacingBefore,
        .maximumLineSpacing, .minimumLineSpacing, .lineSpacingAdjustment,
    ]

    /// A length specifier's value when not set: Core Text's (no limit on line spacing, else 0).
    static func defaultLength(_ spec: CTParagraphStyleSpecifier) -> CGFloat {
        spec == .maximumLineSpacing ? .greatestFiniteMagnitude : 0
    }

    /// A length specifier's value.
    func length(_ spec: CTParagraphStyleSpecifier) -> CGFloat { lengths[spec] ?? Self.defaultLength(spec) }

    /// Takes `setting`'s value when its size is its type's and it is one of the type's values; ignores it,
    /// with a diagnostic, otherwise.
    mutating func apply(_ setting: CTParagraphStyleSetting) {
        let spec = setting.spec
        guard let size = Self.size(of: spec), setting.valueSize == size else {
            return Diagnostics.report("CTParagraphStyleCreate: a \(spec) setting of \(setting.valueSize) bytes is ignored")
        }
        let raw = setting.value
        switch spec {
        case .alignment: CTTextAlignment(rawValue: raw.loadUnaligned(as: UInt8.self)).map { alignment = $0 } ?? ignored(spec)
        case .lineBreakMode: CTLineBreakMode(rawValue: raw.loadUnaligned(as: UInt8.self)).map { lineBreakMode = $0 } ?? ignored(spec)
        case .baseWritingDirection:
            let direction = CTWritingDirection(rawValue: raw.loadUnaligned(as: Int8.self))
            if (-1...1).contains(direction.rawValue) { baseWritingDirection = direction } else { ignored(spec) }
        case .tabStops: applyTabStops(at: raw)
        default: lengths[spec] = raw.loadUnaligned(as: CGFloat.self)
        }
    }

    /// Takes the tab stops of the `CFArray` at `raw` (its `CTTextTab`s; anything else in it is skipped with a
    /// diagnostic); a nil array, a pointer not aligned for one, or one to something else is ignored.
    private mutating func applyTabStops(at raw: UnsafeRawPointer) {
        guard Self.holdsArray(raw), let array = raw.load(as: CFArray?.self) else {
            return Diagnostics.report("CTParagraphStyleCreate: a tabStops setting that does not point at a CFArray variable "
                + "is ignored (pass withUnsafeBytes(of: &tabs) or a CFArray? variable: &array points at the elements)")
        }
        let tabs = array.compactMap { $0 as? CTTextTab }
        if tabs.count < array.count {
            Diagnostics.report("CTParagraphStyleCreate: \(array.count - tabs.count) tab stops that are not CTTextTabs are ignored")
        }
        tabStops = tabs
    }

    /// Whether `raw` points at a `CFArray` (`[Any]`) or `CFArray?` variable: aligned, not the empty array's
    /// elements, and nil or the address of an array storage object of `[Any]`. Swift passes `&array` for a raw
    /// pointer as the address of the array's elements, where iOS passes the address of the `CFArrayRef`;
    /// reading an array there would read the first element as one, and a buffer holding something else (a
    /// number) would be read as an address. The word there is followed only when it is an aligned address in
    /// a mapped page (`isMapped`), so neither traps.
    static func holdsArray(_ raw: UnsafeRawPointer) -> Bool {
        guard Int(bitPattern: raw) % MemoryLayout<CFArray?>.alignment == 0, Int(bitPattern: raw) != emptyArrayElements else {
            return false
        }
        guard let storage = raw.load(as: UnsafeRawPointer?.self) else { return true }
        let address = UInt(bitPattern: Int(bitPattern: storage))
        guard address % 16 == 0, (0x1000..<0x8000_0000_0000).contains(address), isMapped(storage) else { return false }
        return arrayStorageClasses.contains(Int(bitPattern: storage.load(as: UnsafeRawPointer?.self)))
    }

    /// Whether the page holding `address` is mapped (`msync` answers ENOMEM for one that is not), so the
    /// aligned word there can be read.
    private static func isMapped(_ address: UnsafeRawPointer) -> Bool {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0, let start = UnsafeMutableRawPointer(bitPattern: Int(bitPattern: address) & ~(page - 1)) else { return false }
        return msync(start, page, MS_ASYNC) == 0
    }

    /// The classes (metadata addresses) of the storage of an empty and of a filled `[Any]`.
    private static let arrayStorageClasses: [Int] = [[] as [Any], [0] as [Any]].map { array in
        withUnsafeBytes(of: array) { Int(bitPattern: $0.load(as: UnsafeRawPointer?.self)?.load(as: UnsafeRawPointer?.self)) }
    }

    /// Where the shared empty array's elements would be (what `&array` passes for an empty array), 0 if nowhere.
    private static let emptyArrayElements: Int = ([] as [Any]).withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }

    private func ignored(_ spec: CTParagraphStyleSpecifier) {
        Diagnostics.report("CTParagraphStyleCreate: a \(spec) setting that is none of its type's values is ignored")
    }

    /// Writes the value of `spec` into `buffer` when `size` bytes hold it; false, writing nothing, otherwise.
    func copy(_ spec: CTParagraphStyleSpecifier, size: Int, into buffer: UnsafeMutableRawPointer) -> Bool {
        guard let needed = Self.size(of: spec), size >= needed else { return false }
        switch spec {
        case .alignment: buffer.storeBytes(of: alignment.rawValue, as: UInt8.self)
        case .lineBreakMode: buffer.storeBytes(of: lineBreakMode.rawValue, as: UInt8.self)
        case .baseWritingDirection: buffer.storeBytes(of: baseWritingDirection.rawValue, as: Int8.self)
        case .tabStops:
            guard Self.holdsArray(UnsafeRawPointer(buffer)) else { return false }
            // An initialised `CFArray` or `CFArray?`, as the caller passes one: assigned, so the old value is released.
            buffer.assumingMemoryBound(to: CFArray?.self).pointee = (tabStops ?? Self.standardTabs) as CFArray
        default: buffer.storeBytes(of: length(spec), as: CGFloat.self)
        }
        return true
    }

    /// The size in bytes of `spec`'s value; nil for a specifier not kept.
    static func size(of spec: CTParagraphStyleSpecifier) -> Int? {
        switch spec {
        case .alignment, .lineBreakMode, .baseWritingDirection: 1
        case .tabStops: MemoryLayout<CFArray?>.size
        case _ where lengthSpecifiers.contains(spec): MemoryLayout<CGFloat>.size
        default: nil
        }
    }

    /// The style as UIKit's: Core Text's alignment as UIKit's, the line spacing the adjustment (or the
    /// deprecated `lineSpacing` where no adjustment is set) held between the minimum and maximum spacing, the
    /// tab stops as `NSTextTab`s.
    var paragraphStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = Self.alignments[alignment] ?? .natural
        style.lineBreakMode = NSLineBreakMode(rawValue: Int(lineBreakMode.rawValue)) ?? .byWordWrapping
        style.firstLineHeadIndent = length(.firstLineHeadIndent)
        style.headIndent = length(.headIndent)
        style.tailIndent = length(.tailIndent)
        style.lineHeightMultiple = length(.lineHeightMultiple)
        style.minimumLineHeight = length(.minimumLineHeight)
        style.maximumLineHeight = length(.maximumLineHeight)
        style.paragraphSpacing = length(.paragraphSpacing)
        style.paragraphSpacingBefore = length(.paragraphSpacingBefore)
        let adjustment = lengths[.lineSpacingAdjustment] ?? length(.lineSpacing)
        style.lineSpacing = max(min(adjustment, length(.maximumLineSpacing)), length(.minimumLineSpacing))
        style.baseWritingDirection = NSWritingDirection(rawValue: Int(baseWritingDirection.rawValue)) ?? .natural
        if let tabStops { style.tabStops = tabStops.map(\.textTab) }
        style.defaultTabInterval = length(.defaultTabInterval)
        return style
    }

    /// Core Text's alignments as UIKit's.
    private static let alignments: [CTTextAlignment: NSTextAlignment] = [
        .left: .left, .right: .right, .center: .center, .justified: .justified, .natural: .natural,
    ]
}
