import Foundation

/// A separable Gaussian blur of 8-bit alpha, in place: a row pass then a column pass with the normalised kernel
/// exp(-x² / 2σ²) out to 3σ, pixels beyond the edges reading as 0. Past `exactSigma` each pass is three box
/// blurs of widths whose variances sum to σ² (the central limit makes them a Gaussian within a few percent),
/// so a wide shadow costs what a narrow one does.
/// - Complexity: O(width x height x min(σ, exactSigma)).
enum GaussianBlur {
    /// The largest σ blurred with the exact kernel.
    static let exactSigma = 8.0

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
        guard sigma <= exactSigma else { return boxBlur(pixels, width: width, height: height, stride: stride, sigma: sigma) }
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

    /// The radii of three boxes whose variances sum to σ² as nearly as odd widths allow ("boxes for Gauss").
    static func boxRadii(sigma: Double) -> [Int] {
        let n = 3.0
        var lower = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let w = Double(lower)
        let wider = Int(((12 * sigma * sigma - n * w * w - 4 * n * w - 3 * n) / (-4 * w - 4)).rounded())
        return (0..<3).map { ($0 < wider ? lower : lower + 2) / 2 }
    }

    /// Three box blurs of each row, then of each column.
    private static func boxBlur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard width > 0, height > 0 else { return }
        let radii = boxRadii(sigma: sigma)
        var line = [Float](repeating: 0, count: max(width, height))
        var other = line
        for y in 0..<height {
            boxLine(pixels + y * stride, count: width, step: 1, radii: radii, line: &line, other: &other)
        }
        for x in 0..<width {
            boxLine(pixels + x, count: height, step: stride, radii: radii, line: &line, other: &other)
        }
    }

    /// One line through the three boxes (running sums; beyond the ends reads 0).
    private static func boxLine(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radii: [Int],
                                line: inout [Float], other: inout [Float]) {
        for i in 0..<count { line[i] = Float(start[i * step]) }
        for r in radii where r > 0 {
            let scale = 1 / Float(2 * r + 1)
            var sum: Float = 0
            for k in 0..<min(r, count) { sum += line[k] }
            for i in 0..<count {
                if i + r < count { sum += line[i + r] }
                if i - r - 1 >= 0 { sum -= line[i - r - 1] }
                other[i] = sum * scale
            }
            swap(&line, &other)
        }
        for i in 0..<count { start[i * step] = UInt8(min(max(line[i].rounded(), 0), 255)) }
    }
}
