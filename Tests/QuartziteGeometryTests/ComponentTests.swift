import Foundation
import Testing
import QuartziteGeometry

@Suite struct ComponentTests {
    func read(_ t: CATransform3D, _ key: String) -> Double { Double(t.value(forComponent: key) ?? .nan) }

    @Test func readsRotations() {
        let z = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(close(read(z, "rotation.z"), 0.5))
        #expect(close(read(z, "rotation"), 0.5))
        #expect(close(read(z, "transform.rotation.z"), 0.5))
        #expect(close(read(z, "rotation.x"), 0) && close(read(z, "rotation.y"), 0))
        #expect(close(read(CATransform3DMakeRotation(-0.4, 1, 0, 0), "rotation.x"), -0.4))
        #expect(close(read(CATransform3DMakeRotation(0.3, 0, 1, 0), "rotation.y"), 0.3))
        // Scale does not disturb the angle.
        let scaled = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), z)
        #expect(close(read(scaled, "rotation.z"), 0.5))
    }

    @Test func readsScalesAndTranslations() {
        let m = CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeTranslation(5, 6, 7))
        #expect(close(read(m, "scale.x"), 2) && close(read(m, "scale.y"), 3) && close(read(m, "scale.z"), 4))
        #expect(close(read(m, "scale"), 3))  // average of the three
        #expect(close(read(m, "translation.x"), 5) && close(read(m, "translation.y"), 6))
        #expect(close(read(m, "translation.z"), 7))
    }

    @Test func setsOneComponentAndKeepsTheOthers() throws {
        let base = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 20, 0))
        let rotated = try #require(base.settingValue(.pi / 2, forComponent: "rotation.z"))
        var expected = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        expected = CATransform3DConcat(expected, CATransform3DMakeTranslation(10, 20, 0))
        #expect(close(rotated, expected, 1e-12))
        let moved = try #require(rotated.settingValue(-3, forComponent: "translation.y"))
        #expect(close(read(moved, "translation.y"), -3) && close(read(moved, "translation.x"), 10))
        #expect(close(read(moved, "rotation.z"), .pi / 2))
        let scaled = try #require(CATransform3DIdentity.settingValue(1.5, forComponent: "scale"))
        #expect(close(scaled, CATransform3DMakeScale(1.5, 1.5, 1.5)))
        let sx = try #require(CATransform3DIdentity.settingValue(0.5, forComponent: "scale.x"))
        #expect(close(sx, CATransform3DMakeScale(0.5, 1, 1)))
    }

    @Test func eulerAnglesRoundTrip() throws {
        var m = CATransform3DIdentity
        m = try #require(m.settingValue(0.3, forComponent: "rotation.x"))
        m = try #require(m.settingValue(0.4, forComponent: "rotation.y"))
        m = try #require(m.settingValue(0.5, forComponent: "rotation.z"))
        #expect(close(read(m, "rotation.x"), 0.3) && close(read(m, "rotation.y"), 0.4))
        #expect(close(read(m, "rotation.z"), 0.5))
        // Convention: x first, then y, then z.
        var expected = CATransform3DMakeRotation(0.3, 1, 0, 0)
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(0.4, 0, 1, 0))
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(0.5, 0, 0, 1))
        #expect(close(m, expected, 1e-12))
    }

    @Test func badInput() {
        #expect(CATransform3DIdentity.value(forComponent: "translation") == nil)
        #expect(CATransform3DIdentity.value(forComponent: "bogus") == nil)
        // Singular without being a scale (the y row lies along the x row): no components.
        var sheared = CATransform3DIdentity
        sheared.m21 = 1; sheared.m22 = 0
        #expect(sheared.value(forComponent: "scale.x") == nil)
        #expect(CATransform3DIdentity.settingValue(.nan, forComponent: "scale") == nil)
        #expect(CATransform3DIdentity.settingValue(1, forComponent: "rotation.w") == nil)
    }

    @Test func zeroScaleHasComponents() {
        // A zero scale decomposes: its scale reads 0 and can be set back.
        #expect(CATransform3DMakeScale(0, 1, 1).value(forComponent: "scale.x") == 0)
        #expect(CATransform3DMakeScale(0, 0, 1).value(forComponent: "rotation.z") == 0)
        let grown = CATransform3DMakeScale(0, 0, 1).settingValue(2, forComponent: "scale")
        #expect(grown.map { close($0, CATransform3DMakeScale(2, 2, 2), 1e-12) } == true)
    }
}
