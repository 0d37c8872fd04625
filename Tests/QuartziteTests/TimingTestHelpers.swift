import Foundation
import Quartzite

/// |a - b| <= tol.
func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// A row of a timing table: parent time, and the expected fraction (nil = no effect),
/// completed iterations and direction.
struct Row: CustomStringConvertible {
    var t: Double
    var fraction: Double?
    var iteration = 0
    var reversed = false
    var description: String { "t=\(t) -> \(fraction.map { "\($0)" } ?? "nil") it \(iteration)\(reversed ? " rev" : "")" }
}

/// Checks every row of a table against `timing.progress(atParentTime:)`; returns the failing rows.
func failures(_ timing: MediaTiming, _ rows: [Row], tol: Double = 1e-9) -> [String] {
    rows.compactMap { row in
        let p = timing.progress(atParentTime: row.t)
        switch (row.fraction, p) {
        case (nil, nil): return nil
        case let (f?, p?) where close(p.fraction, f, tol) && p.iteration == row.iteration && p.isReversed == row.reversed:
            return nil
        default: return "\(row) but got \(p.map { "\($0)" } ?? "nil")"
        }
    }
}
