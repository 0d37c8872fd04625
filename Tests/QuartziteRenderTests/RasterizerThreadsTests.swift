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
}
