import Foundation
import Testing
@testable import Quartzite

/// UIColor and CGColor spellings, against the component values UIKit documents for its class colours, the
/// Human Interface Guidelines' light-mode values for the system colours, and the closed-form HSB conversion.
@Suite struct UIColorTests {
    func rgba(_ c: UIColor) -> [Double] { doubles(c.cgColor.rgba) }
    func doubles(_ xs: [CGFloat]) -> [Double] { xs.map { Double($0) } }
    func close(_ a: [Double], _ b: [Double], _ tol: Double = 1e-12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test func classColoursHaveUIKitsComponents() {
        let expected: [(UIColor, [Double])] = [
            (.black, [0, 0, 0, 1]), (.darkGray, [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]),
            (.lightGray, [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]), (.white, [1, 1, 1, 1]), (.gray, [0.5, 0.5, 0.5, 1]),
            (.red, [1, 0, 0, 1]), (.green, [0, 1, 0, 1]), (.blue, [0, 0, 1, 1]), (.cyan, [0, 1, 1, 1]),
            (.yellow, [1, 1, 0, 1]), (.magenta, [1, 0, 1, 1]), (.orange, [1, 0.5, 0, 1]),
            (.purple, [0.5, 0, 0.5, 1]), (.brown, [0.6, 0.4, 0.2, 1]), (.clear, [0, 0, 0, 0]),
        ]
        for (colour, components) in expected { #expect(close(rgba(colour), components), "\(colour)") }
    }

    @Test func systemColoursHaveTheGuidelinesLightValues() {
        let expected: [(UIColor, [Double])] = [
            (.systemRed, [255, 59, 48, 255]), (.systemGreen, [52, 199, 89, 255]), (.systemBlue, [0, 122, 255, 255]),
            (.systemOrange, [255, 149, 0, 255]), (.systemYellow, [255, 204, 0, 255]),
            (.systemPink, [255, 45, 85, 255]), (.systemPurple, [175, 82, 222, 255]),
            (.systemTeal, [48, 176, 199, 255]), (.systemIndigo, [88, 86, 214, 255]),
            (.systemGray, [142, 142, 147, 255]), (.systemGray2, [174, 174, 178, 255]),
            (.systemGray3, [199, 199, 204, 255]), (.systemGray4, [209, 209, 214, 255]),
            (.systemGray5, [229, 229, 234, 255]), (.systemGray6, [242, 242, 247, 255]),
            (.systemBackground, [255, 255, 255, 255]), (.label, [0, 0, 0, 255]),
            (.secondaryLabel, [60, 60, 67, 0.6 * 255]), (.separator, [60, 60, 67, 0.29 * 255]),
        ]
        for (colour, components) in expected {
            #expect(close(rgba(colour), components.map { $0 / 255 }), "\(colour)")
        }
    }

    @Test func hueSaturationBrightnessIsTheHexcone() {
        // h6 = 3, f = 0: (p, q, b) with p = q = 0.8 · 0.5.
        #expect(close(rgba(UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 1)), [0.4, 0.8, 0.8, 1]))
        // 30 degrees, fully saturated: (1, 0.5, 0), UIKit's orange.
        #expect(close(rgba(UIColor(hue: 1.0 / 12, saturation: 1, brightness: 1, alpha: 0.5)), [1, 0.5, 0, 0.5]))
        // 300 degrees: magenta; hue 1 wraps to red; saturation 0 is a grey of the brightness.
        #expect(close(rgba(UIColor(hue: 5.0 / 6, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 1, 1]))
        #expect(close(rgba(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1]))
        #expect(close(rgba(UIColor(hue: 0.3, saturation: 0, brightness: 0.25, alpha: 1)), [0.25, 0.25, 0.25, 1]))
        // 200 degrees (sector 3, f = 1/3), s = 0.6, b = 0.9: p = 0.36, q = 0.9 (1 - 0.2) = 0.72.
        #expect(close(rgba(UIColor(hue: 200.0 / 360, saturation: 0.6, brightness: 0.9, alpha: 1)), [0.36, 0.72, 0.9, 1]))
    }

    @Test func getHueInvertsTheHexcone() {
        var h: CGFloat = -1, s: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        let colour = UIColor(hue: 200.0 / 360, saturation: 0.6, brightness: 0.9, alpha: 0.7)
        #expect(colour.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        let hsba: [Double] = [200.0 / 360, 0.6, 0.9, 0.7]
        #expect(close(doubles([h, s, b, a]), hsba))
        #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: &b, alpha: nil))
        let greyHSB: [Double] = [0, 0, 0.5]
        #expect(close(doubles([h, s, b]), greyHSB))
    }

    @Test func getRedAndGetWhite() {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor.orange.getRed(&r, green: &g, blue: &b, alpha: &a))
        let orange: [CGFloat] = [r, g, b, a]
        #expect(orange == [1, 0.5, 0, 1] as [CGFloat])
        #expect(UIColor.darkGray.getRed(&r, green: &g, blue: &b, alpha: &a))
        let third: [Double] = [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]
        #expect(close(doubles([r, g, b, a]), third))
        var w: CGFloat = -1, alpha: CGFloat = -1
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &alpha))
        #expect(w == 0.25)
        #expect(alpha == 0.5)
        // An RGB colour is not in a grey-compatible space: false, pointees untouched.
        w = -1; alpha = -1
        #expect(!UIColor.red.getWhite(&w, alpha: &alpha))
        #expect(w == -1)
        #expect(alpha == -1)
    }

    @Test func literalsAlphaCopiesAndCGColor() {
        let literal: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        #expect(close(rgba(literal), [1, 0.5, 0.25, 0.75]))
        #expect(close(rgba(UIColor.red.withAlphaComponent(0.3)), [1, 0, 0, 0.3], 1e-7))
        var w: CGFloat = 0
        #expect(UIColor.gray.withAlphaComponent(0.3).getWhite(&w, alpha: nil))
        #expect(w == 0.5)
        let cg = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(UIColor(cgColor: cg).cgColor == cg)
        #expect(cg.alpha == 0.8)
        #expect(cg.numberOfComponents == 4)
        #expect(cg.components == [0.2, 0.4, 0.6, 0.8] as [CGFloat])
        let copied: [CGFloat] = cg.copy(alpha: 0.1)?.components ?? []
        #expect(copied == [0.2, 0.4, 0.6, 0.1] as [CGFloat])
        let grey: [CGFloat] = CGColor(gray: 0.5, alpha: 1).components ?? []
        #expect(grey == [0.5, 0.5, 0.5, 1] as [CGFloat])
    }
}

