import Foundation

/// A separable Gaussian blur of 8-bit alpha, in place: a row pass then a column pass with the normalised kernel
/// exp(-x² / 2σ²) out to 3σ, pixels beyond the edges reading as 0.
/// - Complexity: O(width x height x σ).
enum GaussianBlur {
    /// The normalised kernel weights from -radius to radius; a single 1 for σ too small to blur.
    static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0.01 else { return [1] }
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return weights.map { Float($0 / total) }
    }

    /// Blurs `pixels` (`height` rows of `stride` bytes, `width` used) by σ.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let weights = kernel(sigma: sigma)
        guard weights.count > 1, width > 0, height > 0 else { return }
        var line = [Float](repeating: 0, count: max(width, height))
        for y in 0..<height {
            blurLine(pixels + y * stride, count: width, step: 1, weights: weights, scratch: &line)
        }
        for x in 0..<width {
            blurLine(pixels + x, count: height, step: stride, weights: weights, scratch: &line)
        }
    }

    /// Blurs `count` samples `step` bytes apart.
    private static func blurLine(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, weights: [Float],
                                 scratch line: inout [Float]) {
        for i in 0..<count { line[i] = Float(start[i * step]) }
        let radius = weights.count / 2
        for i in 0..<count {
            var sum: Float = 0
            for k in max(0, i - radius)...min(count - 1, i + radius) { sum += line[k] * weights[k - i + radius] }
            start[i * step] = UInt8(min(max(sum.rounded(), 0), 255))
        }
    }
}
