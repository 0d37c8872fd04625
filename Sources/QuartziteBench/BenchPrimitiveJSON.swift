import Foundation
import Quartzite
import QuartziteHost
import QuartziteDemos

/// A benchmark scene's frames as JSON Lines, one frame a line, so renderers outside this process (the peers
/// of `make bench-peers`: skia, Blend2D, ThorVG) draw exactly the picture the layer tree shows.
///
/// A line is `{"scene", "width", "height", "t", "primitives": [...]}`. The primitives are flat: nested
/// `.transformed` groups and a primitive's own transform are composed into one `transform`
/// `[a, b, c, d, tx, ty]` (its points to canvas pixels), applied to the geometry and, for strokes, to the line
/// width, as cairo's current matrix does. Colours are `[red, green, blue, alpha]`, sRGB, straight alpha. Kinds:
///
/// - `roundedRect`: `rect` `[x, y, width, height]`, `radius`, `color`; filled.
/// - `polyline`: `points` `[x0, y0, x1, y1, ...]`, `lineWidth`, `color`; stroked open, round caps and joins.
/// - `polygon`: `points`, `color`; closed and filled with the non-zero rule.
/// - `gradientArc`: `center`, `radius`, `lineWidth`, `strokeEnd`, `from`, `to`, `gradientStart`,
///   `gradientEnd`; a circle stroked clockwise on screen from 12 o'clock for `strokeEnd` of its length, round
///   caps, painted by the axial gradient (left out when `strokeEnd` is 0).
///
/// Numbers are written in Swift's shortest round-trip form; a non-finite one (never made by the scenes) is
/// written as 0, so every line is valid JSON.
public enum BenchPrimitiveJSON {
    /// One frame as one line of JSON (no newline). `size` is the canvas in pixels.
    /// - Complexity: O(n) in the primitives' points.
    public static func frame(_ primitives: [BenchPrimitive], scene: String, size: CGSize, at t: CFTimeInterval) -> String {
        var items: [String] = []
        for primitive in primitives { append(primitive, under: .identity, to: &items) }
        return "{\"scene\":\"\(scene)\",\"width\":\(number(size.width)),\"height\":\(number(size.height)),"
            + "\"t\":\(number(t)),\"primitives\":[\(items.joined(separator: ","))]}"
    }

    /// Writes the frames of `type` at `times` to standard output, one line each, building the scene as the
    /// bench does (player at media time 0, `count` elements; nil: the scene's own count).
    @MainActor
    public static func writeFrames(of type: any BenchScene.Type, size: CGSize, times: [CFTimeInterval], count: Int?) throws {
        let player = BenchSceneCount.with(count) { DemoPlayer(type, size: size, startTime: 0) }
        guard let scene = player.demo as? any BenchScene else {
            throw CairoBenchError(description: "\(type.name) is not a benchmark scene")
        }
        for t in times {
            let line = frame(scene.primitives(at: t), scene: type.name, size: size, at: t) + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    private static func append(_ primitive: BenchPrimitive, under parent: CGAffineTransform, to items: inout [String]) {
        switch primitive {
        case .roundedRect(let rect, let radius, let color, let transform):
            items.append("{\"kind\":\"roundedRect\",\"rect\":\(list([rect.minX, rect.minY, rect.width, rect.height])),"
                + "\"radius\":\(number(radius)),\"color\":\(list(color)),"
                + "\"transform\":\(list(transform.concatenating(parent)))}")
        case .polyline(let points, let lineWidth, let color):
            items.append("{\"kind\":\"polyline\",\"points\":\(list(points)),\"lineWidth\":\(number(lineWidth)),"
                + "\"color\":\(list(color)),\"transform\":\(list(parent))}")
        case .polygon(let points, let color, let transform):
            items.append("{\"kind\":\"polygon\",\"points\":\(list(points)),\"color\":\(list(color)),"
                + "\"transform\":\(list(transform.concatenating(parent)))}")
        case .gradientArc(let center, let radius, let lineWidth, let strokeEnd, let from, let to, let start, let end):
            guard strokeEnd > 0 else { return }
            items.append("{\"kind\":\"gradientArc\",\"center\":\(list([center.x, center.y])),\"radius\":\(number(radius)),"
                + "\"lineWidth\":\(number(lineWidth)),\"strokeEnd\":\(number(min(strokeEnd, 1))),"
                + "\"from\":\(list(from)),\"to\":\(list(to)),\"gradientStart\":\(list([start.x, start.y])),"
                + "\"gradientEnd\":\(list([end.x, end.y])),\"transform\":\(list(parent))}")
        case .transformed(let transform, let children):
            let composed = transform.concatenating(parent)
            for child in children { append(child, under: composed, to: &items) }
        }
    }

    private static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

    private static func number(_ value: CGFloat) -> String { number(Double(value)) }

    private static func list(_ values: [Double]) -> String {
        "[" + values.map { number($0) }.joined(separator: ",") + "]"
    }

    private static func list(_ values: [CGFloat]) -> String { list(values.map { Double($0) }) }

    private static func list(_ points: [CGPoint]) -> String { list(points.flatMap { [$0.x, $0.y] }) }

    private static func list(_ c: BenchColor) -> String { list([c.red, c.green, c.blue, c.alpha]) }

    private static func list(_ t: CGAffineTransform) -> String { list([t.a, t.b, t.c, t.d, t.tx, t.ty]) }
}
