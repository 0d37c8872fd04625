import Foundation
import ArgumentParser
import QuartziteHost
import QuartziteDemos

/// A canvas size written as WIDTHxHEIGHT in points.
struct CanvasSize {
    let width: Double
    let height: Double
    var cgSize: CGSize { CGSize(width: width, height: height) }

    /// Parses WIDTHxHEIGHT; a refusal says what is wrong with it.
    static func parse(_ argument: String) throws -> CanvasSize {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ValidationError("write it as WIDTHxHEIGHT in points, such as 320x240")
        }
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw ValidationError("width and height must each be from 1 to 16384 points")
        }
        return CanvasSize(width: w.rounded(), height: h.rounded())
    }
}

/// Checks shared by the commands; each failure is one line and exit status 2.
enum Check {
    /// `--count`: within `BenchSceneCount.range`, and only for a scene whose element count can change.
    static func sceneCount(_ count: Int, of name: String) throws {
        let range = MainActor.assumeIsolated { BenchSceneCount.range }
        guard range.contains(count) else {
            throw ValidationError("--count must be \(range.lowerBound) to \(range.upperBound), not \(count)")
        }
        let scaling = MainActor.assumeIsolated {
            DemoCatalog.benchScenes.filter { $0.defaultCount != nil }.map { $0.name }
        }
        guard scaling.contains(name) else {
            throw ValidationError("--count applies only to the scenes whose element count can change (\(scaling.joined(separator: ", "))), not \(name)")
        }
    }

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

/// A scripted pointer event written as TIME,PHASE,X,Y: demo time in seconds, `down`, `move` or `up`, and the
/// location in window points (`--pointer 1.5,down,160,100`).
enum PointerArgument {
    /// Parses TIME,PHASE,X,Y; a refusal says what is wrong with it.
    static func parse(_ argument: String) throws -> ScriptedPointer {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let phases: [String: PointerEvent.Phase] = ["down": .down, "move": .moved, "up": .up]
        guard parts.count == 4, let time = Double(parts[0]), let phase = phases[parts[1].lowercased()],
              let x = Double(parts[2]), let y = Double(parts[3]) else {
            throw ValidationError("write it as TIME,PHASE,X,Y with PHASE down, move or up, such as 1.5,down,160,100")
        }
        guard time.isFinite, time >= 0, time <= 86_400 else {
            throw ValidationError("its time must be in seconds from 0 to 86400, not \(time)")
        }
        guard x.isFinite, y.isFinite, abs(x) <= 16384, abs(y) <= 16384 else {
            throw ValidationError("its location must be window points from -16384 to 16384, not \(x),\(y)")
        }
        return ScriptedPointer(time: time, event: PointerEvent(phase: phase, location: CGPoint(x: x, y: y)))
    }
}
