import Foundation
import ArgumentParser

/// A canvas size written as WIDTHxHEIGHT in points.
struct CanvasSize: ExpressibleByArgument {
    let width: Double
    let height: Double
    var cgSize: CGSize { CGSize(width: width, height: height) }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else { return nil }
        width = w.rounded()
        height = h.rounded()
    }

    static var defaultValueDescription: String { "the demo's own size" }
}

/// Checks shared by the commands; each failure is one line and exit status 2.
enum Check {
    static func time(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0, value <= 86_400 else {
            throw ValidationError("\(name) must be a time in seconds from 0 to 86400, not \(value)")
        }
    }

    static func scale(_ value: Double) throws {
        guard value.isFinite, value > 0, value <= 8 else {
            throw ValidationError("--scale must be a number above 0 and at most 8, not \(value)")
        }
    }
}
