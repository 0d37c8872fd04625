import Foundation
import Quartzite

/// A chat bubble as messaging screens draw one: the message measured with `boundingRect(with:options:...)`
/// (`.usesLineFragmentOrigin`, rounded up), drawn with UIKit string drawing in a layer's `draw(in:)`, over a
/// stretchable bubble image made once by `UIGraphicsImageRenderer` (`resizableImage(withCapInsets:)`), in a
/// colour that follows light and dark mode; the avatar comes from `UIImage(named:in:compatibleWith:)`; the
/// bubble pops in with a spring.
public final class ChatBubble {
    /// The bubble, its text and the avatar, laid out from the message.
    public let layer = CALayer()
    let bubble = CALayer()
    let text = MessageTextLayer()
    let avatar = CALayer()

    /// The bubble's fill: blue by day, a dark grey at night.
    public static let fill = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 0.25, alpha: 1) : UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
    }
    static let font = UIFont.systemFont(ofSize: 15)
    static let padding = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
    static let maximumTextWidth: CGFloat = 160

    /// A bubble for `message`, its avatar named `avatarName` in `bundle`.
    public init(message: String, avatarName: String, in bundle: Bundle?) {
        let textSize = Self.size(of: message)
        let bubbleSize = CGSize(width: textSize.width + Self.padding.left + Self.padding.right,
                                height: textSize.height + Self.padding.top + Self.padding.bottom)
        layer.frame = CGRect(x: 0, y: 0, width: bubbleSize.width + 40, height: max(bubbleSize.height, 32))
        avatar.frame = CGRect(x: 0, y: layer.bounds.height - 32, width: 32, height: 32)
        avatar.contents = UIImage(named: avatarName, in: bundle, compatibleWith: nil)?.cgImage
        avatar.cornerRadius = 16
        avatar.masksToBounds = true
        bubble.frame = CGRect(x: 40, y: 0, width: bubbleSize.width, height: bubbleSize.height)
        bubble.contents = Self.bubbleImage(size: bubbleSize).cgImage
        text.message = message
        text.frame = bubble.bounds.inset(by: Self.padding)
        text.contentsScale = 2
        text.setNeedsDisplay()
        bubble.addSublayer(text)
        layer.addSublayer(avatar)
        layer.addSublayer(bubble)
    }

    /// Pops the bubble in from half its size, with a little overshoot.
    public func popIn() {
        let pop = CASpringAnimation(keyPath: "transform.scale")
        pop.fromValue = 0.5
        pop.toValue = 1
        pop.damping = 12
        pop.initialVelocity = 4
        pop.duration = pop.settlingDuration
        bubble.add(pop, forKey: "pop")
    }

    /// The message's size wrapped at the widest a bubble's text may be, rounded up to whole points.
    static func size(of message: String) -> CGSize {
        let rect = (message as NSString).boundingRect(with: CGSize(width: maximumTextWidth, height: .greatestFiniteMagnitude),
                                                      options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        return CGSize(width: ceil(rect.width), height: ceil(rect.height))
    }

    /// The bubble stretched to `size`: a rounded rectangle drawn once small, its corners kept by cap insets.
    static func bubbleImage(size: CGSize) -> UIImage {
        let base = UIGraphicsImageRenderer(size: CGSize(width: 36, height: 36)).image { _ in
            fill.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 36, height: 36), cornerRadius: 16).fill()
        }
        let stretchable = base.resizableImage(withCapInsets: UIEdgeInsets(top: 17, left: 17, bottom: 17, right: 17),
                                              resizingMode: .stretch)
        return UIGraphicsImageRenderer(size: size).image { _ in
            stretchable.draw(in: CGRect(origin: .zero, size: size))
        }
    }
}

/// The message, drawn with UIKit calls into the layer's context.
final class MessageTextLayer: CALayer {
    var message = ""

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byWordWrapping
        (message as NSString).draw(in: bounds, withAttributes: [.font: ChatBubble.font, .foregroundColor: UIColor.white,
                                                                .paragraphStyle: style])
    }
}
