import Foundation
import Testing
@testable import QuartziteRender

/// The llvmpipe thread count Quartzite asks for: twice the processors, at most 16, and never over a count
/// the environment already names.
struct RasterizerThreadsTests {
    @Test func twiceTheProcessorsUnlessTheUserChose() {
        #expect(RasterizerThreads.value(existing: nil, processors: 2) == "4")
        #expect(RasterizerThreads.value(existing: "", processors: 3) == "6")
        #expect(RasterizerThreads.value(existing: nil, processors: 64) == "16")
        #expect(RasterizerThreads.value(existing: nil, processors: 0) == "2")
        #expect(RasterizerThreads.value(existing: "1", processors: 2) == nil)
    }

    /// After a renderer has started, the variable is set (by us, or by whoever ran the tests).
    @MainActor @Test func setBeforeTheDriverStarts() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 4, height: 4))
        defer { renderer.close() }
        let value = getenv(RasterizerThreads.variable).map { String(cString: $0) }
        #expect(value.flatMap(Int.init).map { $0 >= 1 } == true)
    }
}
