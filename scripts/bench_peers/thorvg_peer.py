"""ThorVG (the thorvg-python package) with its software canvas, one thread (as skia, Blend2D and cairo here).

thorvg-python's classes set each C function's ctypes signature on every call; this peer binds the C API of
the library that package ships once instead, so a frame pays ctypes' call cost and not the signature setup.
Each frame is drawn immediate-mode, as the other peers: the canvas's shapes are removed and built again.
"""
import ctypes
import math

import numpy as np
from thorvg_python import Engine
from thorvg_python.base import ColorStop, Matrix

from scene import arc_beziers, is_identity

_P = ctypes.c_void_p
_F = ctypes.c_float
_U8 = ctypes.c_uint8
_ROUND_CAP = 1
_ROUND_JOIN = 1
_NON_ZERO = 0
_ABGR8888 = 0  # premultiplied, bytes R, G, B, A in memory on a little-endian machine


def _bind(lib, name, args, result=ctypes.c_int):
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = result
    return f


def _byte(v):
    return max(0, min(255, int(round(v * 255))))


class ThorVGPeer:
    name = "thorvg"

    def __init__(self, width, height):
        self.engine = Engine(threads=0)
        lib = self.engine.thorvg_lib
        self.canvas_create = _bind(lib, "tvg_swcanvas_create", [ctypes.c_uint8], _P)
        self.set_target = _bind(lib, "tvg_swcanvas_set_target",
                                [_P, _P, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint8])
        self.canvas_add = _bind(lib, "tvg_canvas_add", [_P, _P])
        self.canvas_remove = _bind(lib, "tvg_canvas_remove", [_P, _P])
        self.canvas_update = _bind(lib, "tvg_canvas_update", [_P])
        self.canvas_draw = _bind(lib, "tvg_canvas_draw", [_P, ctypes.c_bool])
        self.canvas_sync = _bind(lib, "tvg_canvas_sync", [_P])
        self.shape_new = _bind(lib, "tvg_shape_new", [], _P)
        self.move_to = _bind(lib, "tvg_shape_move_to", [_P, _F, _F])
        self.line_to = _bind(lib, "tvg_shape_line_to", [_P, _F, _F])
        self.cubic_to = _bind(lib, "tvg_shape_cubic_to", [_P, _F, _F, _F, _F, _F, _F])
        self.close = _bind(lib, "tvg_shape_close", [_P])
        self.append_rect = _bind(lib, "tvg_shape_append_rect", [_P, _F, _F, _F, _F, _F, _F, ctypes.c_bool])
        self.fill_color = _bind(lib, "tvg_shape_set_fill_color", [_P, _U8, _U8, _U8, _U8])
        self.fill_rule = _bind(lib, "tvg_shape_set_fill_rule", [_P, ctypes.c_int])
        self.stroke_width = _bind(lib, "tvg_shape_set_stroke_width", [_P, _F])
        self.stroke_color = _bind(lib, "tvg_shape_set_stroke_color", [_P, _U8, _U8, _U8, _U8])
        self.stroke_cap = _bind(lib, "tvg_shape_set_stroke_cap", [_P, ctypes.c_int])
        self.stroke_join = _bind(lib, "tvg_shape_set_stroke_join", [_P, ctypes.c_int])
        self.stroke_gradient = _bind(lib, "tvg_shape_set_stroke_gradient", [_P, _P])
        self.linear_new = _bind(lib, "tvg_linear_gradient_new", [], _P)
        self.linear_set = _bind(lib, "tvg_linear_gradient_set", [_P, _F, _F, _F, _F])
        self.color_stops = _bind(lib, "tvg_gradient_set_color_stops", [_P, ctypes.POINTER(ColorStop), ctypes.c_uint32])
        self.set_transform = _bind(lib, "tvg_paint_set_transform", [_P, ctypes.POINTER(Matrix)])
        self.width, self.height = width, height
        self.buffer = (ctypes.c_uint32 * (width * height))()
        self.canvas = self.canvas_create(0)
        self.set_target(self.canvas, ctypes.addressof(self.buffer), width, width, height, _ABGR8888)

    def draw(self, frame):
        """Removes the last frame's shapes, builds this frame's, draws (clearing) and syncs."""
        c = self.canvas
        self.canvas_remove(c, None)
        for p in frame["primitives"]:
            shape = self.shape_new()
            getattr(self, "_" + p["kind"])(shape, p)
            t = p["transform"]
            if not is_identity(t):
                a, b, cc, d, tx, ty = t
                self.set_transform(shape, ctypes.byref(Matrix(a, cc, tx, b, d, ty, 0, 0, 1)))
            self.canvas_add(c, shape)
        self.canvas_update(c)
        self.canvas_draw(c, True)
        self.canvas_sync(c)

    def _fill(self, shape, color):
        self.fill_color(shape, *(_byte(v) for v in color))

    def _roundedRect(self, shape, p):
        x, y, w, h = p["rect"]
        r = min(p["radius"], w / 2, h / 2)
        self.append_rect(shape, x, y, w, h, r, r, True)
        self._fill(shape, p["color"])

    def _polyline(self, shape, p):
        pts = p["points"]
        self.move_to(shape, pts[0], pts[1])
        for i in range(2, len(pts), 2):
            self.line_to(shape, pts[i], pts[i + 1])
        self.stroke_width(shape, p["lineWidth"])
        self.stroke_color(shape, *(_byte(v) for v in p["color"]))
        self.stroke_cap(shape, _ROUND_CAP)
        self.stroke_join(shape, _ROUND_JOIN)

    def _polygon(self, shape, p):
        pts = p["points"]
        self.move_to(shape, pts[0], pts[1])
        for i in range(2, len(pts), 2):
            self.line_to(shape, pts[i], pts[i + 1])
        self.close(shape)
        self.fill_rule(shape, _NON_ZERO)
        self._fill(shape, p["color"])

    def _gradientArc(self, shape, p):
        cx, cy = p["center"]
        first, curves = arc_beziers(cx, cy, p["radius"], -math.pi / 2, 2 * math.pi * p["strokeEnd"])
        self.move_to(shape, *first)
        for (x1, y1), (x2, y2), (x3, y3) in curves:
            self.cubic_to(shape, x1, y1, x2, y2, x3, y3)
        gradient = self.linear_new()
        (x0, y0), (x1, y1) = p["gradientStart"], p["gradientEnd"]
        self.linear_set(gradient, x0, y0, x1, y1)
        stops = (ColorStop * 2)(ColorStop(0.0, *(_byte(v) for v in p["from"])),
                                ColorStop(1.0, *(_byte(v) for v in p["to"])))
        self.color_stops(gradient, stops, 2)
        self.stroke_width(shape, p["lineWidth"])
        self.stroke_gradient(shape, gradient)
        self.stroke_cap(shape, _ROUND_CAP)

    def rgba(self):
        """The last frame as premultiplied RGBA bytes, an (h, w, 4) uint8 array."""
        return np.frombuffer(self.buffer, dtype=np.uint8).reshape(self.height, self.width, 4).copy()
