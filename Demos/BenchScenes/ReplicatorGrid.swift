import Foundation
import Quartzite

/// A grid of pulsing rounded squares filling a canvas, built two ways that show the same picture: from two
/// nested `CAReplicatorLayer`s around one square with one animation (rows delayed and redder to paler down,
/// columns delayed and bluer to yellower across), and by hand, one layer per cell with its own animation
/// begun at its copy's delay and its own colour. `quartzite bench replicator` times the two against each
/// other; a test requires the same pixels.
public enum ReplicatorGrid {
    /// The grid's cell, in points.
    public static let cell: CGFloat = 32
    /// Each row's and each column's delay behind the one before.
    public static let rowDelay: CFTimeInterval = 0.05, columnDelay: CFTimeInterval = 0.03
    /// The square's colour before the copies' tints.
    static let base = (red: 0.95, green: 0.75, blue: 0.35)

    /// Columns and rows that fill `size`.
    public static func dimensions(of size: CGSize) -> (columns: Int, rows: Int) {
        (max(1, Int(size.width / cell)), max(1, Int(size.height / cell)))
    }

    /// The per-copy colour offsets that take the last row's red and the last column's blue to a quarter.
    static func offsets(columns: Int, rows: Int) -> (red: Float, blue: Float) {
        (-0.75 / Float(max(rows - 1, 1)), -0.75 / Float(max(columns - 1, 1)))
    }

    /// The grid from two replicators: one square, one animation.
    @MainActor
    public static func replicated(size: CGSize) -> CALayer {
        let (columns, rows) = dimensions(of: size)
        let offsets = offsets(columns: columns, rows: rows)
        let down = CAReplicatorLayer()
        down.frame = CGRect(origin: .zero, size: size)
        down.instanceCount = rows
        down.instanceTransform = CATransform3DMakeTranslation(0, cell, 0)
        down.instanceDelay = rowDelay
        down.instanceRedOffset = offsets.red
        let across = CAReplicatorLayer()
        across.frame = down.bounds
        across.instanceCount = columns
        across.instanceTransform = CATransform3DMakeTranslation(cell, 0, 0)
        across.instanceDelay = columnDelay
        across.instanceBlueOffset = offsets.blue
        let square = square(at: CGPoint(x: cell / 2, y: cell / 2),
                            color: CGColor(red: base.red, green: base.green, blue: base.blue, alpha: 1))
        square.add(pulse(), forKey: "pulse")
        across.addSublayer(square)
        down.addSublayer(across)
        return down
    }

    /// The same grid, one layer and one animation per cell: cell (r, c) begins its pulse r x rowDelay +
    /// c x columnDelay late and has the copies' tints multiplied into its colour.
    @MainActor
    public static func handBuilt(size: CGSize) -> CALayer {
        let (columns, rows) = dimensions(of: size)
        let offsets = offsets(columns: columns, rows: rows)
        let grid = CALayer()
        grid.frame = CGRect(origin: .zero, size: size)
        for row in 0..<rows {
            for column in 0..<columns {
                let red = min(max(1 + Double(offsets.red) * Double(row), 0), 1)
                let blue = min(max(1 + Double(offsets.blue) * Double(column), 0), 1)
                let centre = CGPoint(x: cell * (CGFloat(column) + 0.5), y: cell * (CGFloat(row) + 0.5))
                let square = square(at: centre, color: CGColor(red: base.red * red, green: base.green,
                                                               blue: base.blue * blue, alpha: 1))
                let pulse = pulse()
                pulse.beginTime = Double(row) * rowDelay + Double(column) * columnDelay
                square.add(pulse, forKey: "pulse")
                grid.addSublayer(square)
            }
        }
        return grid
    }

    private static func square(at centre: CGPoint, color: CGColor) -> CALayer {
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: cell * 0.7, height: cell * 0.7)
        square.position = centre
        square.cornerRadius = cell * 0.15
        square.backgroundColor = color
        return square
    }

    /// Shrinks to 0.3 and back over 1.6 s, forever.
    private static func pulse() -> CABasicAnimation {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 0.3
        pulse.duration = 0.8
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return pulse
    }
}
