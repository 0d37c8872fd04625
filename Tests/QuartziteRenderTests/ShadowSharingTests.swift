import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// Shadows with the same silhouette, scale and radius share one blur (`ShadowCache`): a frame of many alike
/// shadows blurs once, each layer draws the shared texture at its own place, a layer whose content changes
/// gets its own blur again, and a shared blur goes only when no layer has drawn it for 120 frames.
@MainActor
@Suite(.serialized)
struct ShadowSharingTests {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func card(at origin: CGPoint, size: CGSize = CGSize(width: 40, height: 30)) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(origin: origin, size: size)
        card.backgroundColor = blue
        card.cornerRadius = min(size.width, size.height) / 6
        card.shadowOpacity = 0.8
        card.shadowRadius = 4
        card.shadowOffset = CGSize(width: 3, height: 8)
        return card
    }

    func root(_ size: CGSize, _ cards: [CALayer]) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = .white
        for card in cards { root.addSublayer(card) }
        return root
    }

    /// The keys of the blurs a display list makes, and of the shadows it draws, in order.
    func blurKeys(_ list: DisplayList) -> [Int] {
        list.commands.compactMap { if case .blurRaster(let key, _) = $0 { return key } else { return nil } }
    }

    func shadowKeys(_ list: DisplayList) -> [Int] {
        list.commands.compactMap { if case .shadowImage(let key, _, _, _) = $0 { return key } else { return nil } }
    }

    @Test func aThousandAlikeShadowsBlurOnce() {
        var cards: [CALayer] = []
        for i in 0..<1000 {
            cards.append(card(at: CGPoint(x: 10 * (i % 40), y: 10 * (i / 40)), size: CGSize(width: 6, height: 6)))
        }
        let scene = root(CGSize(width: 400, height: 250), cards)
        let compositor = Compositor(canvasSize: CGSize(width: 400, height: 250), contentScale: 1)
        let list = compositor.build(Evaluator.presentationTree(of: scene, at: 0))
        #expect(blurKeys(list).count == 1)
        let drawn = shadowKeys(list)
        #expect(drawn.count == 1000)
        #expect(Set(drawn) == Set(blurKeys(list)))
    }

    @Test func differentSilhouettesDoNotShare() {
        // Half the cards with square corners: two silhouettes, two blurs.
        let cards = (0..<10).map { i in
            let c = card(at: CGPoint(x: 10 * i, y: 10), size: CGSize(width: 6, height: 6))
            if i % 2 == 0 { c.cornerRadius = 0 }
            return c
        }
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 60), contentScale: 1)
        let list = compositor.build(Evaluator.presentationTree(of: root(CGSize(width: 200, height: 60), cards), at: 0))
        #expect(blurKeys(list).count == 2)
        #expect(Set(shadowKeys(list)).count == 2)
    }

    @Test func aSecondShadowIsTheFirstOneShifted() throws {
        // Two alike cards 100 px apart (their shadows reach about 20 px past them, so they do not meet): the
        // right half of the picture is the left half moved by 100 px, and the left half is what one card alone
        // draws.
        let size = CGSize(width: 200, height: 80)
        let one = root(size, [card(at: CGPoint(x: 20, y: 15))])
        let two = root(size, [card(at: CGPoint(x: 20, y: 15)), card(at: CGPoint(x: 120, y: 15))])
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        #expect(try renderer.renderTimed(two, at: 0).blurs == 1)
        let pair = try renderer.render(two, at: 0)
        // One card alone, another layer with the same shadow: it draws the blur already made.
        #expect(try renderer.renderTimed(one, at: 0).blurs == 0)
        let single = try renderer.render(one, at: 0)
        var largest = 0, shadowed = 0
        for y in 0..<80 {
            for x in 0..<100 {
                guard let a = single.pixel(x: x, y: y), let left = pair.pixel(x: x, y: y),
                      let right = pair.pixel(x: x + 100, y: y) else { continue }
                largest = max(largest, Int((SIMD4<Int>(truncatingIfNeeded: a) &- SIMD4<Int>(truncatingIfNeeded: right)).abs().max()),
                              Int((SIMD4<Int>(truncatingIfNeeded: a) &- SIMD4<Int>(truncatingIfNeeded: left)).abs().max()))
                // Grey, not white or the card's blue: the shadow itself.
                if a.x < 250 && a.x == a.z { shadowed += 1 }
            }
        }
        #expect(shadowed > 100, "the picture shows a shadow")
        #expect(largest <= 1)
    }

    @Test func aChangedLayerGetsItsOwnBlurAndTheOthersKeepTheShared() {
        let a = card(at: CGPoint(x: 10, y: 10)), b = card(at: CGPoint(x: 100, y: 10))
        let scene = root(CGSize(width: 200, height: 80), [a, b])
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 80), contentScale: 1)
        let first = compositor.build(Evaluator.presentationTree(of: scene, at: 0))
        let shared = blurKeys(first).first
        #expect(shared != nil && blurKeys(first).count == 1)
        withoutActions { b.cornerRadius = 12 }
        let changed = compositor.build(Evaluator.presentationTree(of: scene, at: 0))
        #expect(blurKeys(changed).count == 1)
        #expect(blurKeys(changed).first != shared)
        #expect(shadowKeys(changed).first == shared)
        // Back to what a draws: the shared blur is still kept, so nothing blurs.
        withoutActions { b.cornerRadius = a.cornerRadius }
        let back = compositor.build(Evaluator.presentationTree(of: scene, at: 0))
        #expect(blurKeys(back).isEmpty)
        #expect(shadowKeys(back) == [shared, shared].compactMap { $0 })
    }

    @Test func aLayerAloneOnItsBlurBlursAgainIntoTheSameKey() {
        // An animated shadowRadius keeps one texture: no other layer draws its blur.
        let a = card(at: CGPoint(x: 10, y: 10))
        let scene = root(CGSize(width: 100, height: 80), [a])
        let compositor = Compositor(canvasSize: CGSize(width: 100, height: 80), contentScale: 1)
        let first = blurKeys(compositor.build(Evaluator.presentationTree(of: scene, at: 0)))
        withoutActions { a.shadowRadius = 6 }
        let second = blurKeys(compositor.build(Evaluator.presentationTree(of: scene, at: 0)))
        #expect(first.count == 1)
        #expect(second == first)
    }

    @Test func aSharedBlurGoesOnlyAfter120FramesUnused() {
        let a = card(at: CGPoint(x: 10, y: 10)), b = card(at: CGPoint(x: 100, y: 10))
        let scene = root(CGSize(width: 200, height: 80), [a, b])
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 80), contentScale: 1)
        func frame() -> DisplayList { compositor.build(Evaluator.presentationTree(of: scene, at: 0)) }
        #expect(blurKeys(frame()).count == 1)
        // a goes; b alone keeps the blur in use for 200 frames.
        withoutActions { a.removeFromSuperlayer() }
        var blurs = 0
        for _ in 0..<200 { blurs += blurKeys(frame()).count }
        #expect(blurs == 0)
        // Unused for 119 frames: still kept.
        withoutActions { b.removeFromSuperlayer() }
        for _ in 0..<119 { _ = frame() }
        withoutActions { scene.addSublayer(a) }
        #expect(blurKeys(frame()).isEmpty)
        // Unused for 120 frames: gone, so the next use blurs.
        withoutActions { a.removeFromSuperlayer() }
        for _ in 0..<120 { _ = frame() }
        withoutActions { scene.addSublayer(b) }
        #expect(blurKeys(frame()).count == 1)
    }

    @Test func forgettingASharedBlurBlursItAgainOnce() {
        let cards = (0..<5).map { card(at: CGPoint(x: 30 * $0, y: 10), size: CGSize(width: 10, height: 10)) }
        let scene = root(CGSize(width: 200, height: 60), cards)
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 60), contentScale: 1)
        let first = blurKeys(compositor.build(Evaluator.presentationTree(of: scene, at: 0)))
        #expect(first.count == 1)
        compositor.forgetShadows(withKeys: Set(first))
        let again = compositor.build(Evaluator.presentationTree(of: scene, at: 0))
        #expect(blurKeys(again).count == 1)
        #expect(Set(shadowKeys(again)) == Set(blurKeys(again)))
        #expect(blurKeys(compositor.build(Evaluator.presentationTree(of: scene, at: 0))).isEmpty)
    }
}

private extension SIMD4 where Scalar == Int {
    func abs() -> SIMD4<Int> { SIMD4(Swift.abs(x), Swift.abs(y), Swift.abs(z), Swift.abs(w)) }
}
