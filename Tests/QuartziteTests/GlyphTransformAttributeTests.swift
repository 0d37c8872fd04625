import Foundation
import Testing
@testable import Quartzite

/// `.obliqueness`, `.expansion`, `.ligature` and `.link` in string drawing and text layers, against closed
/// forms: a skew of s moves a point h above the baseline s·h right; an expansion of log 2 doubles a run's
/// advance (Pango's width of the same text) and keeps its glyphs' height; ligatures off shape "fi" as two
/// glyphs.
@Suite struct GlyphTransformAttributeTests {
    func request(_ text: String, _ attributes: [NSAttributedString.Key: Any]) throws -> TextRequest {
        try #require(StringDrawing.request(NSAttributedString(string: text, attributes: attributes), .unbounded))
    }

    /// Every point of the outlines of `text` in `attributes`, and the first baseline.
    func points(_ text: String, _ attributes: [NSAttributedString.Key: Any]) throws -> (points: [CGPoint], baseline: CGFloat) {
        let request = try request(text, attributes)
        let drawing = TextOutlines.drawing(of: request, baseColor: .black)
        var points: [CGPoint] = []
        for part in drawing.parts {
            for element in part.path.elements {
                switch element {
                case .moveTo(let p), .lineTo(let p): points.append(p)
                case .quadCurveTo(_, let p), .curveTo(_, _, let p): points.append(p)
                case .closeSubpath: break
                }
            }
        }
        return (points, try #require(TextRasterizer.extents(request)).baseline)
    }

    @Test func obliquenessMovesEachPointByTheSkewTimesItsHeight() throws {
        let font = UIFont.systemFont(ofSize: 100)
        let upright = try points("L", [.font: font])
        let oblique = try points("L", [.font: font, .obliqueness: 0.25])
        #expect(upright.points.count == oblique.points.count && !upright.points.isEmpty)
        for (u, o) in zip(upright.points, oblique.points) {
            let height = upright.baseline - u.y
            #expect(abs(o.x - (u.x + 0.25 * height)) < 0.05 && abs(o.y - u.y) < 0.05)
        }
        // The stem's top-left corner, the cap height above the baseline, moves a quarter of it right.
        let corner = { (p: [CGPoint]) in p.min { ($0.y, $0.x) < ($1.y, $1.x) } ?? .zero }
        let height = upright.baseline - corner(upright.points).y
        #expect(height > 60 && abs(corner(oblique.points).x - corner(upright.points).x - 0.25 * height) < 0.05)
        // The advance does not change.
        let size = { (a: [NSAttributedString.Key: Any]) in NSAttributedString(string: "LL", attributes: a).size() }
        #expect(size([.font: font]) == size([.font: font, .obliqueness: 0.25]))
    }

    @Test func expansionOfLogTwoDoublesTheAdvanceAndKeepsTheHeight() throws {
        let stretched = NSAttributedString(string: "Hello", attributes: [.font: UIFont.systemFont(ofSize: 20), .expansion: log(2.0)])
        let pango = PangoReference.extents("Hello", size: 20).logical
        #expect(abs(stretched.size().width - 2 * pango.width) < 0.01)
        let plain = try points("H", [.font: UIFont.systemFont(ofSize: 20)]).points
        let wide = try points("H", [.font: UIFont.systemFont(ofSize: 20), .expansion: log(2.0)]).points
        let box = { (p: [CGPoint]) in ((p.map(\.x).max() ?? 0) - (p.map(\.x).min() ?? 0), (p.map(\.y).max() ?? 0) - (p.map(\.y).min() ?? 0)) }
        #expect(abs(box(wide).0 - 2 * box(plain).0) < 0.05 && abs(box(wide).1 - box(plain).1) < 0.05)
    }

    /// Core Text lines read the same runs: a stretched line is twice as long.
    @Test func aCoreTextLineStretches() {
        let font = UIFont.systemFont(ofSize: 20)
        let plain = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [.font: font]))
        let wide = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [.font: font, .expansion: log(2.0)]))
        let width = { (line: CTLine) in CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)) }
        #expect(abs(width(wide) - 2 * width(plain)) < 0.01)
    }

    @Test func ligaturesOffShapeEachLetter() throws {
        let text = "fi fl"
        let on = TextLines.glyphCount(of: try request(text, [.font: UIFont.systemFont(ofSize: 20)]))
        let off = TextLines.glyphCount(of: try request(text, [.font: UIFont.systemFont(ofSize: 20), .ligature: 0]))
        #expect(off == 5 && on < off)
        #expect(TextLines.glyphCount(of: try request(text, [.ligature: 1])) == on)
    }

    @Test func aLinkDrawsAsPlainText() throws {
        let plain = try points("Link", [:]).points
        let linked = try points("Link", [.link: URL(fileURLWithPath: "/tmp")]).points
        #expect(plain == linked)
        #expect(try request("Link", [.link: "https://example.com"]).content.runs.isEmpty)
    }

    /// A text layer draws a skewed run's outlines: the top of an L's stem sits a quarter of its height right
    /// of its foot.
    @Test func aTextLayerSkewsItsRun() throws {
        let layer = CATextLayer()
        layer.string = NSAttributedString(string: "L", attributes: [.font: UIFont.systemFont(ofSize: 80), .obliqueness: 0.25,
                                                                   .foregroundColor: UIColor.black])
        let values = try #require(layer.modelValues.text)
        let request = try #require(TextRequest(values, size: CGSize(width: 120, height: 110), scale: 1))
        let image = try #require(TextRasterizer.image(request))
        let alpha = stride(from: 3, to: image.premultipliedRGBA.count, by: 4).map { image.premultipliedRGBA[$0] }
        let rows = (0..<110).filter { y in (0..<120).contains { alpha[y * 120 + $0] > 128 } }
        let left = { (y: Int) -> Int in (0..<120).first { alpha[y * 120 + $0] > 128 } ?? 0 }
        let top = try #require(rows.first), foot = try #require(rows.last)
        let shift = CGFloat(left(top) - left(foot)), expected = 0.25 * CGFloat(foot - top)
        #expect(abs(shift - expected) <= 2, "\(shift) vs \(expected)")
    }

    @Test func hostileValuesAreCapped() throws {
        let nan = try request("x", [.obliqueness: CGFloat.nan, .expansion: CGFloat.infinity, .ligature: -7])
        #expect(nan.content.runs.isEmpty)
        let huge = try request("x", [.obliqueness: 1e9, .expansion: 1e9])
        let run = try #require(huge.content.runs.first)
        #expect(run.obliqueness == 4 && run.expansion == 3)
        #expect(run.shapedSize(textSize: 4000) == TextRasterizer.maximumFontSize)
        let size = NSAttributedString(string: "x", attributes: [.font: UIFont.systemFont(ofSize: 4000), .expansion: 1e9]).size()
        #expect(size.width.isFinite && size.width > 0)
        _ = TextOutlines.drawing(of: huge, baseColor: .black)
    }
}
