import Foundation

/// Images loaded from files and bytes, PNG or JPEG, as UIKit loads them: nil, with a diagnostic saying why,
/// for a file that is missing or does not decode.
extension UIImage {
    /// The image named `name` in the main bundle's resources (the executable's folder, for a SwiftPM program)
    /// or else the current folder: with ".png", ".jpg" or ".jpeg" (or the one it has) and the "@3x" or "@2x"
    /// variant nearest the screen's scale first, its scale taken from the suffix, then the name as given. Nil
    /// when none is found.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle`'s resources (the main bundle's when nil), then the current folder.
    /// A trait collection has nothing to choose here and is ignored.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard !name.isEmpty else { return nil }
        let folders = [(bundle ?? Bundle.main).resourcePath, FileManager.default.currentDirectoryPath].compactMap { $0 }
        guard let (path, scale) = ImageFiles.find(name, in: folders, screenScale: UIScreen.scaleFromAnyThread) else {
            Diagnostics.report("UIImage(named: \"\(name)\"): no such image in \(folders.joined(separator: " or "))")
            return nil
        }
        self.init(path: path, scale: scale, caller: "UIImage(named: \"\(name)\")")
    }

    /// The image in the file at `path`; its scale from an "@2x" or "@3x" suffix, else 1. Nil when the file is
    /// missing or is not a PNG or JPEG image.
    public convenience init?(contentsOfFile path: String) {
        self.init(path: path, scale: ImageFiles.scale(ofFile: path), caller: "UIImage(contentsOfFile:)")
    }

    /// The image encoded in `data` (PNG or JPEG), at one pixel a point; nil when it does not decode.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    /// The image encoded in `data` at `scale` pixels a point; nil when it does not decode.
    public convenience init?(data: Data, scale: CGFloat) {
        do {
            self.init(cgImage: try CGImage(imageData: data), scale: scale, orientation: .up)
        } catch {
            Diagnostics.report("UIImage(data:): \(error)")
            return nil
        }
    }

    /// The image decoded from the file at `path`, or nil with a diagnostic naming `caller`.
    private convenience init?(path: String, scale: CGFloat, caller: String) {
        do {
            self.init(cgImage: try CGImage(contentsOf: URL(fileURLWithPath: path)), scale: scale, orientation: .up)
        } catch {
            Diagnostics.report("\(caller): \(error)")
            return nil
        }
    }
}

/// Where a named image's file is, as UIKit looks for it.
enum ImageFiles {
    /// The extensions tried after a name without one.
    static let extensions = ["png", "jpg", "jpeg"]

    /// The first file for `name` in `folders`, and its scale: for a name without an extension the scale
    /// variants nearest `screenScale` first ("@3x" and "@2x" on a 3x screen, "@2x" then the plain file on a
    /// 2x one), each with every extension; a name with one of the extensions is looked for as given too.
    static func find(_ name: String, in folders: [String], screenScale: CGFloat) -> (path: String, scale: CGFloat)? {
        let manager = FileManager.default
        for folder in folders {
            for (file, scale) in candidates(name, screenScale: screenScale) {
                let path = (folder as NSString).appendingPathComponent(file)
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { return (path, scale) }
            }
        }
        return nil
    }

    /// The file names tried for `name`, in order, with the scale each gives: the scale variants, then the name
    /// as given (its scale from its suffix: "icon.gif", "Logo"); an extension keeps its spelling (file names
    /// are case-sensitive here).
    static func candidates(_ name: String, screenScale: CGFloat) -> [(String, CGFloat)] {
        let ext = (name as NSString).pathExtension
        let known = extensions.contains(ext.lowercased())
        let stem = known ? (name as NSString).deletingPathExtension : name
        let given = known ? [ext] : extensions
        var names: [(String, CGFloat)] = []
        // A name that carries its own scale ("img@2x") is that file at that scale.
        let ownScale = Self.scale(ofFile: stem + ".png")
        for scale in preferredScales(screenScale) {
            let suffix = scale == 1 ? "" : "@\(Int(scale))x"
            names += given.map { ("\(stem)\(suffix).\($0)", scale == 1 ? ownScale : scale) }
        }
        return names + [(name, scale(ofFile: name))]
    }

    /// The scale variants in the order UIKit prefers them on a screen of `screenScale`: its own, then lower,
    /// then higher.
    static func preferredScales(_ screenScale: CGFloat) -> [CGFloat] {
        let own = min(max(screenScale.rounded(), 1), 3)
        return [own] + [3, 2, 1].filter { $0 < own } + [1, 2, 3].filter { $0 > own }
    }

    /// The scale a file's name gives: 2 or 3 for an "@2x" or "@3x" suffix before the extension, else 1.
    static func scale(ofFile path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}
