import Foundation
@preconcurrency import CEGL

/// An OpenGL 3.3 core context with no window and no display server: EGL on Mesa's surfaceless platform
/// (llvmpipe on CI), or EGL's device platform when a GPU is there and QUARTZITE_EGL_PLATFORM=device.
/// Rendering goes into framebuffer objects.
@MainActor
final class HeadlessContext {
    /// The EGLDisplay is one per process: it is never terminated while renderers live.
    private static var sharedDisplay: EGLDisplay?

    let display: EGLDisplay
    let context: EGLContext

    private typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?

    init() throws {
        let display = try Self.display()
        // Desktop GL needs this before creating the context; the default API is GLES.
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            throw RenderError.context("eglBindAPI(EGL_OPENGL_API) failed: \(Self.errorName())")
        }
        let attributes: [EGLint] = [
            EGLint(EGL_CONTEXT_MAJOR_VERSION), 3,
            EGLint(EGL_CONTEXT_MINOR_VERSION), 3,
            EGLint(EGL_CONTEXT_OPENGL_PROFILE_MASK), EGLint(EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT),
            EGLint(EGL_NONE),
        ]
        // EGL_KHR_no_config_context: no config and no surface; we render into FBOs.
        guard let context = eglCreateContext(display, nil, nil, attributes) else {
            throw RenderError.context("eglCreateContext(OpenGL 3.3 core) failed: \(Self.errorName())")
        }
        self.display = display
        self.context = context
        try makeCurrent()
    }

    /// Makes this context current on the calling thread (another renderer's may have been).
    func makeCurrent() throws {
        guard eglMakeCurrent(display, nil, nil, context) != 0 else {
            throw RenderError.context("eglMakeCurrent failed: \(Self.errorName())")
        }
    }

    /// Leaves the calling thread without this context, so another thread can make it current (EGL lets a
    /// context be current on one thread at a time).
    func releaseCurrent() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
    }

    func destroy() {
        releaseCurrent()
        eglDestroyContext(display, context)
    }

    private static func display() throws -> EGLDisplay {
        if let d = sharedDisplay { return d }
        RasterizerThreads.prepare()
        guard let proc = eglGetProcAddress("eglGetPlatformDisplayEXT") else {
            throw RenderError.context("EGL has no eglGetPlatformDisplayEXT; install Mesa's EGL (libegl-mesa0)")
        }
        let getPlatformDisplay = unsafeBitCast(proc, to: GetPlatformDisplay.self)
        let wantDevice = ProcessInfo.processInfo.environment["QUARTZITE_EGL_PLATFORM"] == "device"
        var display: EGLDisplay?
        if wantDevice { display = deviceDisplay(getPlatformDisplay) }
        if display == nil {
            display = getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        }
        guard let display else {
            throw RenderError.context("no surfaceless EGL display (Mesa's EGL_MESA_platform_surfaceless); install libegl-mesa0 and libgl1-mesa-dri")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) != 0 else {
            throw RenderError.context("eglInitialize failed: \(errorName())")
        }
        sharedDisplay = display
        return display
    }

    /// The first EGL device (a GPU), through EGL_EXT_device_enumeration.
    private static func deviceDisplay(_ getPlatformDisplay: GetPlatformDisplay) -> EGLDisplay? {
        typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
        guard let proc = eglGetProcAddress("eglQueryDevicesEXT") else { return nil }
        let query = unsafeBitCast(proc, to: QueryDevices.self)
        var devices = [EGLDeviceEXT?](repeating: nil, count: 8)
        var count: EGLint = 0
        guard query(8, &devices, &count) != 0, count > 0, let device = devices[0] else { return nil }
        return getPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil)
    }

    static func errorName() -> String { String(format: "EGL error 0x%04X", eglGetError()) }
}