/// Dynamic colours: what the provider answers for the traits they are resolved with; `cgColor` for the
/// current traits, light unless set.
@Suite(.serialized) struct DynamicColorTests {
    /// The system colours adapt: the guidelines' dark values for the dark appearance (labels and backgrounds
    /// swap, tints brighten), and a colour made from one with another alpha stays adaptive.
    @Test func systemColoursHaveTheGuidelinesDarkValues() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        func components(_ colour: UIColor) -> [Double] { colour.resolvedColor(with: dark).cgColor.rgba.map { Double($0) * 255 } }
        let expected: [(UIColor, [Double])] = [
            (.systemBackground, [0, 0, 0, 255]), (.label, [255, 255, 255, 255]), (.systemBlue, [10, 132, 255, 255]),
            (.systemRed, [255, 69, 58, 255]), (.secondarySystemGroupedBackground, [28, 28, 30, 255]),
            (.secondaryLabel, [235, 235, 245, 0.6 * 255]), (.systemGray6, [28, 28, 30, 255]),
        ]
        for (colour, values) in expected {
            #expect(zip(components(colour), values).allSatisfy { abs($0 - $1) < 0.6 }, "\(colour)")
        }
        let dimmed = UIColor.label.withAlphaComponent(0.5)
        #expect(components(dimmed) == [255, 255, 255, 127.5] && dimmed.cgColor == CGColor(gray: 0, alpha: 0.5))
    }

    @Test func aDynamicColourIsItsProvidersAnswerForTheTraits() {
        let label = UIColor { traits in traits.userInterfaceStyle == .dark ? .white : .black }
        #expect(label.cgColor == CGColor.black)
        #expect(label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
        #expect(UIColor.red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .red)
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(label.cgColor == CGColor.white)
        }
        #expect(UITraitCollection.current.userInterfaceStyle == .light && label.cgColor == CGColor.black)
    }
}
