import Foundation
import Quartzite
import QuartziteRender

/// The window's heads-up display, drawn with Quartzite itself: a panel with the frame rate, the last frame's
/// time and the clock's state on one line, and below it a moving graph of the last frames' time split into
/// evaluate, tessellate, encode and GPU (stacked bars, as NanoVG's perf graph draws them) against the 8.3 ms
/// line of a 120 Hz frame, with a legend.
///
/// The whole panel is one layer drawn with `CGContext` (`HUDLayer`), its two lines of text laid out by the
/// text layers' own rasteriser: one draw a frame, and one redraw and texture upload at most 20 times a second
/// while new timings arrive (the text at most 4 times a second), so the HUD costs little next to the demo.
@MainActor
package final class FrameHUD {
    /// The panel, placed at the window's top left by whoever shows it (anchored at its top left).
    package var layer: CALayer { panel }
    private let panel = HUDLayer()
    /// System seconds of the frames drawn in the last second, for the frame rate.
    private var recentFrames: [Double] = []
    private var lastStatusUpdate = -Double.infinity
    private var lastGraphUpdate = -Double.infinity
    /// Whether frames were recorded since the panel was last drawn.
    private var graphIsStale = false

    /// Frames the graph shows, one a point across the graph (2.3 seconds at 120 Hz): whole-pixel bars.
    nonisolated static let capacity = 280
    /// The panel's size, the graph's place in it and its range. The panel is drawn every frame, so it is
    /// kept small: its pixels are the HUD's cost.
    nonisolated static let size = CGSize(width: 300, height: 100)
    nonisolated static let graph = CGRect(x: 10, y: 26, width: 280, height: 52)
    nonisolated static let rangeMs = 16.7, budgetMs = 1000.0 / 120
    nonisolated static let budgetColor = CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 0.9)
    /// The panel is redrawn at most this often (system seconds): a moving graph at 20 Hz.
    static let graphInterval: CFTimeInterval = 0.05
    /// The series' names and colours, in stacking order (bottom first).
    nonisolated static let series: [(name: String, color: CGColor)] = [
        ("evaluate", CGColor(red: 0.36, green: 0.78, blue: 0.98, alpha: 0.9)),
        ("tessellate", CGColor(red: 0.55, green: 0.86, blue: 0.45, alpha: 0.9)),
        ("encode", CGColor(red: 1, green: 0.78, blue: 0.3, alpha: 0.9)),
        ("gpu", CGColor(red: 0.93, green: 0.45, blue: 0.75, alpha: 0.9)),
    ]

    /// A hidden panel.
    package init() {
        panel.bounds = CGRect(origin: .zero, size: Self.size)
        panel.anchorPoint = .zero
        panel.isHidden = true
        panel.legend = Self.textImage(Self.legendText(), size: Self.legendSize, width: Self.graph.width, scale: panel.contentsScale)
    }

    /// The legend's font size: its line fits the graph's width.
    nonisolated static let legendSize: CGFloat = 9.5

    /// The graph's y (in the panel) of `ms` milliseconds, clamped to its range.
    nonisolated static func y(ms: Double) -> CGFloat {
        let clamped = ms.isFinite ? min(max(ms, 0), rangeMs) : rangeMs
        return graph.minY + graph.height * CGFloat(1 - clamped / rangeMs)
    }

    /// Whether the panel shows.
    package var isVisible: Bool {
        get { !panel.isHidden }
        set { withoutActions { panel.isHidden = !newValue } }
    }

    /// The panel's pixels per point (the window's), so its text and bars are sharp on a dense display.
    package var contentsScale: CGFloat {
        get { panel.contentsScale }
        set {
            guard newValue != panel.contentsScale, newValue.isFinite, newValue > 0 else { return }
            withoutActions {
                panel.contentsScale = newValue
                panel.legend = Self.textImage(Self.legendText(), size: Self.legendSize, width: Self.graph.width, scale: newValue)
                panel.status = nil
                lastStatusUpdate = -.infinity
                panel.setNeedsDisplay()
            }
        }
    }

    /// Adds a drawn frame's timings, shown at system time `system`.
    package func record(_ timings: FrameTimings, at system: CFTimeInterval) {
        panel.history.append(SIMD4(timings.evaluate, timings.tessellate, timings.encode, timings.gpu) * 1000)
        if panel.history.count > Self.capacity { panel.history.removeFirst(panel.history.count - Self.capacity) }
        recentFrames.append(system)
        recentFrames.removeAll { system - $0 > 1 }
        graphIsStale = true
    }

    /// Redraws the panel, at most 20 times a second, with its status line (laid out at most four times a
    /// second): `clock` says the demo's time and the clock's state.
    package func refresh(at system: CFTimeInterval, clock: String) {
        guard isVisible else { return }
        let statusIsDue = system - lastStatusUpdate >= 0.25
        guard statusIsDue || (graphIsStale && system - lastGraphUpdate >= Self.graphInterval) else { return }
        if statusIsDue {
            lastStatusUpdate = system
            let last = panel.history.last.map { $0[0] + $0[1] + $0[2] + $0[3] } ?? 0
            let line = String(format: "%3d fps %6.2f ms  %@", recentFrames.count, last, clock)
            panel.status = Self.textImage(NSAttributedString(string: line), size: 12, width: Self.size.width - 20,
                                          scale: panel.contentsScale)
        }
        graphIsStale = false
        lastGraphUpdate = system
        withoutActions { panel.setNeedsDisplay() }
    }

    /// The legend: the series' names in their colours, and the 8.3 ms line's.
    private static func legendText() -> NSAttributedString {
        let text = NSMutableAttributedString(string: "")
        for entry in series {
            text.append(NSAttributedString(string: "■ " + entry.name + " ", attributes: [.foregroundColor: entry.color]))
        }
        text.append(NSAttributedString(string: "— 8.3 ms", attributes: [.foregroundColor: budgetColor]))
        return text
    }

    /// `text` in DejaVu Sans Mono at `size` points (white where no colour is given) laid out and rasterised as
    /// a text layer draws it, one line `width` points wide, at `scale` pixels per point.
    private static func textImage(_ text: NSAttributedString, size: CGFloat, width: CGFloat, scale: CGFloat) -> CGImage? {
        let styled = NSMutableAttributedString(string: text.string, attributes: [
            .font: UIFont(name: "DejaVu Sans Mono", size: size) as Any, .foregroundColor: CGColor.white,
        ])
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            styled.addAttributes(attributes, range: range)
        }
        let layer = CATextLayer()
        layer.string = styled
        return layer.textImage(size: CGSize(width: width, height: size * 1.4), scale: scale)
    }
}

