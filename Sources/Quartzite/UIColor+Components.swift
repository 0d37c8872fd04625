import Foundation

extension UIColor {
    /// A colour from hue, saturation and brightness (HSB, also called HSV), each in 0...1 (clamped; NaN
    /// reads 0), converted to sRGB by the standard hexcone formula: with h6 = 6 · hue, sector i = ⌊h6⌋,
    /// f = h6 - i, p = b(1 - s), q = b(1 - s f), t = b(1 - s(1 - f)), the colour is (b, t, p), (q, b, p),
    /// (p, b, t), (p, q, b), (t, p, b), (b, p, q) for i = 0...5. Hue 1 is red, as hue 0.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        func unit(_ x: CGFloat) -> Double { x.isNaN ? 0 : min(max(Double(x), 0), 1) }
        let s = unit(saturation), v = unit(brightness)
        // Hue 1 is the full circle, back at red.
        let h6 = unit(hue) >= 1 ? 0 : unit(hue) * 6
        let sector = Int(h6)
        let f = h6 - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: CGFloat(rgb.0), green: CGFloat(rgb.1), blue: CGFloat(rgb.2), alpha: alpha)
    }

    /// Writes the sRGB components (a grey's are all its white) and returns true, as UIKit does for colours
    /// in an RGB-compatible space, which every colour but a pattern colour is (for which it answers false and
    /// leaves the pointees unchanged). A nil pointer is skipped.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard !cgColor.isPattern else { return false }
        let c = cgColor.rgba
        red?.pointee = c[0]; green?.pointee = c[1]; blue?.pointee = c[2]; alpha?.pointee = c[3]
        return true
    }

    /// Writes hue, saturation and brightness (each in 0...1; hue 0 and saturation 0 for a grey, saturation 0
    /// for black) and the alpha, and returns true. The inverse of `init(hue:saturation:brightness:alpha:)`:
    /// brightness = max(r, g, b), saturation = (max - min) / max, hue from the sector of the largest
    /// component. A nil pointer is skipped; a pattern colour answers false and leaves the pointees unchanged.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard !cgColor.isPattern else { return false }
        let c = cgColor.rgba.map { Double($0) }
        let (r, g, b) = (c[0], c[1], c[2])
        let high = max(r, g, b), low = min(r, g, b), delta = high - low
        var h = 0.0
        if delta > 0 {
            if high == r { h = (g - b) / delta }
            else if high == g { h = 2 + (b - r) / delta }
            else { h = 4 + (r - g) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(high > 0 ? delta / high : 0)
        brightness?.pointee = CGFloat(high)
        alpha?.pointee = cgColor.rgba[3]
        return true
    }

    /// For a colour made as a grey (`init(white:alpha:)`, `.black`, `.gray`, ...): writes its white and alpha
    /// and returns true. Any other colour is not in a compatible colour space, as UIKit says of RGB
    /// colours: it returns false and leaves the pointees unchanged.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard isGrayscale else { return false }
        white?.pointee = cgColor.rgba[0]
        alpha?.pointee = cgColor.rgba[3]
        return true
    }
}
