import Foundation
import Testing
import Quartzite
import QuartziteRender
import PortedSwift6

/// The Swift 6 programs of Ported/Swift6 that lean on UIKit's drawing and font types and on CAScrollLayer,
/// each rendered headless at chosen times.
@MainActor
@Suite(.serialized)
struct Swift6ToolkitProgramsTests {
    /// The burst starts when the program starts it (no pre-warm): 40 dots a second leave the centre (50, 50)
    /// at 60 points a second, so half a second in there are orange dots, none further than 30 points (plus
    /// the dot's radius, 4) from the centre; the caption is drawn in the strip at the foot.
    /// Core Text in a flipped layer context: the frame's first line hangs from the top of the inset bounds,
    /// upright. Helvetica falls back to DejaVu Sans, 24 points: its ascent (1901 of 2048 units) puts the
    /// baseline at 4 + 22.3 points and its capitals (1493 units) reach up to about 4 + 4.8; "Core Text" has no
    /// descenders, so nothing is drawn below the baseline, and nothing in the inset margins.
    @Test func coreTextCaptionHangsItsLineFromTheTop() throws {
        let caption = CoreTextCaption()
        let stage = try Stage("core-text-caption", size: CGSize(width: 200, height: 60)) {
            caption.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
            return caption
        }
        let frame = try stage.frame(at: 0)
        let isRed = { (p: SIMD4<UInt8>) in p[0] > 200 && p[1] < 60 && p[2] < 60 }
        let redRows = (0..<60).filter { y in (0..<200).contains { x in frame.pixel(Double(x), Double(y)).map(isRed) ?? false } }
        let top = try #require(redRows.first), bottom = try #require(redRows.last)
        #expect((8...10).contains(top), "the capitals' tops: \(top)")
        #expect((25...26).contains(bottom), "the baseline: \(bottom)")
        let redColumns = (0..<200).filter { x in (0..<60).contains { y in frame.pixel(Double(x), Double(y)).map(isRed) ?? false } }
        #expect((4...7).contains(try #require(redColumns.first)), "the line starts at the inset")
    }

