import Foundation

/// Display P3 to sRGB: both use sRGB's transfer curve and D65 white, so a P3 colour is decoded to linear
/// light, mixed from the P3 primaries into sRGB's (the matrix is P3's RGB-to-XYZ followed by sRGB's
/// XYZ-to-RGB), and encoded again. Components outside sRGB's gamut come out below 0 or above 1.
enum DisplayP3 {
    /// Linear P3 to linear sRGB, rows for red, green, blue.
    static let toSRGB: [SIMD3<Double>] = [
        SIMD3(1.2249401, -0.2249404, 0.0),
        SIMD3(-0.0420569, 1.0420571, 0.0),
        SIMD3(-0.0196376, -0.0786361, 1.0982735),
    ]

    /// The sRGB components of a P3 colour (not clamped; NaN stays NaN for `CGColor` to read as 0).
    static func sRGB(red: CGFloat, green: CGFloat, blue: CGFloat) -> (red: CGFloat, green: CGFloat, blue: CGFloat) {
        let linear = SIMD3(decode(Double(red)), decode(Double(green)), decode(Double(blue)))
        let mixed = toSRGB.map { ($0 * linear).sum() }
        return (CGFloat(encode(mixed[0])), CGFloat(encode(mixed[1])), CGFloat(encode(mixed[2])))
    }

    /// sRGB's transfer curve to linear light, mirrored below 0 as extended sRGB does.
    static func decode(_ v: Double) -> Double {
        let a = abs(v)
        let linear = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -linear : linear
    }

    /// Linear light to sRGB's transfer curve, mirrored below 0.
    static func encode(_ v: Double) -> Double {
        let a = abs(v)
        let encoded = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -encoded : encoded
    }
}
