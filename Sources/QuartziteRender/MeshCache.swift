import Foundation
import Quartzite

/// Meshes keyed by what determines them, so a frame in which nothing geometric changed tessellates nothing.
/// Meshes unused for a while (one to two generations) are dropped.
final class MeshCache {
    enum Key: Hashable {
        case fill(CGPath, CGPathFillRule, tolerance: CGFloat)
        case stroke(CGPath, StrokeStyle, tolerance: CGFloat)
        /// A stroke's union with its outline, for coverage antialiasing (`CGPath.strokeCoverageMesh`).
        case strokeCoverage(CGPath, StrokeStyle, tolerance: CGFloat)
        /// A layer's rounded bounds (`RoundedRectMesh`); the corners as CACornerMask's raw value.
        case roundedRect(CGRect, radius: CGFloat, corners: UInt, tolerance: CGFloat)
    }

    /// Two generations: meshes used since the last turnover, and those used in the one before. A lookup that
    /// finds a mesh in the old generation moves it to the new one; a turnover drops the old generation whole.
    /// (Filtering one dictionary by last use cost a long frame every so often when every frame brings new
    /// paths, as S3's polylines do: 120 frames of them, 120,000 meshes, filtered at once.)
    private var current: [Key: TriangleMesh] = [:]
    private var previous: [Key: TriangleMesh] = [:]
    private var frame = 0
    /// Seconds spent tessellating since the last `beginFrame()`.
    private(set) var tessellationSeconds: Double = 0
    /// Meshes made since the last `beginFrame()`.
    private(set) var misses = 0
    /// Lookups since the last `beginFrame()`.
    private var lookups = 0
    /// Frames between turnovers; the new generation also turns over once it holds this many meshes beyond
    /// twice a frame's lookups (so a frame's own working set never turns over every frame).
    static let generationFrames = 60, generationSlack = 4096

    func beginFrame() {
        frame += 1
        tessellationSeconds = 0
        let limit = Self.generationSlack + 2 * lookups
        misses = 0
        lookups = 0
        if frame % Self.generationFrames == 0 || current.count > limit {
            previous = current
            current = [:]
        }
    }

    /// Meshes held now (both generations).
    var count: Int { current.count + previous.count }

    func mesh(_ key: Key) -> TriangleMesh {
        lookups += 1
        if let hit = current[key] { return hit }
        if let old = previous.removeValue(forKey: key) {
            current[key] = old
            return old
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let mesh: TriangleMesh
        switch key {
        case .fill(let path, let rule, let tolerance): mesh = path.fillMesh(rule: rule, tolerance: tolerance)
        case .stroke(let path, let style, let tolerance): mesh = path.strokeMesh(style, tolerance: tolerance)
        case .strokeCoverage(let path, let style, let tolerance): mesh = path.strokeCoverageMesh(style, tolerance: tolerance)
        case .roundedRect(let rect, let radius, let corners, let tolerance):
            mesh = RoundedRectMesh.make(rect, radius: radius, corners: CACornerMask(rawValue: corners), tolerance: tolerance)
        }
        tessellationSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        misses += 1
        current[key] = mesh
        return mesh
    }
}
