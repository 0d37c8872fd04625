import Foundation
import Quartzite
import QuartziteHost

/// Every demo, in the order `quartzite list` prints them (the first is the default).
@MainActor
public enum DemoCatalog {
    /// The demo types.
    public static let all: [any Demo.Type] = [CircularLoaderDemo.self, GradientRingDemo.self, ConicGradientRingDemo.self]

    /// The demo with this name, or nil.
    public static func demo(named name: String) -> (any Demo.Type)? {
        all.first { $0.name == name }
    }

    /// The names, for error messages.
    public static var names: [String] { all.map { $0.name } }
}
