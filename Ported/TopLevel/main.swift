// A small animated scene in top-level code, rendered headless at the times given on the command line:
//
//     ported-toplevel OUTPUT-FOLDER TIME [TIME [TIME]]
//
// writes OUTPUT-FOLDER/frame-TIME.png for each time (seconds after the animations start).
import Foundation
import Quartzite
import QuartziteRender

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ported-toplevel: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments.count <= 4 else {
    fail("usage: ported-toplevel OUTPUT-FOLDER TIME [TIME [TIME]] (one to three times, in seconds)")
}
let output = URL(fileURLWithPath: arguments[0], isDirectory: true)
var times: [Double] = []
for text in arguments.dropFirst() {
    guard let time = Double(text), time.isFinite, time >= 0 else {
        fail("'\(text)' is not a time in seconds (a number, 0 or more)")
    }
    times.append(time)
}

let size = CGSize(width: 80, height: 80)
let root = CALayer()
root.frame = CGRect(origin: .zero, size: size)
root.backgroundColor = UIColor.white.cgColor

// A square that turns a quarter revolution in a second.
let square = CALayer()
square.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
square.position = CGPoint(x: 40, y: 34)
square.backgroundColor = UIColor.red.cgColor
root.addSublayer(square)

// A bar along the bottom that grows from the left edge across the whole width.
let bar = CALayer()
bar.anchorPoint = CGPoint(x: 0, y: 0.5)
bar.bounds = CGRect(x: 0, y: 0, width: size.width, height: 8)
bar.position = CGPoint(x: 0, y: 74)
bar.backgroundColor = UIColor.blue.cgColor
root.addSublayer(bar)

MediaClock.performFrozen(at: 0) {
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.fromValue = 0
    turn.toValue = Double.pi / 2
    turn.duration = 1
    turn.fillMode = .forwards
    turn.isRemovedOnCompletion = false
    square.add(turn, forKey: "turn")

    let grow = CABasicAnimation(keyPath: "bounds.size.width")
    grow.fromValue = 0
    grow.toValue = size.width
    grow.duration = 1
    bar.add(grow, forKey: "grow")
    CATransaction.flush()
}

// A transaction that adds no animation runs its completion block before commit() returns on the main thread
// (Apple: "the block will be invoked immediately").
var completedAtOnce = false
CATransaction.begin()
CATransaction.setCompletionBlock { completedAtOnce = true }
CATransaction.commit()
guard completedAtOnce else {
    FileHandle.standardError.write(Data("ported-toplevel: an empty transaction's completion block did not run in commit()\n".utf8))
    exit(1)
}
// A chain of empty transactions, each committing the next from its completion block, does not recurse
// without end: past a depth the blocks wait for the next frame.
var chained = 0
@MainActor func commitNextInChain() {
    guard chained < 100_000 else { return }
    chained += 1
    CATransaction.begin()
    CATransaction.setCompletionBlock { commitNextInChain() }
    CATransaction.commit()
}
commitNextInChain()

do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let renderer = try HeadlessRenderer(size: size)
    for time in times {
        let frame = try renderer.render(root, at: time)
        try frame.writePNG(to: output.appendingPathComponent("frame-\(time).png"))
    }
    renderer.close()
} catch {
    FileHandle.standardError.write(Data("ported-toplevel: \(error)\n".utf8))
    exit(1)
}
