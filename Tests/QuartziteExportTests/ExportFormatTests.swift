import Foundation
import Testing
@testable import QuartziteExport

/// The output's name picks the format.
struct ExportFormatTests {
    @Test func extensionsNameFormats() throws {
        #expect(try ExportFormat.of(path: "out/a.gif", sequence: true) == .gif)
        #expect(try ExportFormat.of(path: "out/a.GIF", sequence: true) == .gif)
        #expect(try ExportFormat.of(path: "a.apng", sequence: true) == .apng)
        #expect(try ExportFormat.of(path: "a.gif", sequence: false) == .gif)
        #expect(try ExportFormat.of(path: "frames", sequence: true) == .pngFolder)
        #expect(try ExportFormat.of(path: "frames.gif/", sequence: true) == .pngFolder)
        #expect(try ExportFormat.of(path: "a.png", sequence: false) == .png)
        #expect(try ExportFormat.of(path: "frame", sequence: false) == .png)
        #expect(try ExportFormat.of(path: NSTemporaryDirectory(), sequence: true) == .pngFolder)
    }

    @Test func unknownExtensionsAreRefusedInWords() {
        #expect(throws: ExportFormatError.self) { try ExportFormat.of(path: "a.jpg", sequence: false) }
        #expect(throws: ExportFormatError.self) { try ExportFormat.of(path: "a.mp4", sequence: true) }
        do {
            _ = try ExportFormat.of(path: "a.png", sequence: true)
            Issue.record("a sequence into one .png was accepted")
        } catch {
            #expect(error.description.contains(".gif or an .apng"))
        }
    }
}
