import Foundation
import Testing
@testable import Quartzite

/// Past σ = 8 pixels a CGContext shadow's blur is three box blurs whose variances sum to σ²: the same picture as
/// the exact Gaussian within a few levels, at a cost that does not grow with σ.
@Suite struct WideBlurTests {
    @Test(arguments: [12.0, 30.0, 64.0])
    func threeBoxesAreTheGaussianWithinAFewLevels(sigma: Double) {
        let radii = GaussianBlur.boxRadii(sigma: sigma)
        let variance = radii.reduce(0.0) { $0 + Double((2 * $1 + 1) * (2 * $1 + 1) - 1) / 12 }
        #expect(abs(variance.squareRoot() - sigma) < 0.5, "\(radii)")
        // A bright vertical bar 40 pixels wide in a 600 x 500 image: its middle row (far from the top and bottom,
        // where the column pass leaves it as it is) against the exact kernel's row profile.
        let (width, height) = (600, 500)
        var image = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 280..<320 { image[y * width + x] = 255 } }
        image.withUnsafeMutableBufferPointer { GaussianBlur.blur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
        let boxed = Array(image[(height / 2) * width ..< (height / 2 + 1) * width])
        let kernel = GaussianBlur.kernel(sigma: sigma), r = kernel.count / 2
        let exact = (0..<width).map { i -> UInt8 in
            let sum = (max(0, i - r)...min(width - 1, i + r)).reduce(Float(0)) { $0 + (($1 >= 280 && $1 < 320) ? 255 : 0) * kernel[$1 - i + r] }
            return UInt8(min(max(sum.rounded(), 0), 255))
        }
        let worst = zip(boxed, exact).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 6, "σ \(sigma): worst difference \(worst) levels")
    }
}
