import Foundation
import Quartzite
import QuartziteRender

/// The window's heads-up display, drawn with Quartzite itself: a panel with the frame rate, the last frame's
/// time and the clock's state on one line, and below it a moving graph of the last frames' time split into
/// evaluate, tessellate, encode and GPU (stacked areas, as NanoVG's perf graph draws them) against the
/// 8.3 ms line of a 120 Hz frame. Its layers change only by model values set with actions disabled.
@MainActor
package final class FrameHUD {
    /// The panel, placed at the window's top left by whoever shows it.
    package let layer = CALayer()
    private let status = CATextLayer()
    /// Stacked areas, back to front: the running sums through gpu, encode, tessellate, evaluate.
    private let areas: [CAShapeLayer]
    private let budgetLine = CALayer()
    /// Per frame: evaluate, tessellate, encode and gpu in milliseconds, oldest first, at most `capacity`.
    private var history: [SIMD4<Double>] = []
    /// System seconds of the frames drawn in the last second, for the frame rate.
    private var recentFrames: [Double] = []
    private var lastStatusUpdate = -Double.infinity

    /// Frames the graph shows (two seconds at 120 Hz).
    static let capacity = 240
    /// The panel's size, the graph's place in it and its range.
    static let size = CGSize(width: 320, height: 132)
    static let graph = CGRect(x: 10, y: 30, width: 300, height: 80)
    static let rangeMs = 16.7, budgetMs = 1000.0 / 120
    /// The series' names and colours, in stacking order (bottom first).
    static let series: [(name: String, color: CGColor)] = [
        ("evaluate", CGColor(red: 0.36, green: 0.78, blue: 0.98, alpha: 0.9)),
        ("tessellate", CGColor(red: 0.55, green: 0.86, blue: 0.45, alpha: 0.9)),
        ("encode", CGColor(red: 1, green: 0.78, blue: 0.3, alpha: 0.9)),
        ("gpu", CGColor(red: 0.93, green: 0.45, blue: 0.75, alpha: 0.9)),
    ]

    /// A hidden panel.
    package init() {
        areas = Self.series.reversed().map { entry in
            let area = CAShapeLayer()
            area.frame = Self.graph
            area.fillColor = entry.color
            return area
        }
        build()
    }

    private func build() {
        layer.bounds = CGRect(origin: .zero, size: Self.size)
        layer.anchorPoint = .zero
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.72)
        layer.cornerRadius = 6
        layer.isHidden = true
        status.frame = CGRect(x: 10, y: 7, width: Self.size.width - 20, height: 18)
        Self.style(status, color: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        layer.addSublayer(status)
        let well = CALayer()
        well.frame = Self.graph
        well.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.06)
        layer.addSublayer(well)
        for area in areas { layer.addSublayer(area) }
        budgetLine.frame = CGRect(x: Self.graph.minX, y: Self.y(ms: Self.budgetMs) - 0.5, width: Self.graph.width, height: 1)
        budgetLine.backgroundColor = CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 0.9)
        layer.addSublayer(budgetLine)
        let budgetLabel = CATextLayer()
        budgetLabel.frame = CGRect(x: Self.graph.maxX - 60, y: Self.y(ms: Self.budgetMs) - 15, width: 58, height: 14)
        Self.style(budgetLabel, color: CGColor(red: 1, green: 0.45, blue: 0.45, alpha: 1), size: 10)
        budgetLabel.alignmentMode = .right
        budgetLabel.string = "8.3 ms"
        layer.addSublayer(budgetLabel)
        for (index, entry) in Self.series.enumerated() {
            let legend = CATextLayer()
            legend.frame = CGRect(x: Self.graph.minX + CGFloat(index) * 75, y: Self.graph.maxY + 4, width: 75, height: 14)
            Self.style(legend, color: entry.color, size: 10)
            legend.string = "■ " + entry.name
            layer.addSublayer(legend)
        }
    }

    private static func style(_ text: CATextLayer, color: CGColor, size: CGFloat = 12) {
        text.font = "DejaVu Sans Mono" as CFTypeRef
        text.fontSize = size
        text.foregroundColor = color
    }

    /// The graph's y (in its own space) of `ms` milliseconds, clamped to its range.
    static func y(ms: Double) -> CGFloat {
        let clamped = ms.isFinite ? min(max(ms, 0), rangeMs) : rangeMs
        return graph.height * CGFloat(1 - clamped / rangeMs)
    }

    /// Whether the panel shows.
    package var isVisible: Bool {
        get { !layer.isHidden }
        set { withoutActions { layer.isHidden = !newValue } }
    }

    /// Adds a drawn frame's timings, shown at system time `system`.
    package func record(_ timings: FrameTimings, at system: CFTimeInterval) {
        history.append(SIMD4(timings.evaluate, timings.tessellate, timings.encode, timings.gpu) * 1000)
        if history.count > Self.capacity { history.removeFirst(history.count - Self.capacity) }
        recentFrames.append(system)
        recentFrames.removeAll { system - $0 > 1 }
    }

    /// Redraws the graph and, at most four times a second (so its text is not laid out each frame), the status
    /// line: `clock` says the demo's time and the clock's state.
    package func refresh(at system: CFTimeInterval, clock: String) {
        guard isVisible else { return }
        withoutActions {
            redrawGraph()
            if system - lastStatusUpdate >= 0.25 {
                lastStatusUpdate = system
                let last = history.last.map { $0[0] + $0[1] + $0[2] + $0[3] } ?? 0
                status.string = String(format: "%3d fps %6.2f ms  %@", recentFrames.count, last, clock)
            }
        }
    }

    /// The stacked areas from the history: area k covers the running sum of the first 4 - k series.
    private func redrawGraph() {
        let step = Self.graph.width / CGFloat(Self.capacity - 1)
        let x0 = Self.graph.width - CGFloat(max(history.count - 1, 0)) * step
        for (k, area) in areas.enumerated() {
            let through = Self.series.count - 1 - k
            let path = CGMutablePath()
            path.move(to: CGPoint(x: x0, y: Self.graph.height))
            for (i, ms) in history.enumerated() {
                var sum = 0.0
                for s in 0...through { sum += ms[s] }
                path.addLine(to: CGPoint(x: x0 + CGFloat(i) * step, y: Self.y(ms: sum)))
            }
            path.addLine(to: CGPoint(x: Self.graph.width, y: Self.graph.height))
            path.closeSubpath()
            area.path = path
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
