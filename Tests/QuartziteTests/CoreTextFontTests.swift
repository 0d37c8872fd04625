import Foundation
import Testing
@testable import Quartzite

/// A Core Text font's metrics and tables, against DejaVu Sans's own: its 'hhea' ascender 1901 and descender
/// -483 and a capital 1493 units tall, its 'head' table's 2048 units an em and glyph boxes within
/// x -2090...3673, y -948...2524, its 'name' table's PostScript name "DejaVuSans".
@Suite struct CoreTextFontTests {
    @Test func unitsPerEmBoundingBoxAndNamesAreTheFacesOwn() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        let scale: CGFloat = 20 / 2048
        let box = CTFontGetBoundingBox(font)
        #expect(abs(box.minX + 2090 * scale) < 1e-9 && abs(box.minY + 948 * scale) < 1e-9)
        #expect(abs(box.maxX - 3673 * scale) < 1e-9 && abs(box.maxY - 2524 * scale) < 1e-9)
        #expect(CTFontCopyFamilyName(font) == "DejaVu Sans")
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans")
        #expect(CTFontGetBoundingBox(CTFontCreateWithName("DejaVu Sans" as CFString, .nan, nil)) == .zero)
    }

    @Test func fontMetricsAreDejaVuSansScaledToTheSize() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        let em: CGFloat = 20 / 2048
        #expect(abs(CTFontGetAscent(font) - 1901 * em) < 0.02)
        #expect(abs(CTFontGetDescent(font) - 483 * em) < 0.02)
        #expect(CTFontGetLeading(font) == 0)
        #expect(abs(CTFontGetCapHeight(font) - 1493 * em) < 0.05)
    }
}
