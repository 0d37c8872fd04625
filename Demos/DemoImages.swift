import Foundation
import Quartzite
import QuartziteRender

/// Pictures the demos show, embedded in the binary at build time.
@MainActor
enum DemoImages {
    /// A 320x320 picture the project draws itself (scripts/make-demo-image.py): four coloured quadrants
    /// with a sun and hills. nil (reported) if it cannot be decoded, so the demo still runs.
    static let landscape: CGImage? = {
        do {
            return try CGImage(imageData: Data(PackageResources.landscape_png))
        } catch {
            Diagnostics.report("the demo picture could not be decoded: \(error)")
            return nil
        }
    }()
}
