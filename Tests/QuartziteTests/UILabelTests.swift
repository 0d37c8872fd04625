import Foundation
import Testing
@testable import Quartzite

/// UILabel against UIKit's documented defaults, and against string drawing called directly: its sizes are
/// the text's bounding rectangle rounded up to whole points (as UIKit rounds a label's size), and its pixels
/// are the string drawn with `draw(with:options:context:)` at the vertically centred origin, each worked out
/// here from the string and the font's line height without the label.
@MainActor
@Suite(.serialized)
struct UILabelTests {
    let sentence = "The quick brown fox jumps over the lazy dog and keeps on running far away"

    @Test func defaultsAreUIKits() {
        let label = UILabel(frame: .zero)
        #expect(label.text == nil && label.attributedText == nil)
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.textColor == UIColor.label)
        #expect(label.textAlignment == .natural && label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail)
        #expect(label.isEnabled && !label.isHighlighted && label.highlightedTextColor == nil)
        #expect(label.shadowColor == nil && label.shadowOffset == CGSize(width: 0, height: -1))
        #expect(label.preferredMaxLayoutWidth == 0 && !label.adjustsFontSizeToFitWidth && label.minimumScaleFactor == 0)
        #expect(!label.isUserInteractionEnabled && label.contentMode == .redraw)
        #expect(label.intrinsicContentSize == .zero)
        label.font = nil
        label.textColor = nil
        #expect(label.font == UIFont.systemFont(ofSize: 17) && label.textColor == UIColor.label)
    }

    @Test func textAndAttributedTextAreOneValue() {
        let label = UILabel(frame: .zero)
        label.text = "plain"
        #expect(label.attributedText?.string == "plain")
        #expect(label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == label.font)
        label.attributedText = NSAttributedString(string: "styled", attributes: [.kern: 2])
        #expect(label.text == "styled")
        label.text = nil
        #expect(label.attributedText == nil)
    }

    @Test func theIntrinsicSizeIsTheBoundingRectRoundedUp() {
        let label = UILabel(frame: .zero)
        label.text = "Hello, label"
        let font = UIFont.systemFont(ofSize: 17)
        let rect = NSAttributedString(string: "Hello, label", attributes: [.font: font])
            .boundingRect(with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
                          options: .usesLineFragmentOrigin, context: nil)
        #expect(label.intrinsicContentSize == CGSize(width: ceil(rect.width), height: ceil(rect.height)))
        #expect(rect.width != ceil(rect.width) || rect.height != ceil(rect.height))
        label.sizeToFit()
        #expect(label.bounds.size == label.intrinsicContentSize)
    }

    @Test func twoLinesAreTwoLineHeightsTall() {
        let label = UILabel(frame: .zero)
        label.text = sentence
        label.numberOfLines = 2
        label.preferredMaxLayoutWidth = 120
        let lineHeight = UIFont.systemFont(ofSize: 17).lineHeight
        #expect(label.intrinsicContentSize.height == ceil(2 * lineHeight))
        #expect(label.intrinsicContentSize.width <= 120)
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize.height >= ceil(4 * lineHeight))
        label.numberOfLines = 1
        #expect(label.intrinsicContentSize.height == ceil(lineHeight))
        #expect(label.sizeThatFits(CGSize(width: 120, height: 1000)).width > 120)
    }

    @Test func aOneLineLabelIsTheStringDrawnAtTheCentredOrigin() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        label.text = "Hello, label"
        label.font = .systemFont(ofSize: 20)
        label.textColor = .black
        let string = NSAttributedString(string: "Hello, label", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        let height = ceil(UIFont.systemFont(ofSize: 20).lineHeight)
        let expected = pixels(CGSize(width: 200, height: 60)) {
            string.draw(with: CGRect(x: 0, y: (60 - height) / 2, width: 200, height: height), options: .usesLineFragmentOrigin, context: nil)
        }
        let drawn = pixels(of: label)
        #expect(differing(drawn, expected) == 0)
        #expect(drawn.contains { $0 != 0 })
    }

    @Test func twoCentredLinesEndInAnEllipsis() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 100))
        label.text = sentence
        label.numberOfLines = 2
        label.textAlignment = .center
        label.textColor = .black
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let string = NSAttributedString(string: sentence, attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let height = ceil(2 * UIFont.systemFont(ofSize: 17).lineHeight)
        let expected = pixels(CGSize(width: 150, height: 100)) {
            string.draw(with: CGRect(x: 0, y: (100 - height) / 2, width: 150, height: height),
                        options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        }
        #expect(differing(pixels(of: label), expected) == 0)
    }

    @Test func aShadowIsTheTextDrawnFirstAtTheOffsetInItsColour() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
        label.text = "Shadowed"
        label.textColor = .black
        label.shadowColor = .red
        label.shadowOffset = CGSize(width: 2, height: 3)
        let font = UIFont.systemFont(ofSize: 17)
        let height = ceil(font.lineHeight)
        let block = CGRect(x: 0, y: (40 - height) / 2, width: 160, height: height)
        let expected = pixels(CGSize(width: 160, height: 40)) {
            NSAttributedString(string: "Shadowed", attributes: [.font: font, .foregroundColor: UIColor.red])
                .draw(with: block.offsetBy(dx: 2, dy: 3), options: .usesLineFragmentOrigin, context: nil)
            NSAttributedString(string: "Shadowed", attributes: [.font: font])
                .draw(with: block, options: .usesLineFragmentOrigin, context: nil)
        }
        #expect(differing(pixels(of: label), expected) == 0)
    }

    @Test func aOneLineLabelTruncatesItsTailAtItsWidth() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 90, height: 30))
        label.text = sentence
        label.textColor = .black
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byTruncatingTail
        let font = UIFont.systemFont(ofSize: 17)
        let height = ceil(font.lineHeight)
        let expected = pixels(CGSize(width: 90, height: 30)) {
            NSAttributedString(string: sentence, attributes: [.font: font, .paragraphStyle: style])
                .draw(with: CGRect(x: 0, y: (30 - height) / 2, width: 90, height: height), options: .usesLineFragmentOrigin, context: nil)
        }
        #expect(differing(pixels(of: label), expected) == 0)
        #expect(label.sizeThatFits(CGSize(width: 90, height: 30)).width > 90)
    }

    @Test func aWrappingLabelOfTwoLinesIsCutAfterTheSecondWithoutAnEllipsis() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 100))
        label.text = sentence
        label.textColor = .black
        label.numberOfLines = 2
        label.lineBreakMode = .byWordWrapping
        let font = UIFont.systemFont(ofSize: 17)
        let height = ceil(2 * font.lineHeight)
        let top = (100 - height) / 2
        let expected = pixels(CGSize(width: 150, height: 100)) {
            UIGraphicsGetCurrentContext()?.clip(to: CGRect(x: 0, y: top, width: 150, height: height))
            NSAttributedString(string: sentence, attributes: [.font: font])
                .draw(with: CGRect(x: 0, y: top, width: 150, height: height), options: .usesLineFragmentOrigin, context: nil)
        }
        #expect(differing(pixels(of: label), expected) == 0)
        label.preferredMaxLayoutWidth = 150
        #expect(label.intrinsicContentSize.height == height)
    }

    @Test func shrinkingToFitDrawsTheFontScaledToTheWidthDownToTheMinimum() {
        let text = "Hello, label"
        let natural = NSAttributedString(string: text, attributes: [.font: UIFont.systemFont(ofSize: 20)])
            .boundingRect(with: CGSize(width: 10_000, height: 10_000), options: .usesLineFragmentOrigin, context: nil).width
        for minimum in [0.1, 0.9] as [CGFloat] {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            label.text = text
            label.textColor = .black
            label.font = .systemFont(ofSize: 20)
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = minimum
            let font = UIFont.systemFont(ofSize: 20 * max(60 / natural, minimum))
            let style = NSMutableParagraphStyle()
            style.lineBreakMode = .byTruncatingTail
            let height = ceil(font.lineHeight)
            let expected = pixels(CGSize(width: 60, height: 40)) {
                NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])
                    .draw(with: CGRect(x: 0, y: (40 - height) / 2, width: 60, height: height), options: .usesLineFragmentOrigin, context: nil)
            }
            #expect(differing(pixels(of: label), expected) == 0, "minimum \(minimum)")
        }
    }

    @Test func changesAskForDisplay() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        let changes: [(UILabel) -> Void] = [
            { $0.text = "a" }, { $0.font = .systemFont(ofSize: 9) }, { $0.textColor = .red },
            { $0.textAlignment = .right }, { $0.numberOfLines = 3 }, { $0.isEnabled = false },
            { $0.attributedText = NSAttributedString(string: "b") }, { $0.shadowColor = .gray },
        ]
        for change in changes {
            label.layer.displayIfNeeded()
            #expect(!label.layer.needsDisplay())
            change(label)
            #expect(label.layer.needsDisplay())
        }
    }

    @Test func aDisabledLabelDrawsGreyAndAHighlightedOneItsHighlightColour() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "MMMM"
        label.font = .boldSystemFont(ofSize: 30)
        let full = { (rgba: [UInt8]) in stride(from: 0, to: rgba.count, by: 4).compactMap { rgba[$0 + 3] == 255 ? Array(rgba[$0 ..< $0 + 3]) : nil } }
        #expect(Set(full(pixels(of: label)).map { $0 }) == [[0, 0, 0]])
        label.isEnabled = false
        let grey = full(pixels(of: label))
        #expect(!grey.isEmpty && grey.allSatisfy { $0[0] > 100 && $0[0] < 180 && $0[0] == $0[1] })
        label.isEnabled = true
        label.highlightedTextColor = .red
        label.isHighlighted = true
        #expect(Set(full(pixels(of: label))) == [[255, 0, 0]])
    }

    @Test func hostileInputDoesNotCrash() {
        let label = UILabel(frame: CGRect(x: CGFloat.nan, y: 0, width: .infinity, height: -4))
        label.text = sentence
        label.numberOfLines = -3
        label.minimumScaleFactor = .nan
        label.adjustsFontSizeToFitWidth = true
        label.shadowColor = .gray
        label.shadowOffset = CGSize(width: CGFloat.nan, height: 1)
        _ = label.intrinsicContentSize
        _ = label.sizeThatFits(CGSize(width: -1, height: CGFloat.nan))
        _ = label.textRect(forBounds: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 3), limitedToNumberOfLines: -1)
        label.frame = CGRect(x: 0, y: 0, width: 0, height: 0)
        _ = pixels(of: UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
        label.font = .systemFont(ofSize: CGFloat.nan)
        label.text = "x"
        _ = label.intrinsicContentSize
        let long = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        long.text = String(repeating: "word ", count: 40_000)
        long.numberOfLines = Int.max
        _ = long.intrinsicContentSize
        _ = pixels(of: long)
    }
}