/// The HUD's panel: an opaque dark rectangle (so the panel is drawn without blending, every frame, at the
/// least cost a picture has), the status line, for each recorded frame a column of four stacked bars (newest
/// at the right edge, the graph's height `FrameHUD.rangeMs`), the 8.3 ms line and the legend.
final class HUDLayer: CALayer {
    /// The frames to draw, oldest first: evaluate, tessellate, encode and gpu in milliseconds.
    var history: [SIMD4<Double>] = []
    /// The status line's and the legend's images.
    var status: CGImage?
    var legend: CGImage?

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0.07, green: 0.07, blue: 0.08, alpha: 1))
        ctx.fill(bounds)
        let graph = FrameHUD.graph
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.06))
        ctx.fill(graph)
        drawBars(ctx, in: graph)
        ctx.setFillColor(FrameHUD.budgetColor)
        ctx.fill(CGRect(x: graph.minX, y: FrameHUD.y(ms: FrameHUD.budgetMs) - 0.5, width: graph.width, height: 1))
        drawText(status, ctx, at: CGPoint(x: 10, y: 5))
        drawText(legend, ctx, at: CGPoint(x: graph.minX, y: graph.maxY + 4))
    }

    /// The bars' edges lie on the backing store's pixels (a bar a point wide, its ends rounded to pixels), so
    /// cairo fills them as boxes instead of antialiased polygons: the redraw's largest part.
    private func drawBars(_ ctx: CGContext, in graph: CGRect) {
        let step = graph.width / CGFloat(FrameHUD.capacity)
        let x0 = graph.maxX - CGFloat(history.count) * step
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        func onPixels(_ y: CGFloat) -> CGFloat { (y * scale).rounded() / scale }
        for (s, entry) in FrameHUD.series.enumerated() {
            ctx.setFillColor(entry.color)
            var rects: [CGRect] = []
            rects.reserveCapacity(history.count)
            for (i, ms) in history.enumerated() {
                var below = 0.0
                for k in 0..<s { below += ms[k] }
                let top = onPixels(FrameHUD.y(ms: below + ms[s])), bottom = onPixels(FrameHUD.y(ms: below))
                if bottom > top { rects.append(CGRect(x: x0 + CGFloat(i) * step, y: top, width: step, height: bottom - top)) }
            }
            ctx.fill(rects)
        }
    }

    /// Draws a text image with its top left at `origin`, upright in the layer's top-left-origin context (an
    /// image is drawn with its first row at the bottom of the rectangle, so the rectangle is flipped).
    private func drawText(_ image: CGImage?, _ ctx: CGContext, at origin: CGPoint) {
        guard let image else { return }
        let size = CGSize(width: CGFloat(image.width) / contentsScale, height: CGFloat(image.height) / contentsScale)
        ctx.saveGState()
        ctx.translateBy(x: origin.x, y: origin.y + size.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: CGRect(origin: .zero, size: size))
        ctx.restoreGState()
    }
}
