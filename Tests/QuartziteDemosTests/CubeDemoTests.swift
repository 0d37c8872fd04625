import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The cube demo captured headless: the face nearest the viewer covers the cube's centre, and the card shows
/// its front before the flip and its back (a second layer turned half a turn, single-sided) once it has
/// turned half a turn at 1.2 s.
@MainActor
@Suite(.serialized)
struct CubeDemoTests {
    let size = CubeDemo.preferredSize

    /// Whether `pixel` is `colour` within two levels a channel.
    func shows(_ pixel: SIMD4<UInt8>?, _ colour: CGColor) -> Bool {
        guard let pixel, let c = colour.components else { return false }
        return (0..<3).allSatisfy { abs(Int(pixel[$0]) - Int((c[$0] * 255).rounded())) <= 2 }
    }

    @Test func atRestTheFrontFaceCoversTheCubesCentreAndTheCardShowsItsFront() throws {
        let b = try Capture.frame(CubeDemo.self, size: size, at: 0)
        // The cube's centre is at (0.3 w, h / 2); tilted 0.4 rad about x, its front face still covers it.
        #expect(shows(b.pixel(x: Int(size.width * 0.3), y: Int(size.height / 2)), CubeDemo.faceColors[0]))
        #expect(shows(b.pixel(x: Int(size.width * 0.75), y: Int(size.height / 2)), CubeDemo.faceColors[2]))
    }

    @Test func halfATurnOnTheCardShowsItsBack() throws {
        let b = try Capture.frame(CubeDemo.self, size: size, at: 1.2)
        let centre = b.pixel(x: Int(size.width * 0.75), y: Int(size.height / 2))
        #expect(shows(centre, CubeDemo.faceColors[3]))
        #expect(!shows(centre, CubeDemo.faceColors[2]))
    }

    @Test func tippedFarTheBottomFaceCoversTheCubesCentre() throws {
        // At 3 s the cube has turned half a turn about y (6 s a turn) and 2π · 3 / 11 - 0.4 ≈ 1.31 rad about x:
        // tipped that far, the bottom face (cyan) turns towards the viewer and covers the centre.
        let b = try Capture.frame(CubeDemo.self, size: size, at: 3)
        let centre = b.pixel(x: Int(size.width * 0.3), y: Int(size.height / 2))
        #expect(shows(centre, CubeDemo.faceColors[5]))
        #expect(!shows(centre, CubeDemo.faceColors[2]))
    }
}
