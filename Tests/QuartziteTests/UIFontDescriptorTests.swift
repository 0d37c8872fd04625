import Foundation
import Testing
@testable import Quartzite

/// `UIFontDescriptor` against fontconfig itself: the face a trait or design gives is the face `fc-match`
/// picks for the same request (compared by PostScript name, read from the font file Pango loads), and a
/// trait no installed face has is nil.
@Suite struct UIFontDescriptorTests {
    /// fontconfig's PostScript name for a pattern such as "DejaVu Sans:bold", asked of `fc-match` (empty when
    /// it cannot run).
    func fcMatch(_ pattern: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{postscriptname}", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    let system = UIFont.systemFont(ofSize: 17).fontDescriptor

    @Test func traitsGiveTheFacesFontconfigMatches() throws {
        let cases: [(UIFontDescriptor.SymbolicTraits, String)] = [
            (.traitBold, "DejaVu Sans:bold"), (.traitItalic, "DejaVu Sans:italic"),
            ([.traitBold, .traitItalic], "DejaVu Sans:bold:italic"), (.traitCondensed, "DejaVu Sans:condensed"),
            ([.traitCondensed, .traitBold], "DejaVu Sans:condensed:bold"),
        ]
        for (traits, pattern) in cases {
            let descriptor = try #require(system.withSymbolicTraits(traits), "\(pattern)")
            let expected = fcMatch(pattern)
            #expect(!expected.isEmpty && descriptor.postscriptName == expected, "\(pattern)")
            #expect(UIFont(descriptor: descriptor, size: 0).fontDescriptor.postscriptName == expected)
            #expect(descriptor.symbolicTraits.isSuperset(of: traits), "\(pattern)")
        }
        #expect(try #require(system.withSymbolicTraits(.traitBold)).postscriptName == "DejaVuSans-Bold")
    }

    @Test func aTraitNoFaceHasIsNil() throws {
        #expect(system.withSymbolicTraits(.traitExpanded) == nil)
        #expect(system.withSymbolicTraits(.traitMonoSpace) == nil)
        #expect(system.withSymbolicTraits([.traitCondensed, .traitExpanded]) == nil)
        let mono = UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontDescriptor
        #expect(mono.symbolicTraits.contains(.traitMonoSpace))
        #expect(try #require(mono.withSymbolicTraits([.traitMonoSpace, .traitBold])).postscriptName == fcMatch("DejaVu Sans Mono:bold"))
        // DejaVu Sans Mono has no condensed face.
        #expect(mono.withSymbolicTraits(.traitCondensed) == nil)
    }

    @Test func traitsReplaceTheFacesOwn() throws {
        let bold = UIFont.boldSystemFont(ofSize: 14).fontDescriptor
        #expect(bold.symbolicTraits.contains(.traitBold) && !system.symbolicTraits.contains(.traitBold))
        let plain = try #require(bold.withSymbolicTraits([]))
        #expect(plain.postscriptName == "DejaVuSans" && plain.pointSize == 14)
        #expect(try #require(bold.withSymbolicTraits(.traitItalic)).postscriptName == fcMatch("DejaVu Sans:italic"))
        #expect(UIFont.italicSystemFont(ofSize: 9).fontDescriptor.symbolicTraits.contains(.traitItalic))
    }

    @Test func designsAreTheDejaVuFamilies() throws {
        #expect(try #require(system.withDesign(.serif)).postscriptName == fcMatch("DejaVu Serif"))
        #expect(try #require(system.withDesign(.monospaced)).postscriptName == fcMatch("DejaVu Sans Mono"))
        #expect(try #require(system.withDesign(.default)).postscriptName == "DejaVuSans")
        // No rounded face: the default design stands in.
        #expect(try #require(system.withDesign(.rounded)).postscriptName == "DejaVuSans")
        let boldSerif = try #require(system.withSymbolicTraits(.traitBold)?.withDesign(.serif))
        #expect(boldSerif.postscriptName == fcMatch("DejaVu Serif:bold"))
        #expect(try #require(system.withDesign(.serif)?.withSymbolicTraits(.traitItalic)).postscriptName == fcMatch("DejaVu Serif:italic"))
    }

    @Test func attributesNameFamilyWeightAndSize() throws {
        let serif = system.addingAttributes([.family: "DejaVu Serif", .traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.bold]])
        #expect(serif.postscriptName == "DejaVuSerif-Bold" && serif.pointSize == 17)
        let light = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans", .size: 20,
                                                      .traits: [UIFontDescriptor.TraitKey.weight: -0.4]])
        #expect(light.pointSize == 20 && light.postscriptName == fcMatch("DejaVu Sans:light"))
        let named = UIFontDescriptor(name: "DejaVu Serif-BoldItalic", size: 11)
        #expect(named.postscriptName == "DejaVuSerif-BoldItalic" && named.pointSize == 11)
        #expect(named.withSize(30).pointSize == 30 && named.withSize(30).postscriptName == named.postscriptName)
        #expect(UIFont(descriptor: named, size: 0).pointSize == 11 && UIFont(descriptor: named, size: 8).pointSize == 8)
        #expect(named.fontAttributes[.family] as? String == "DejaVu Serif")
        #expect(named.fontAttributes[.size] as? CGFloat == 11)
    }

    @Test func preferredDescriptorsAreTheStylesFonts() throws {
        let headline = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        #expect(headline.pointSize == 17 && headline.symbolicTraits.contains(.traitBold))
        #expect(UIFont(descriptor: headline, size: 0) == UIFont.preferredFont(forTextStyle: .headline))
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .caption1).pointSize == 12)
        // An unknown style is body.
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: UIFont.TextStyle(rawValue: "nonsense")).pointSize == 17)
    }

    /// Apple: `withDesign` gives "the new font descriptor, if the original font descriptor is from a system
    /// UI font; otherwise, nil".
    @Test func onlySystemFontsTakeADesign() {
        #expect(UIFontDescriptor(name: "Courier", size: 12).withDesign(.serif) == nil)
        #expect(UIFontDescriptor(name: "DejaVu Serif-Bold", size: 12).withDesign(.monospaced) != nil)
        #expect(UIFont.boldSystemFont(ofSize: 12).fontDescriptor.withDesign(.serif) != nil)
    }

    /// A text style stays with the font it made, and an attributes dictionary naming one describes that
    /// style's font (its size and weight) unless it says otherwise.
    @Test func textStylesTravelWithTheirFonts() throws {
        let headline = UIFont.preferredFont(forTextStyle: .headline)
        let style = headline.fontDescriptor.fontAttributes[.textStyle] as? String
        #expect(style == UIFont.TextStyle.headline.rawValue)
        let described = UIFontDescriptor(fontAttributes: [.textStyle: UIFont.TextStyle.headline])
        #expect(described.pointSize == 17 && described.symbolicTraits.contains(.traitBold))
        #expect(UIFont(descriptor: described, size: 0) == headline)
        #expect(UIFontDescriptor(fontAttributes: [.textStyle: UIFont.TextStyle.title1, .size: 40]).pointSize == 40)
        #expect(UIFontDescriptor(fontAttributes: [:]).pointSize == 0)
    }

    @Test func hostileValuesDoNotCrash() {
        #expect(UIFontDescriptor(name: "DejaVu Sans", size: .nan).pointSize == 0)
        #expect(UIFontDescriptor(name: "DejaVu Sans", size: -5).pointSize == 0)
        #expect(UIFontDescriptor(name: "", size: .infinity).pointSize == 0)
        let odd = system.addingAttributes([.size: "big", .traits: [UIFontDescriptor.TraitKey.weight: CGFloat.nan,
                                                                  UIFontDescriptor.TraitKey.symbolic: -1.5]])
        #expect(odd.pointSize == 17)
        #expect(UIFont(descriptor: UIFontDescriptor(name: "No Such Family-Bold", size: 12), size: .nan).pointSize == 12)
        _ = UIFontDescriptor(name: "No Such Family", size: 12).withSymbolicTraits(.traitBold)
    }
}
