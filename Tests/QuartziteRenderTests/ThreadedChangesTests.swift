import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Layers changed from background threads while frames render, as Core Animation allows: every change lands
/// whole, each thread has its own transactions, and a background thread's implicit transaction is committed
/// by the next frame. `make test` also runs this suite built with the thread sanitizer
/// (`swift build --sanitize=thread`), which reports any unguarded access.
@MainActor
@Suite(.serialized)
struct ThreadedChangesTests {
    /// Carries layers to other threads. Layers are not `Sendable` (Apple's are not either); the layer tree's
    /// lock is what makes using them there safe.
    struct Carried<Value>: @unchecked Sendable { let value: Value }

    /// Runs `work(index)` on `count` threads at once, rendering `root` on this thread until they are all
    /// done. Returns the number of frames drawn meanwhile.
    func whileRendering(_ root: CALayer, with renderer: HeadlessRenderer, threads count: Int,
                        _ work: @escaping @Sendable (Int) -> Void) throws -> Int {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                work(index)
                group.leave()
            }
            thread.start()
        }
        var frames = 0
        var time = 0.0
        while group.wait(timeout: .now()) == .timedOut {
            _ = try renderer.render(root, at: time)
            time += 1.0 / 60
            frames += 1
        }
        return frames
    }

    /// Four threads each move, recolour, fade and re-parent their own layers a thousand times, adding and
    /// removing animations, while frames render. The last values each thread set are the model's and the
    /// picture's afterwards, and no sublayer is lost or doubled.
    @Test func changesFromFourThreadsLandWholeWhileFramesRender() throws {
        let root = whiteCanvas(80, 20)
        let columns = (0..<4).map { i in solidLayer(CGRect(x: CGFloat(i) * 20, y: 0, width: 20, height: 20), .black) }
        let spares = (0..<4).map { _ in CALayer() }
        for column in columns { root.addSublayer(column) }
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: 80, height: 20))
        defer { renderer.close() }
        let carried = Carried(value: (root, columns, spares))
        let finalColours: [CGColor] = [.init(red: 1, green: 0, blue: 0, alpha: 1), .init(red: 0, green: 1, blue: 0, alpha: 1),
                                       .init(red: 0, green: 0, blue: 1, alpha: 1), .init(red: 1, green: 1, blue: 0, alpha: 1)]
        let colours = Carried(value: finalColours)
        let frames = try whileRendering(root, with: renderer, threads: 4) { index in
            let (root, columns, spares) = carried.value
            let column = columns[index], spare = spares[index]
            for step in 0..<1000 {
                CATransaction.begin()
                CATransaction.setDisableActions(step % 2 == 0)
                column.opacity = Float(step % 10) / 10
                column.backgroundColor = CGColor(gray: CGFloat(step % 7) / 7, alpha: 1)
                column.position.y = CGFloat(step % 5)
                CATransaction.commit()
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.duration = 0.5
                column.add(fade, forKey: "fade")
                root.addSublayer(spare)
                _ = column.presentation()?.opacity
                spare.removeFromSuperlayer()
                if step % 3 == 0 { column.removeAllAnimations() }
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            column.removeAllAnimations()
            column.opacity = 1
            column.position.y = 10
            column.backgroundColor = colours.value[index]
            CATransaction.commit()
        }
        let picture = try renderer.render(root, at: 100)
        #expect(frames > 0)
        #expect(root.sublayers?.count == 4)
        #expect(root.sublayers.map { $0.map(ObjectIdentifier.init) } == columns.map(ObjectIdentifier.init))
        let expected = [rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 0)]
        for (index, column) in columns.enumerated() {
            #expect(column.opacity == 1)
            #expect(column.animationKeys() == nil)
            #expect(picture.pixel(x: index * 20 + 10, y: 10) == expected[index])
        }
    }

    /// A transaction's values belong to the thread that opened it: a duration set inside one thread's open
    /// transaction is not what another thread's implicit animations use.
    @Test func eachThreadHasItsOwnTransactions() {
        let opened = DispatchSemaphore(value: 0), checked = DispatchSemaphore(value: 0)
        let seen = Carried(value: LockedBox<CFTimeInterval>(-1))
        Thread {
            CATransaction.begin()
            CATransaction.setAnimationDuration(3)
            opened.signal()
            checked.wait()
            CATransaction.commit()
            opened.signal()
        }.start()
        opened.wait()
        Thread {
            seen.value.set(CATransaction.animationDuration())
            checked.signal()
        }.start()
        opened.wait()
        #expect(seen.value.get() == 0.25)
    }

    /// A layer made and changed on a thread without a run loop, which never commits: the next frame commits
    /// that thread's implicit transaction, so the layer has a presentation and its animation its start time.
    @Test func theNextFrameCommitsABackgroundThreadsImplicitTransaction() throws {
        let root = whiteCanvas(20)
        CATransaction.flush()
        let made = LockedBox<CALayer?>(nil)
        let carried = Carried(value: (root, made))
        let done = DispatchSemaphore(value: 0)
        Thread {
            let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .black)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.duration = 2
            layer.add(fade, forKey: "fade")
            carried.value.0.addSublayer(layer)
            carried.value.1.set(layer)
            done.signal()
        }.start()
        done.wait()
        let layer = try #require(made.get())
        #expect(layer.presentation() == nil)
        #expect(layer.animation(forKey: "fade")?.beginTime == 0)
        let renderer = try HeadlessRenderer(size: CGSize(width: 20, height: 20))
        defer { renderer.close() }
        let first = try renderer.render(root, at: 10)
        #expect(layer.presentation() != nil)
        #expect(layer.animation(forKey: "fade")?.beginTime == 10)
        // Half-way through the fade from 0 to 1 over white: mid grey.
        let halfWay = try renderer.render(root, at: 11)
        #expect(first.pixel(x: 10, y: 10) == rgba(255, 255, 255))
        #expect(maxChannelDifference(halfWay.pixel(x: 10, y: 10), rgba(128, 128, 128)) <= 1)
    }

    /// A completion block set on a background thread runs once the animations of its transaction end, on
    /// the thread that renders, after the frame.
    @Test func aBackgroundTransactionsCompletionRunsAfterItsAnimationEnds() throws {
        let root = whiteCanvas(20)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .black)
        root.addSublayer(layer)
        CATransaction.flush()
        let ranOn = LockedBox<pthread_t?>(nil)
        let carried = Carried(value: (layer, ranOn))
        let done = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.begin()
            CATransaction.setCompletionBlock { carried.value.1.set(pthread_self()) }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.duration = 1
            fade.beginTime = 5
            carried.value.0.add(fade, forKey: "fade")
            CATransaction.commit()
            done.signal()
        }.start()
        done.wait()
        let renderer = try HeadlessRenderer(size: CGSize(width: 20, height: 20))
        defer { renderer.close() }
        _ = try renderer.render(root, at: 5.5)
        #expect(ranOn.get() == nil)
        _ = try renderer.render(root, at: 6.5)
        #expect(ranOn.get() == pthread_self())
    }
}

/// A value shared between threads behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