    /// Runs walked in a layer's `draw(in:)`: "marked" (after "plain ", 5642 of DejaVu Sans's 2048-unit em at 20
    /// points: 55.1 points; itself 7838 units: 76.5 points) is the one run with the highlight attribute, so the
    /// yellow box spans x = 8 + 55.1 - 2 to 8 + 55.1 + 76.5 + 2 and no other word has one.
    @Test func runHighlighterMarksTheRunWithItsAttribute() throws {
        let label = RunHighlighter()
        let text = NSMutableAttributedString(string: "plain marked plain",
                                             attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)])
        text.addAttribute(RunHighlighter.highlightKey, value: true, range: NSRange(location: 6, length: 6))
        let stage = try Stage("run-highlighter", size: CGSize(width: 240, height: 40)) {
            label.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
            label.text = text
            label.setNeedsDisplay()
            return label
        }
        let frame = try stage.frame(at: 0)
        let isYellow = { (p: SIMD4<UInt8>) in p[0] > 200 && p[1] > 200 && p[2] < 60 }
        let columns = (0..<240).filter { x in (0..<40).contains { y in frame.pixel(Double(x) + 0.5, Double(y) + 0.5).map(isYellow) ?? false } }
        let first = try #require(columns.first), last = try #require(columns.last)
        #expect(abs(Double(first) - 61.1) <= 1.5, "the box starts 2 points before \"marked\": \(first)")
        #expect(abs(Double(last + 1) - 141.6) <= 1.5, "and ends 2 points after it: \(last)")
        // The glyphs are drawn over the box: dark pixels inside it.
        let dark = (62..<140).contains { x in (0..<40).contains { y in frame.pixel(Double(x) + 0.5, Double(y) + 0.5).map { $0[0] < 60 && $0[3] > 200 } ?? false } }
        #expect(dark)
    }

    @Test func sparkleBurstEmitsFromItsStartOnly() throws {
        let burst = SparkleBurst(size: CGSize(width: 100, height: 100))
        let stage = try Stage("sparkle-burst", size: CGSize(width: 100, height: 100)) {
            burst.start()
            return burst.layer
        }
        let frame = try stage.frame(at: 0.5)
        var lit = 0, farthest = 0.0
        for y in 0..<76 {
            for x in 0..<100 {
                guard let p = frame.pixel(Double(x) + 0.5, Double(y) + 0.5), p[0] > 40 else { continue }
                lit += 1
                farthest = max(farthest, hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50))
            }
        }
        #expect(lit > 20, "dots are drawn half a second in")
        #expect(farthest <= 30 + 4 + 1.5, "no dot was born before the start: \(farthest)")
        let caption = (76..<100).flatMap { y in (0..<100).compactMap { frame.pixel(Double($0), Double(y)) } }
        #expect(caption.contains { $0[0] > 200 && $0[1] > 200 && $0[2] > 200 }, "the caption's white text")
    }

    /// The window (60 x 20) scrolls from headline 0 to 1 linearly over a second, along x only: half way it
    /// shows the red headline's right half and the green one's left half.
    @Test func newsTickerScrollsAlongXOverItsDuration() throws {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let ticker = NewsTicker(size: CGSize(width: 60, height: 20), colors: [red, green, blue])
        let stage = try Stage("news-ticker", size: CGSize(width: 60, height: 20)) { ticker.layer }
        MediaClock.performFrozen(at: start) {
            ticker.show(1, duration: 1)
            CATransaction.flush()
        }
        let half = try stage.frame(at: 0.5)
        half.expect(10, 10, is: rgb(255, 0, 0))
        half.expect(28, 10, is: rgb(255, 0, 0))
        half.expect(32, 10, is: rgb(0, 255, 0))
        half.expect(50, 10, is: rgb(0, 255, 0))
        let done = try stage.frame(at: 2)
        done.expect(2, 10, is: rgb(0, 255, 0))
        done.expect(58, 18, is: rgb(0, 255, 0))
        #expect(ticker.layer.bounds.origin == CGPoint(x: 60, y: 0))
    }

    /// A folder holding a green avatar image, as a bundle for `UIImage(named:in:compatibleWith:)`.
    func avatarBundle() throws -> (Bundle, String) {
        let folder = NSTemporaryDirectory() + "chat-bubble-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let png = try #require(UIGraphicsImageRenderer(size: CGSize(width: 32, height: 32), format: format).image { context in
            UIColor(red: 0, green: 1, blue: 0, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 32, height: 32))
        }.pngData())
        try png.write(to: URL(fileURLWithPath: folder + "/avatar.png"))
        return (try #require(Bundle(path: folder)), folder)
    }

    /// The bubble is as large as its measured text plus its padding, filled blue by day and grey by night with
    /// its rounded corners kept, the white message inside; the avatar is the named image, cut round; the
    /// spring starts the bubble at half its size.
    @Test func chatBubbleDrawsItsMeasuredMessageOverItsStretchedImage() throws {
        let (bundle, folder) = try avatarBundle()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = "See you at the station at six"
        let textSize = ChatBubbleProbe.textSize(message)
        let chat = ChatBubble(message: message, avatarName: "avatar", in: bundle)
        let stage = try Stage("chat-bubble", size: CGSize(width: 240, height: 80)) {
            chat.popIn()
            return chat.layer
        }
        let height = Double(textSize.height + 16), width = Double(textSize.width + 24)
        #expect(textSize.width <= 160 && textSize.height > 30, "wrapped onto two lines at 160 points: \(textSize)")
        // First the spring's start (a finished animation leaves its layer, so frames run forwards).
        let popping = try stage.frame(at: 0.01)
        popping.expect(40 + 4, height / 2, is: rgb(255, 255, 255), "about half size as the spring starts")
        let settled = try stage.frame(at: 3)
        let blue = rgb(0, 122, 255), white = rgb(255, 255, 255), green = rgb(0, 255, 0)
        settled.expect(40 + 4, height / 2, is: blue, "the bubble's fill at its left edge")
        settled.expect(40 + width - 4, height / 2, is: blue, "and at its right edge")
        settled.expect(40 + 1, 1, is: white, "the rounded corner stays outside")
        settled.expect(40 + width + 3, height / 2, is: white, "nothing past the bubble")
        let inside = (10..<Int(height) - 10).flatMap { y in (52..<Int(40 + width) - 12).compactMap { settled.pixel(Double($0), Double(y)) } }
        #expect(inside.contains { $0[0] > 230 && $0[1] > 230 && $0[2] > 230 }, "the white message")
        settled.expect(16, Double(max(height, 32)) - 16, is: green, "the avatar from the bundle")
        settled.expect(1, Double(max(height, 32)) - 1, is: white, "cut round")
        let night = UITraitCollection(userInterfaceStyle: .dark)
        var dark: ChatBubble?
        night.performAsCurrent { dark = ChatBubble(message: message, avatarName: "avatar", in: bundle) }
        let darkBubble = try #require(dark)
        let darkStage = try Stage("chat-bubble-dark", size: CGSize(width: 240, height: 80)) { darkBubble.layer }
        try darkStage.frame(at: 0).expect(40 + 4, height / 2, is: rgb(64, 64, 64), "grey at night")
    }

    /// The toast (a 60 x 40 card at 20, 30) springs up 20 points on a critically damped spring that rests at
    /// 0.3 s, x(t) = 1 - (1 + ωt)e^(-ωt) with (1 + 0.3ω)e^(-0.3ω) = 0.001, fading in with the same spring;
    /// 1 s after its completion (run after the first frame past its end) it fades out over 0.25 s and removes
    /// itself. The card is black at 0.8.
    @Test func toastSpringsInWaitsAndLeaves() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let toast = ToastView(frame: CGRect(x: 20, y: 30, width: 60, height: 40))
        let stage = try Stage("toast", size: CGSize(width: 100, height: 100)) {
            toast.show(in: container)
            return container.layer
        }
        var low = 1.0, high = 30.0
        for _ in 0..<100 {
            let u = (low + high) / 2
            if (1 + u) * exp(-u) > 0.001 { low = u } else { high = u }
        }
        let omega = (low + high) / 2 / 0.3
        func spring(_ t: Double) -> Double { 1 - (1 + omega * t) * exp(-omega * t) }
        let card = rgb(51, 51, 51)
        let early = try stage.frame(at: 0.05)
        let offset = 20 * (1 - spring(0.05))
        early.expect(50, 30 + offset - 2, is: white, "above the card, still \(offset) points low")
        early.expect(50, 30 + offset + 4, is: overWhite(rgb(0, 0, 0), 0.8 * spring(0.05)), tolerance: 6, "the fading card")
        let shown = try stage.frame(at: 0.3)
        shown.expect(50, 66, is: card, "the card in place")
        shown.expect(47, 56, is: rgb(52, 199, 89), "the check mark's corner")
        // The frame after the spring's end runs its completion, which starts the wait: the fade-out runs
        // from 1.32 s to 1.57 s.
        _ = try stage.frame(at: 0.32)
        try stage.frame(at: 1.2).expect(50, 66, is: card, "still shown before the fade-out")
        _ = try stage.frame(at: 1.6)
        #expect(toast.didFinish && toast.superview == nil)
        try stage.frame(at: 1.7).expect(50, 66, is: white, "gone")
    }

    /// The card dragged a third of the way and let go goes back (collapsed); dragged seven tenths of the way
    /// it runs on to the top (expanded). While paused the drag scrubs linearly: 30 points up shows the card's
    /// top at 120 instead of 150. Blue is the system blue (0, 122, 255).
    @Test func interactiveCardFollowsTheFingerAndSettles() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let card = InteractiveCard(frame: CGRect(x: 0, y: 150, width: 100, height: 200), expandedY: 50)
        let stage = try Stage("interactive-card", size: CGSize(width: 100, height: 200)) {
            container.addSubview(card)
            return container.layer
        }
        let blue = rgb(0, 122, 255)
        MediaClock.performFrozen(at: start + 0.1) {
            card.panBegan()
            card.panChanged(translationY: -30)
        }
        let dragged = try stage.frame(at: 0.1)
        dragged.expect(50, 125, is: blue, "the card follows the finger")
        dragged.expect(50, 115, is: white, "above the dragged card")
        MediaClock.performFrozen(at: start + 0.2) { card.panEnded() }
        _ = try stage.frame(at: 0.5)
        let back = try stage.frame(at: 0.6)
        back.expect(50, 145, is: white, "back down")
        back.expect(50, 155, is: blue, "the collapsed card")
        #expect(card.state == .collapsed)
        MediaClock.performFrozen(at: start + 0.7) {
            card.panBegan()
            card.panChanged(translationY: -70)
            card.panEnded()
        }
        _ = try stage.frame(at: 1.2)
        let open = try stage.frame(at: 1.3)
        open.expect(50, 55, is: blue, "the expanded card")
        open.expect(50, 45, is: white, "above the expanded card")
        #expect(card.state == .expanded)
    }

    /// The same card dragged by its own `UIPanGestureRecognizer` in a shown window, from scripted pointer
    /// events: 30 points up shows its top at 120 as the hand-driven drag does; released there it settles back;
    /// dragged 70 points up and released it opens to the top.
    @Test func interactiveCardFollowsItsPanGestureRecognizer() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let card = InteractiveCard(frame: CGRect(x: 0, y: 150, width: 100, height: 200), expandedY: 50)
        let stage = try Stage("interactive-card-pan", size: CGSize(width: 100, height: 200)) {
            window.makeKeyAndVisible()
            window.addSubview(card)
            return window.layer
        }
        func pointer(_ phase: UITouch.Phase, _ y: CGFloat, at t: CFTimeInterval) {
            MediaClock.performFrozen(at: start + t) {
                window.sendPointer(phase, at: CGPoint(x: 50, y: y))
                CATransaction.flush()
            }
        }
        let blue = rgb(0, 122, 255)
        pointer(.began, 170, at: 0.1)
        pointer(.moved, 155, at: 0.15)
        pointer(.moved, 140, at: 0.2)
        let dragged = try stage.frame(at: 0.2)
        dragged.expect(50, 125, is: blue, "the card follows the finger")
        dragged.expect(50, 115, is: white, "above the dragged card")
        pointer(.ended, 140, at: 0.25)
        _ = try stage.frame(at: 0.5)
        let back = try stage.frame(at: 0.7)
        back.expect(50, 145, is: white, "back down")
        back.expect(50, 155, is: blue, "the collapsed card")
        #expect(card.state == .collapsed)
        pointer(.began, 170, at: 0.8)
        pointer(.moved, 130, at: 0.85)
        pointer(.moved, 100, at: 0.9)
        pointer(.ended, 100, at: 0.95)
        _ = try stage.frame(at: 1.3)
        let open = try stage.frame(at: 1.4)
        open.expect(50, 55, is: blue, "the expanded card")
        open.expect(50, 45, is: white, "above the expanded card")
        #expect(card.state == .expanded)
    }

    /// The swipe card in a shown window, driven by scripted pointer events at their media times (the default
    /// timestamp, as a host gives them). Dragged 40 points right and 10 down, the card's centre moves by the
    /// pointer's displacement exactly (its left 40 points uncovered, 40 points more of it on the right); let go
    /// still, having come less than half its width (50), it springs back. A double tap fades it to pink
    /// (255, 45, 85) over 0.2 s. Flicked 40 points in 0.07 s (571 points a second, past 500), it flies off to
    /// the right at that speed, linearly: 210 points to go, so 0.23 s after the release its centre is at
    /// 190 + 210 · 0.23 / 0.3675 = 321.4; then it is removed.
    @Test func swipeCardFollowsThePanSpringsBackAndFliesOffWhenThrown() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let card = SwipeCard(frame: CGRect(x: 100, y: 30, width: 100, height: 140))
        let stage = try Stage("swipe-card", size: CGSize(width: 300, height: 200)) {
            window.makeKeyAndVisible()
            window.addSubview(card)
            return window.layer
        }
        // Each event is handled, and what it changed committed, at its time, as a run loop turn does.
        func pointer(_ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat, at t: CFTimeInterval) {
            MediaClock.performFrozen(at: start + t) {
                window.sendPointer(phase, at: CGPoint(x: x, y: y))
                CATransaction.flush()
            }
        }
        let blue = rgb(0, 122, 255), pink = rgb(255, 45, 85)
        pointer(.began, 150, 100, at: 0.1)
        pointer(.moved, 170, 100, at: 0.2)
        pointer(.moved, 190, 110, at: 0.3)
        #expect(card.center == CGPoint(x: 190, y: 110))
        let dragged = try stage.frame(at: 0.3)
        dragged.expect(235, 100, is: blue, "the card's right part, dragged out")
        dragged.expect(135, 100, is: white, "where its left part was")
        pointer(.ended, 190, 110, at: 0.45)
        _ = try stage.frame(at: 0.7)
        let back = try stage.frame(at: 0.96)
        back.expect(105, 100, is: blue, "sprung back: its left edge")
        back.expect(205, 100, is: white, "sprung back: past its right edge")
        #expect(!card.wasSwipedAway)

        for t in [1.0, 1.15] {
            pointer(.began, 150, 100, at: t)
            pointer(.ended, 150, 100, at: t + 0.05)
        }
        #expect(card.isLiked)
        _ = try stage.frame(at: 1.3)
        try stage.frame(at: 1.45).expect(150, 100, is: pink, "liked")

        pointer(.began, 150, 100, at: 1.5)
        for k in 1...4 { pointer(.moved, 150 + 10 * CGFloat(k), 100, at: 1.5 + Double(k) / 60) }
        pointer(.ended, 190, 100, at: 1.57)
        let flying = try stage.frame(at: 1.8)
        flying.expect(275, 100, is: pink, "in flight: its left edge is at 271.4")
        flying.expect(268, 100, is: white, "in flight: left of it")
        _ = try stage.frame(at: 2.0)
        let gone = try stage.frame(at: 2.1)
        gone.expect(150, 100, is: white, "thrown away")
        #expect(card.wasSwipedAway && card.superview == nil)
    }

    /// The profile header lays itself out in `layoutSubviews()`: the avatar at (12, 12), 56 points, its 80 x 40
    /// picture filled to 112 x 56 (scale 1.4) and cropped to the circle: orange above its middle, purple
    /// below, white in the cut corners; the name beside it one 20-point line tall, the bio two 14-point
    /// lines (its text is longer), black text and grey text within their frames and white past them.
    @Test func profileHeaderPlacesAvatarAndLabels() throws {
        let header = ProfileHeader(frame: CGRect(x: 0, y: 0, width: 300, height: 90))
        let stage = try Stage("profile-header", size: CGSize(width: 300, height: 90)) {
            header.configure(name: "Ada Lovelace",
                             bio: "Mathematician and writer, chiefly known for her work on the Analytical Engine of Charles Babbage.",
                             avatar: ProfileHeader.placeholderAvatar())
            header.layoutIfNeeded()
            return header.layer
        }
        #expect(header.avatarView.frame == CGRect(x: 12, y: 12, width: 56, height: 56))
        #expect(header.nameLabel.frame.minX == 80 && header.nameLabel.frame.height == ceil(UIFont.boldSystemFont(ofSize: 20).lineHeight))
        #expect(header.bioLabel.frame.height == ceil(2 * UIFont.systemFont(ofSize: 14).lineHeight))
        let frame = try stage.frame(at: 0)
        frame.expect(40, 26, is: rgb(255, 128, 0), tolerance: 2, "the avatar's orange top")
        frame.expect(40, 54, is: rgb(128, 0, 128), tolerance: 2, "the avatar's purple foot")
        frame.expect(14, 14, is: white, "a corner cut by the circle")
        func pixels(in rect: CGRect) -> [SIMD4<UInt8>] {
            var found: [SIMD4<UInt8>] = []
            for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) { frame.pixel(Double(x), Double(y)).map { found.append($0) } } }
            return found
        }
        #expect(pixels(in: header.nameLabel.frame).contains { $0 == rgb(0, 0, 0) }, "black name text")
        #expect(pixels(in: header.bioLabel.frame).contains { $0 == rgb(128, 128, 128) }, "grey bio text")
        let outside = CGRect(x: 80, y: header.bioLabel.frame.maxY + 1, width: 200, height: 90 - header.bioLabel.frame.maxY - 1)
        #expect(pixels(in: outside).allSatisfy { $0 == white }, "nothing below the bio")
    }
}

/// The bubble's text size as the program measures it, from Pango's logical extent of the same layout.
enum ChatBubbleProbe {
    static func textSize(_ message: String) -> CGSize {
        let rect = (message as NSString).boundingRect(with: CGSize(width: 160, height: 10_000), options: .usesLineFragmentOrigin,
                                                      attributes: [.font: UIFont.systemFont(ofSize: 15)], context: nil)
        return CGSize(width: ceil(rect.width), height: ceil(rect.height))
    }

}
