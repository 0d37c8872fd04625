import Foundation
import Testing
@testable import Quartzite

/// Swift's `AttributedString` with UIKit's attribute scope, turned into an `NSAttributedString` that draws
/// as the same string built with `NSAttributedString.Key`s does.
@Suite struct AttributedStringUIKitTests {
    @Test func uiKitAttributesBecomeTheirKeys() throws {
        var string = AttributedString("Hello ")
        string.font = UIFont.boldSystemFont(ofSize: 20)
        string.foregroundColor = .red
        string.kern = 1.5
        string.underlineStyle = .single
        var tail = AttributedString("wörld 😀")
        tail.strikethroughStyle = .double
        tail.baselineOffset = 3
        tail.backgroundColor = .yellow
        tail.link = URL(string: "https://example.com")
        let shadow = NSShadow()
        shadow.shadowBlurRadius = 2
        tail.shadow = shadow
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .center
        tail.paragraphStyle = paragraph
        string.append(tail)
        let converted = NSAttributedString(string)
        #expect(converted.string == "Hello wörld 😀" && converted.length == ("Hello wörld 😀" as NSString).length)
        var range = NSRange()
        let head = converted.attributes(at: 0, effectiveRange: &range)
        #expect(range == NSRange(location: 0, length: 6))
        #expect(head[.font] as? UIFont == UIFont.boldSystemFont(ofSize: 20))
        #expect(head[.foregroundColor] as? UIColor == .red && head[.kern] as? CGFloat == 1.5)
        #expect(head[.underlineStyle] as? Int == NSUnderlineStyle.single.rawValue)
        let rest = converted.attributes(at: 7, effectiveRange: &range)
        #expect(range == NSRange(location: 6, length: converted.length - 6))
        #expect(rest[.strikethroughStyle] as? Int == 9 && rest[.baselineOffset] as? CGFloat == 3)
        #expect(rest[.backgroundColor] as? UIColor == .yellow && rest[.link] as? URL == URL(string: "https://example.com"))
        #expect((rest[.shadow] as? NSShadow)?.shadowBlurRadius == 2)
        #expect((rest[.paragraphStyle] as? NSParagraphStyle)?.alignment == .center)
    }

    @Test func itDrawsAsTheSameNSAttributedString() throws {
        var string = AttributedString("Quartzite")
        string.font = UIFont.systemFont(ofSize: 24)
        string.kern = 2
        let built = NSAttributedString(string: "Quartzite", attributes: [.font: UIFont.systemFont(ofSize: 24), .kern: 2])
        #expect(NSAttributedString(string).size() == built.size())
        #expect(TextContent(NSAttributedString(string)) == TextContent(built))
        #expect(NSAttributedString(AttributedString()).length == 0)
    }
}
