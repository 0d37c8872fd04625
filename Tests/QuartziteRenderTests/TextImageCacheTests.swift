import Foundation
import Testing
@testable import Quartzite
@testable import QuartziteRender

/// `TextImageCache`: one rasterisation per request while it is drawn, shared by equal requests, forgotten
/// after 120 frames unused, and past its byte budget, everything not drawn this frame goes.
@Suite struct TextImageCacheTests {
    func request(_ string: String) throws -> TextRequest {
        let layer = CATextLayer()
        layer.string = string
        let values = try #require(layer.modelValues.text)
        return try #require(TextRequest(values, size: CGSize(width: 100, height: 40), scale: 1))
    }

    @Test func equalRequestsShareOneRasterisation() throws {
        var cache = TextImageCache()
        let first = cache.image(for: try request("A"), frame: 1)
        let second = cache.image(for: try request("A"), frame: 2)
        #expect(first != nil && first === second)
        #expect(cache.rasterizations == 1)
    }

    @Test func unusedImagesAreForgottenAfter120Frames() throws {
        var cache = TextImageCache()
        _ = cache.image(for: try request("A"), frame: 30)
        cache.evict(atFrame: 120)
        _ = cache.image(for: try request("A"), frame: 121)
        #expect(cache.rasterizations == 1)
        cache.evict(atFrame: 270)
        _ = cache.image(for: try request("A"), frame: 271)
        #expect(cache.rasterizations == 2)
    }

    @Test func pastTheBudgetOnlyThisFramesImagesStay() throws {
        var cache = TextImageCache()
        cache.byteBudget = 100 * 40 * 4 * 2
        _ = cache.image(for: try request("A"), frame: 1)
        _ = cache.image(for: try request("B"), frame: 1)
        _ = cache.image(for: try request("C"), frame: 2)
        _ = cache.image(for: try request("C"), frame: 3)
        #expect(cache.rasterizations == 3)
        _ = cache.image(for: try request("A"), frame: 3)
        #expect(cache.rasterizations == 4)
    }
}
