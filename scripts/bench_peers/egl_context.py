"""A current OpenGL context with no surface, through EGL on Mesa's surfaceless platform (the kind of context
`quartzite bench --headless` draws in: llvmpipe on a machine without a GPU), made with ctypes alone."""
import ctypes

_P = ctypes.c_void_p
_PLATFORM_SURFACELESS_MESA = 0x31DD
_OPENGL_API = 0x30A2
_NONE = 0x3038


class EGLError(RuntimeError):
    pass


def make_current_context():
    """Creates an OpenGL context on the surfaceless display and makes it current on this thread; returns
    (display, context). Raises EGLError with the step that failed."""
    egl = ctypes.CDLL("libEGL.so.1")
    egl.eglGetProcAddress.restype = _P
    egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
    egl.eglInitialize.argtypes = [_P, _P, _P]
    egl.eglBindAPI.argtypes = [ctypes.c_uint]
    egl.eglCreateContext.restype = _P
    egl.eglCreateContext.argtypes = [_P, _P, _P, _P]
    egl.eglMakeCurrent.argtypes = [_P, _P, _P, _P]
    egl.eglGetError.restype = ctypes.c_int
    address = egl.eglGetProcAddress(b"eglGetPlatformDisplayEXT")
    if not address:
        raise EGLError("no eglGetPlatformDisplayEXT")
    get_display = ctypes.CFUNCTYPE(_P, ctypes.c_uint, _P, _P)(address)
    display = get_display(_PLATFORM_SURFACELESS_MESA, None, None)
    major, minor = ctypes.c_int(), ctypes.c_int()
    if not display or not egl.eglInitialize(display, ctypes.byref(major), ctypes.byref(minor)):
        raise EGLError(f"no surfaceless EGL display (error {egl.eglGetError():#x})")
    if not egl.eglBindAPI(_OPENGL_API):
        raise EGLError(f"eglBindAPI(OpenGL) failed (error {egl.eglGetError():#x})")
    attributes = (ctypes.c_int * 1)(_NONE)
    # No config: EGL_KHR_no_config_context, as the surfaceless platform offers.
    context = egl.eglCreateContext(display, None, None, attributes)
    if not context:
        raise EGLError(f"eglCreateContext failed (error {egl.eglGetError():#x})")
    if not egl.eglMakeCurrent(display, None, None, context):
        raise EGLError(f"eglMakeCurrent failed (error {egl.eglGetError():#x})")
    return display, context
