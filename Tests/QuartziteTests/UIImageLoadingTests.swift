import Foundation
import Testing
@testable import Quartzite

/// Images loaded by name, file and bytes as UIKit loads them: PNG and JPEG, the scale variant nearest the
/// screen's scale first, its scale from the "@2x" / "@3x" suffix, nil for what is missing or not an image.
@Suite(.serialized) struct UIImageLoadingTests {
    /// A folder of its own for one test, removed after.
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "uiimage-loading-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// PNG bytes of a `width` x `height` image in one colour.
    func png(_ width: Int, _ height: Int, _ color: UIColor) throws -> Data {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        return try #require(image.pngData())
    }

    @Test func aNamedImageIsTheVariantForTheScreensScaleWithItsScaleFromTheSuffix() throws {
        try withFolder { folder in
            try png(10, 6, .red).write(to: URL(fileURLWithPath: folder + "/badge.png"))
            try png(20, 12, .blue).write(to: URL(fileURLWithPath: folder + "/badge@2x.png"))
            let bundle = try #require(Bundle(path: folder))
            let image = try #require(UIImage(named: "badge", in: bundle, compatibleWith: nil))
            // The screen is 1x unless a window says otherwise: the plain file, then the @2x one.
            let screen = UIScreen.scaleFromAnyThread
            #expect(image.size == CGSize(width: 10, height: 6))
            #expect(image.scale == (screen >= 1.5 ? 2 : 1))
            let found = try #require(ImageFiles.find("badge", in: [folder], screenScale: 2))
            #expect(found.path.hasSuffix("badge@2x.png") && found.scale == 2)
            #expect(ImageFiles.find("badge.png", in: [folder], screenScale: 3)?.scale == 2)
            #expect(ImageFiles.find("badge", in: [folder], screenScale: 1)?.path.hasSuffix("/badge.png") == true)
            // A name that carries its scale is that file at that scale.
            #expect(ImageFiles.find("badge@2x", in: [folder], screenScale: 1).map { ($0.path.hasSuffix("/badge@2x.png"), $0.scale) }
                    .map { $0.0 && $0.1 == 2 } == true)
            // An extension keeps its spelling, and a name with another extension is tried as given.
            try png(4, 4, .green).write(to: URL(fileURLWithPath: folder + "/Logo.PNG"))
            try png(4, 4, .green).write(to: URL(fileURLWithPath: folder + "/icon.gif"))
            #expect(ImageFiles.find("Logo.PNG", in: [folder], screenScale: 1)?.path.hasSuffix("/Logo.PNG") == true)
            #expect(ImageFiles.find("icon.gif", in: [folder], screenScale: 2)?.path.hasSuffix("/icon.gif") == true)
        }
    }

    @Test func aFileKeepsTheScaleItsNameSaysAndItsPixels() throws {
        try withFolder { folder in
            let path = folder + "/dot@3x.png"
            try png(9, 9, .green).write(to: URL(fileURLWithPath: path))
            let image = try #require(UIImage(contentsOfFile: path))
            #expect(image.scale == 3 && image.size == CGSize(width: 3, height: 3))
            #expect(Array(try #require(image.cgImage).premultipliedRGBA.prefix(4)) == [0, 255, 0, 255])
            let fromBytes = try #require(UIImage(data: try png(4, 2, .white), scale: 2))
            #expect(fromBytes.size == CGSize(width: 2, height: 1) && fromBytes.scale == 2)
        }
    }

    @Test func whatIsMissingOrNotAnImageGivesNil() throws {
        try withFolder { folder in
            try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/fake.png"))
            try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: true)
            let bundle = try #require(Bundle(path: folder))
            #expect(UIImage(named: "fake", in: bundle, compatibleWith: nil) == nil)
            #expect(UIImage(named: "absent", in: bundle, compatibleWith: nil) == nil)
            #expect(UIImage(named: "", in: bundle, compatibleWith: nil) == nil)
            #expect(ImageFiles.find("folder", in: [folder], screenScale: 1) == nil)
            #expect(UIImage(contentsOfFile: folder + "/nothing.jpg") == nil)
            #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF])) == nil && UIImage(data: Data()) == nil)
        }
    }

    /// JPEG bytes decode back (by libjpeg's decoder, through `CGImage(imageData:)`) to the picture within
    /// JPEG's loss, translucent pixels over black; a lower quality makes fewer bytes.
    @Test func jpegDataDecodesBackToThePicture() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 16), format: format)
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            UIColor.blue.withAlphaComponent(0.5).setFill()
            context.fill(CGRect(x: 16, y: 0, width: 16, height: 16))
        }
        let best = try #require(image.jpegData(compressionQuality: 1))
        let decoded = try CGImage(imageData: best)
        #expect(decoded.width == 32 && decoded.height == 16)
        func at(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * 32 + x) * 4
            return decoded.premultipliedRGBA[i ..< i + 4].map { Int($0) }
        }
        #expect(zip(at(4, 8), [255, 0, 0, 255]).allSatisfy { abs($0 - $1) <= 8 })
        #expect(zip(at(27, 8), [0, 0, 128, 255]).allSatisfy { abs($0 - $1) <= 8 })
        let noisy = renderer.image { context in
            for i in 0..<64 {
                UIColor(hue: CGFloat(i % 7) / 7, saturation: 1, brightness: 1, alpha: 1).setFill()
                context.fill(CGRect(x: (i * 13) % 32, y: (i * 7) % 16, width: 3, height: 2))
            }
        }
        let small = try #require(noisy.jpegData(compressionQuality: 0.1)), large = try #require(noisy.jpegData(compressionQuality: 1))
        #expect(small.count < large.count)
        #expect(renderer.jpegData(withCompressionQuality: 0.5) { _ in }.starts(with: [0xFF, 0xD8]))
        #expect(UIImage().jpegData(compressionQuality: 0.5) == nil)
    }
}
