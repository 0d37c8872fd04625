import Foundation
import Quartzite

// Text layers with hostile strings (empty, long, right to left, combining, control characters, values that are
// not strings, attributed strings with hostile kerns), fonts (unknown names, odd suffixes, values that are not
// fonts), sizes, bounds, scales and modes, some with an animated font size: drawn at a few times, the display
// list must stay finite and the frame intact.

extension FuzzCase {
    /// One to three hostile text layers side by side.
    func runTextCase() {
        let holder = CALayer()
        run("let holder = CALayer(); holder.frame = CGRect(x: 0, y: 0, width: 120, height: 120)") {
            holder.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        }
        for i in 0..<(1 + rng.below(3)) {
            let label = textLayer("t\(i)")
            run("holder.addSublayer(t\(i))") { holder.addSublayer(label) }
        }
        stage.show(holder, at: [0, rng.unit(), Double(rng.number(hostile: 4))], in: self, finitePresentation: false)
        check(fontProblem(), "a plain label after the case")
    }

    /// Why a plain label draws nothing, or nil: a hostile size can leave a font's face failed for every
    /// later text in the process.
    private func fontProblem() -> String? {
        var values = TextValues()
        values.content = TextContent(text: "Hello", runs: [])
        values.fontSize = 14
        guard let request = TextRequest(values, size: CGSize(width: 60, height: 20), scale: 1) else {
            return "a 14-point label makes no text request"
        }
        let inked = TextRasterizer.image(request)?.premultipliedRGBA.contains { $0 > 0 } ?? false
        return inked ? nil : "a 14-point \"Hello\" draws nothing: a font face failed"
    }

    /// A text layer with random, often hostile, values.
    private func textLayer(_ name: String) -> CATextLayer {
        let made = CATextLayer()
        let frame = rng.chance(0.7)
            ? CGRect(x: rng.unit() * 60, y: rng.unit() * 60, width: rng.unit() * 120, height: rng.unit() * 80)
            : rng.rect(hostile: 6)
        let (string, stringSource) = self.string()
        let font: Any? = rng.pick([nil, "", "-", "NoSuchFont", "DejaVu Sans-BoldOblique", "Helvetica-Bold", 3.5,
                                   CGFont("DejaVu Sans Mono") as Any, CTFontCreateWithName("x", .nan, nil) as Any,
                                   UIFont.systemFont(ofSize: .nan, weight: UIFont.Weight(rawValue: .infinity)),
                                   UIFont.preferredFont(forTextStyle: .headline)])
        let size = rng.chance(0.6) ? CGFloat(rng.unit() * 60) : rng.number(hostile: 8)
        let scale = rng.chance(0.7) ? CGFloat(rng.pick([1, 2, 3])) : rng.number(hostile: 6)
        let truncation = rng.pick(["none", "start", "middle", "end", "bogus"])
        let alignment = rng.pick(["natural", "left", "right", "center", "justified", "bogus"])
        let wrapped = rng.chance(0.5)
        let color = rng.chance(0.2) ? nil : rng.color(hostile: 6)
        run("let \(name) = CATextLayer(); \(name).frame = \(lit(frame)); \(name).string = \(stringSource); "
            + "\(name).font = \(String(describing: font)); \(name).fontSize = \(lit(size)); "
            + "\(name).contentsScale = \(lit(scale)); truncation \(truncation), alignment \(alignment), "
            + "wrapped \(wrapped), colour \(color.map { lit($0) } ?? "nil")") {
            made.frame = frame
            made.string = string
            made.font = font
            made.fontSize = size
            made.contentsScale = scale
            made.truncationMode = CATextLayerTruncationMode(rawValue: truncation)
            made.alignmentMode = CATextLayerAlignmentMode(rawValue: alignment)
            made.isWrapped = wrapped
            made.foregroundColor = color
        }
        if rng.chance(0.3) {
            let to = rng.chance(0.7) ? CGFloat(rng.unit() * 80) : rng.number(hostile: 8)
            run("\(name).add(CABasicAnimation(keyPath: \"fontSize\") to \(lit(to)), forKey: \"size\")") {
                let animation = CABasicAnimation(keyPath: "fontSize")
                animation.toValue = to
                animation.duration = 1
                animation.repeatCount = .infinity
                made.add(animation, forKey: "size")
            }
        }
        return made
    }

    /// A hostile `string` value and how the recipe writes it.
    private func string() -> (Any?, String) {
        switch rng.below(10) {
        case 0: return (nil, "nil")
        case 1: return ("", "\"\"")
        case 2: return (42, "42")
        case 3:
            let count = rng.logUniformInt(1...40_000)
            return (String(repeating: "word ", count: count), "String(repeating: \"word \", count: \(count))")
        case 4: return ("مرحبا بالعالم 123 abc", "Arabic and Latin")
        case 5: return ("e\u{301}\u{302}\u{303}\u{0}\u{7}\u{200F}\u{FEFF}", "combining marks and control characters")
        case 6: return ("\n\n\n\r\n\u{2028}", "line breaks only")
        case 7:
            let kern = rng.number(hostile: 8)
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = NSTextAlignment(rawValue: rng.below(6)) ?? .natural
            paragraph.lineSpacing = rng.number(hostile: 4)
            paragraph.lineHeightMultiple = rng.number(hostile: 4)
            paragraph.firstLineHeadIndent = rng.number(hostile: 4)
            paragraph.lineBreakMode = NSLineBreakMode(rawValue: rng.below(6)) ?? .byWordWrapping
            let attributed = NSAttributedString(string: "kerned 😀 and spaced\nlines", attributes: [
                .kern: kern, .underlineStyle: 9, .foregroundColor: rng.color(hostile: 6), .paragraphStyle: paragraph,
                .obliqueness: kern, .expansion: kern, .ligature: 0,
            ])
            return (attributed, "an attributed string with kern, obliqueness and expansion \(lit(kern)), no ligatures, paragraph alignment "
                + "\(paragraph.alignment.rawValue), spacing \(lit(paragraph.lineSpacing)), multiple "
                + "\(lit(paragraph.lineHeightMultiple)), indent \(lit(paragraph.firstLineHeadIndent))")
        case 8: return ("😀👍🏽🇫🇷", "emoji")
        default: return ("Hello, world", "\"Hello, world\"")
        }
    }
}
