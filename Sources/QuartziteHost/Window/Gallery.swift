import Foundation
import Quartzite

/// Every demo live in a grid of titled thumbnails: each thumbnail is the demo's own layer tree, built at its
/// preferred size and scaled to fit its cell, played by its own `DemoPlayer`. A demo whose script has ended
/// and that has settled starts again after a pause, so the grid stays alive. The selected cell is outlined.
@MainActor
package final class Gallery {
    /// The grid's layers (the window's background).
    package let layer = CALayer()
    private var cells: [Cell]
    /// The selected cell's index.
    package private(set) var selection = 0
    private var columns = 1

    private struct Cell {
        let type: any Demo.Type
        var player: DemoPlayer
        /// The cell: outline, thumbnail frame and title.
        let frame = CALayer()
        /// Clips the demo to its canvas and scales it into the cell.
        let fit = CALayer()
        let title = CATextLayer()
        /// When a settled demo starts again (media time); nil while it moves.
        var restartAt: CFTimeInterval?
    }

    /// Seconds a settled demo rests before it starts again.
    static let rest: CFTimeInterval = 1.5
    static let titleHeight: CGFloat = 20, gap: CGFloat = 8
    static let accent = CGColor(red: 0.36, green: 0.78, blue: 0.98, alpha: 1)

    /// A gallery of `types` on a canvas of `canvas` points, every demo started at media time `now`.
    package init(_ types: [any Demo.Type], canvas: CGSize, now: CFTimeInterval) {
        cells = types.map { type in
            Cell(type: type, player: DemoPlayer(type, size: type.preferredSize, startTime: now))
        }
        // Without actions: making the players commits the cells made before theirs, so these first values
        // would otherwise animate in from the defaults (the titles from 36 points, laid out again each frame).
        withoutActions {
            layer.backgroundColor = CGColor(red: 0.11, green: 0.12, blue: 0.15, alpha: 1)
            for cell in cells { build(cell) }
        }
        layout(canvas: canvas)
    }

    private func build(_ cell: Cell) {
        cell.frame.cornerRadius = 6
        cell.frame.backgroundColor = CGColor(red: 0.16, green: 0.17, blue: 0.21, alpha: 1)
        cell.fit.bounds = CGRect(origin: .zero, size: cell.type.preferredSize)
        cell.fit.masksToBounds = true
        cell.fit.addSublayer(cell.player.demo.rootLayer)
        cell.frame.addSublayer(cell.fit)
        cell.title.string = cell.type.name
        cell.title.fontSize = 13
        cell.title.alignmentMode = .center
        cell.title.truncationMode = .end
        cell.title.foregroundColor = CGColor(red: 0.85, green: 0.87, blue: 0.92, alpha: 1)
        cell.frame.addSublayer(cell.title)
        layer.addSublayer(cell.frame)
    }

    /// The demo types shown, in grid order.
    package var types: [any Demo.Type] { cells.map(\.type) }

    /// Lays the grid out for a canvas of `canvas` points: the number of columns whose cells hold the largest
    /// 4:3 thumbnail, each demo scaled to fit its cell whole.
    package func layout(canvas: CGSize) {
        let size = CGSize(width: max(canvas.width, 1), height: max(canvas.height, 1))
        columns = Self.bestColumns(count: cells.count, canvas: size)
        let rows = max((cells.count + columns - 1) / columns, 1)
        let cellSize = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        withoutActions {
            layer.frame = CGRect(origin: .zero, size: size)
            for (index, cell) in cells.enumerated() {
                let origin = CGPoint(x: CGFloat(index % columns) * cellSize.width, y: CGFloat(index / columns) * cellSize.height)
                let box = CGRect(origin: origin, size: cellSize).insetBy(dx: Self.gap / 2, dy: Self.gap / 2)
                cell.frame.frame = box
                let picture = CGRect(x: 4, y: 4, width: max(box.width - 8, 1), height: max(box.height - Self.titleHeight - 8, 1))
                let demo = cell.type.preferredSize
                let scale = min(picture.width / max(demo.width, 1), picture.height / max(demo.height, 1))
                cell.fit.position = CGPoint(x: picture.midX, y: picture.midY)
                cell.fit.transform = CATransform3DMakeScale(scale, scale, 1)
                cell.title.frame = CGRect(x: 4, y: box.height - Self.titleHeight - 2, width: max(box.width - 8, 1), height: Self.titleHeight)
            }
        }
        showSelection()
    }

    /// The column count for `count` cells on `canvas` whose cells fit the largest 4:3 box.
    static func bestColumns(count: Int, canvas: CGSize) -> Int {
        guard count > 1 else { return 1 }
        var best = 1, bestSide: CGFloat = 0
        for c in 1...count {
            let rows = (count + c - 1) / c
            let w = canvas.width / CGFloat(c), h = canvas.height / CGFloat(rows) - titleHeight
            let side = min(w, h * 4 / 3)
            if side > bestSide { (best, bestSide) = (c, side) }
        }
        return best
    }

    /// Runs every demo's script and update for the frame at media time `now`; a demo settled for `rest`
    /// seconds starts again.
    package func advance(to now: CFTimeInterval) {
        for index in cells.indices {
            if let at = cells[index].restartAt, now >= at {
                restart(index, at: now)
            }
            let player = cells[index].player
            player.advance(to: now - player.startTime)
        }
    }

    /// After the frame at `now`: the earliest media time any thumbnail changes (a settled demo's restart
    /// included), or nil.
    package func nextChange(after now: CFTimeInterval) -> CFTimeInterval? {
        var earliest: CFTimeInterval?
        for index in cells.indices {
            var next = cells[index].player.nextChange(after: now)
            if next == nil {
                let at = cells[index].restartAt ?? now + Self.rest
                cells[index].restartAt = at
                next = at
            } else {
                cells[index].restartAt = nil
            }
            if let next { earliest = min(earliest ?? next, next) }
        }
        return earliest
    }

    private func restart(_ index: Int, at now: CFTimeInterval) {
        let old = cells[index].player.demo.rootLayer
        let player = DemoPlayer(cells[index].type, size: cells[index].type.preferredSize, startTime: now)
        withoutActions {
            old.removeFromSuperlayer()
            cells[index].fit.addSublayer(player.demo.rootLayer)
        }
        cells[index].player = player
        cells[index].restartAt = nil
    }

    /// The index of the cell under `point` (canvas points), if any.
    package func index(at point: CGPoint) -> Int? {
        cells.firstIndex { $0.frame.frame.contains(point) }
    }

    /// Selects cell `index` (clamped to the grid).
    package func select(_ index: Int) {
        selection = min(max(index, 0), max(cells.count - 1, 0))
        showSelection()
    }

    /// Moves the selection by `dx` columns and `dy` rows.
    package func moveSelection(dx: Int, dy: Int) {
        let target = selection + dx + dy * columns
        if target >= 0 && target < cells.count { select(target) }
    }

    private func showSelection() {
        withoutActions {
            for (index, cell) in cells.enumerated() {
                cell.frame.borderWidth = index == selection ? 2 : 0
                cell.frame.borderColor = Self.accent
            }
        }
    }
}
