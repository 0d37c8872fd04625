import Foundation
import Quartzite

/// Meshes keyed by what determines them, so a frame in which nothing geometric changed tessellates nothing.
/// Entries unused for a while are dropped.
final class MeshCache {
    enum Key: Hashable {
        case fill(CGPath, CGPathFillRule, tolerance: CGFloat)
        case stroke(CGPath, StrokeStyle, tolerance: CGFloat)
        /// A layer's rounded bounds (`RoundedRectMesh`); the corners as CACornerMask's raw value.
        case roundedRect(CGRect, radius: CGFloat, corners: UInt, tolerance: CGFloat)
    }

    private var entries: [Key: (mesh: TriangleMesh, lastUsed: Int)] = [:]
    private var frame = 0
    /// Seconds spent tessellating since the last `beginFrame()`.
    private(set) var tessellationSeconds: Double = 0
    /// Meshes made since the last `beginFrame()`.
    private(set) var misses = 0

    func beginFrame() {
        frame += 1
        tessellationSeconds = 0
        misses = 0
        if frame % 120 == 0 { entries = entries.filter { frame - $0.value.lastUsed < 120 } }
    }

    func mesh(_ key: Key) -> TriangleMesh {
        if var hit = entries[key] {
            hit.lastUsed = frame
            entries[key] = hit
            return hit.mesh
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let mesh: TriangleMesh
        switch key {
        case .fill(let path, let rule, let tolerance): mesh = path.fillMesh(rule: rule, tolerance: tolerance)
        case .stroke(let path, let style, let tolerance): mesh = path.strokeMesh(style, tolerance: tolerance)
        case .roundedRect(let rect, let radius, let corners, let tolerance):
            mesh = RoundedRectMesh.make(rect, radius: radius, corners: CACornerMask(rawValue: corners), tolerance: tolerance)
        }
        tessellationSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        misses += 1
        entries[key] = (mesh, frame)
        return mesh
    }
}
