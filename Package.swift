// swift-tools-version: 6.0
import PackageDescription

/// Quartzite: Core Animation for Linux. See DESIGN.md for the map of modules.

/// Compiles a target under a package name of its own, so `package` declarations are out of its reach: the ported
/// programs prove that iOS code needs only the public API.
let outsideThePackage: [SwiftSetting] = [.unsafeFlags(["-package-name", "quartzite_outside"])]

let package = Package(
    name: "Quartzite",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "QuartziteGeometry", targets: ["QuartziteGeometry"]),
        .library(name: "Quartzite", targets: ["Quartzite"]),
        .library(name: "QuartziteRender", targets: ["QuartziteRender"]),
        .library(name: "QuartziteHost", targets: ["QuartziteHost"]),
        .executable(name: "quartzite", targets: ["quartzite"]),
        .executable(name: "quartzite-fuzz", targets: ["quartzite-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found with pkg-config; `make setup` installs their -dev packages.
        .systemLibrary(name: "CEpoxy", path: "Sources/CEpoxy", pkgConfig: "epoxy",
                       providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3",
                       providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // Cairo: the rasteriser under CGContext (Core Graphics drawing, in Quartzite), and the reference the tests
        // and the benchmark compare the GL renderer with.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // Pango on cairo: CATextLayer's layout and drawing (HarfBuzz shaping, fontconfig lookup, wrapping,
        // ellipsizing); the tests lay out the same text with it directly. No pkg-config: its flags carry
        // glib's -pthread, which SwiftPM rejects with a warning; the shim declares what is called.
        .systemLibrary(name: "CPango", path: "Sources/CPango", providers: [.apt(["libpango1.0-dev"])]),
        // Animation export (`quartzite capture ... --output NAME.gif | NAME.apng`): giflib writes GIFs,
        // libimagequant (pngquant's library) makes each frame's palette and dithers to it, zlib's crc32 signs
        // the APNG chunks that are written by hand. libimagequant is GPL-3.0-or-later: only the command line's
        // export target links it, never a library product (DESIGN.md, "Export").
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
                       providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Small C helpers: JPEG decoding that keeps libjpeg's longjmp errors inside C, and malloc tuning.
        .target(name: "CQuartziteSupport", linkerSettings: [.linkedLibrary("jpeg")]),

        .target(name: "QuartziteGeometry"),
        .target(name: "Quartzite", dependencies: ["QuartziteGeometry", "CCairo", "CPango", "CPNG", "CQuartziteSupport"]),
        .target(
            name: "QuartziteRender",
            dependencies: ["Quartzite", "CEpoxy", "CEGL", "CPNG"],
            resources: [
                .embedInCode("../../Shaders/solid.vert"),
                .embedInCode("../../Shaders/solid.frag"),
                .embedInCode("../../Shaders/image.vert"),
                .embedInCode("../../Shaders/image.frag"),
                .embedInCode("../../Shaders/gradient.vert"),
                .embedInCode("../../Shaders/gradient.frag"),
                .embedInCode("../../Shaders/arc.glsl"),
                .embedInCode("../../Shaders/masked.frag"),
                .embedInCode("../../Shaders/blend.frag"),
                .embedInCode("../../Shaders/blur.frag"),
                .embedInCode("../../Shaders/tint.frag"),
                .embedInCode("../../Shaders/rounded_rect.vert"),
                .embedInCode("../../Shaders/rounded_rect.frag"),
                .embedInCode("../../Shaders/batch.vert"),
                .embedInCode("../../Shaders/batch.frag"),
                .embedInCode("../../Shaders/stroke_once.vert"),
                .embedInCode("../../Shaders/capsule.vert"),
                .embedInCode("../../Shaders/capsule.frag"),
                .embedInCode("../../Shaders/particle.vert"),
                .embedInCode("../../Shaders/particle.frag"),
            ]
        ),
        .target(name: "QuartziteHost", dependencies: ["QuartziteRender", "CGLFW"]),
        // Captures as animated GIF and APNG, with a progress bar: the command line's, not a library product.
        .target(name: "QuartziteExport", dependencies: ["QuartziteHost", "QuartziteRender", "CGIF", "CImageQuant", "CZlib"]),
        .target(
            name: "QuartziteDemos",
            dependencies: ["Quartzite", "QuartziteRender", "QuartziteHost"],
            path: "Demos",
            resources: [.embedInCode("Resources/landscape.png")]
        ),
        // `quartzite bench`: frame timings of the demos and scenes, the same scenes drawn by cairo on the CPU, and
        // the engine's parts alone (evaluator, tessellation, shadows, tree shapes). Above the demos, so it reuses
        // their scenes (not part of any library).
        .target(name: "QuartziteBench", dependencies: ["QuartziteDemos", "QuartziteHost", "QuartziteRender", "CCairo"]),
        .executableTarget(
            name: "quartzite",
            dependencies: [
                "QuartziteDemos", "QuartziteHost", "QuartziteRender", "QuartziteBench", "QuartziteExport", "CQuartziteSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The seeded fuzz of the public API (RELIABILITY.md): `make test` runs a few hundred cases a class,
        // `make fuzz` 20,000 in all, one process per chunk so a crash is reported with its case.
        .executableTarget(name: "quartzite-fuzz", dependencies: ["Quartzite", "QuartziteRender"]),

        // iOS animation code ported by swapping imports (Ported/README.md): libraries in both language modes and
        // a top-level program, each rendered headless and probed by PortedProgramsTests. Each is compiled as if
        // outside the package (a package name of its own), so it sees the public API only, as an app would.
        .target(name: "PortedSwift6", dependencies: ["Quartzite"], path: "Ported/Swift6",
                swiftSettings: outsideThePackage),
        .target(name: "PortedSwift5", dependencies: ["Quartzite"], path: "Ported/Swift5",
                swiftSettings: [.swiftLanguageMode(.v5)] + outsideThePackage),
        .executableTarget(name: "ported-toplevel", dependencies: ["Quartzite", "QuartziteRender"],
                          path: "Ported/TopLevel", swiftSettings: outsideThePackage),

        .testTarget(name: "QuartziteGeometryTests", dependencies: ["QuartziteGeometry", "CCairo"]),
        .testTarget(name: "QuartziteTests", dependencies: ["Quartzite", "CCairo", "CPango"]),
        .testTarget(name: "QuartziteRenderTests", dependencies: ["QuartziteRender", "CCairo", "CPango"],
                    exclude: ["Goldens"]),
        .testTarget(name: "QuartziteDemosTests", dependencies: ["QuartziteDemos", "QuartziteRender", "QuartziteBench"]),
        .testTarget(name: "QuartziteExportTests", dependencies: ["QuartziteExport", "QuartziteDemos", "QuartziteRender", "CGIF"]),
        // Runs `quartzite-fuzz` (built beside the test bundle) as child processes; it links none of it.
        .testTarget(name: "QuartziteFuzzTests"),
        .testTarget(name: "PortedProgramsTests", dependencies: ["PortedSwift5", "PortedSwift6", "QuartziteRender"]),
    ],
    swiftLanguageModes: [.v6]
)
