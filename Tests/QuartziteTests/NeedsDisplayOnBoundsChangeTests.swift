import Foundation
import Testing
import Quartzite

/// `needsDisplayOnBoundsChange`, added as the layer property checklist says (storage, one table entry, the
/// public property): Apple's default false, reachable by key, and not animated when changed.
@Suite struct NeedsDisplayOnBoundsChangeTests {
    @Test func defaultsToFalseAndKeepsWhatIsSet() {
        let layer = CALayer()
        #expect(layer.needsDisplayOnBoundsChange == false)
        layer.needsDisplayOnBoundsChange = true
        #expect(layer.needsDisplayOnBoundsChange == true)
    }

    @Test func isReachedByKeyAndNotAnimated() {
        let layer = CALayer()
        CATransaction.flush()
        layer.setValue(true, forKey: "needsDisplayOnBoundsChange")
        #expect(layer.needsDisplayOnBoundsChange == true)
        #expect(layer.value(forKey: "needsDisplayOnBoundsChange") as? Bool == true)
        #expect(layer.animationKeys()?.isEmpty ?? true)
    }
}
