"""skia's GL backend (Ganesh) on an EGL surfaceless context: the same drawing as the CPU peer into a GPU
render target; a frame ends with a flush that waits for the GPU (GrSyncCpu.kYes, as Quartzite's glFinish)."""
import skia

from egl_context import make_current_context
from skia_peer import SkiaPeer


class SkiaGLPeer(SkiaPeer):
    name = "skia-gl"

    def __init__(self, width, height):
        self.egl = make_current_context()
        interface = skia.GrGLInterface.MakeEGL()
        self.gr = skia.GrDirectContext.MakeGL(interface) if interface else None
        if self.gr is None:
            raise RuntimeError("skia could not make a GL context on EGL")
        self.surface = skia.Surface.MakeRenderTarget(self.gr, skia.Budgeted.kNo,
                                                     skia.ImageInfo.MakeN32Premul(width, height))
        if self.surface is None:
            raise RuntimeError("skia could not make a GL render target")
        self._setup()

    def finish(self):
        self.gr.flushAndSubmit(skia.GrSyncCpu.kYes)
