"""Blend2D (the blend2d-python package, module `blend2d`) on the CPU: one PRGB32 image, synchronous context."""
import math

import blend2d as bl

from scene import is_identity


class Blend2DPeer:
    name = "blend2d"

    def __init__(self, width, height):
        self.image = bl.BLImage(width, height, bl.BLFormat.PRGB32)
        self.ctx = bl.BLContext(self.image)

    def draw(self, frame):
        """Clears, draws the frame's primitives and flushes (the pixels are final when it returns)."""
        ctx = self.ctx
        ctx.clear_all()
        ctx.fill_rule = bl.BLFillRule.NON_ZERO
        ctx.stroke_join = bl.BLStrokeJoin.JOIN_ROUND
        ctx.set_stroke_caps(bl.BLStrokeCap.CAP_ROUND)
        for p in frame["primitives"]:
            t = p["transform"]
            placed = not is_identity(t)
            if placed:
                ctx.save()
                ctx.transform(bl.Matrix2D(*t))
            getattr(self, "_" + p["kind"])(p)
            if placed:
                ctx.restore()
        ctx.flush()

    def _roundedRect(self, p):
        x, y, w, h = p["rect"]
        r = min(p["radius"], w / 2, h / 2)
        path = bl.BLPath()
        path.add_round_rect(bl.BLRect(x, y, w, h), r)
        self.ctx.set_fill_style(tuple(p["color"]))
        self.ctx.fill_path(path)

    def _polyline(self, p):
        pts = p["points"]
        path = bl.BLPath()
        path.move_to(pts[0], pts[1])
        for i in range(2, len(pts), 2):
            path.line_to(pts[i], pts[i + 1])
        self.ctx.stroke_width = p["lineWidth"]
        self.ctx.set_stroke_style(tuple(p["color"]))
        self.ctx.stroke_path(path)

    def _polygon(self, p):
        pts = p["points"]
        path = bl.BLPath()
        path.move_to(pts[0], pts[1])
        for i in range(2, len(pts), 2):
            path.line_to(pts[i], pts[i + 1])
        path.close()
        self.ctx.set_fill_style(tuple(p["color"]))
        self.ctx.fill_path(path)

    def _gradientArc(self, p):
        cx, cy = p["center"]
        r = p["radius"]
        path = bl.BLPath()
        path.arc_to(cx, cy, r, r, -math.pi / 2, 2 * math.pi * p["strokeEnd"], True)
        (x0, y0), (x1, y1) = p["gradientStart"], p["gradientEnd"]
        gradient = bl.create_linear_gradient(x0, y0, x1, y1)
        gradient.add_stop(0.0, tuple(p["from"]))
        gradient.add_stop(1.0, tuple(p["to"]))
        self.ctx.stroke_width = p["lineWidth"]
        self.ctx.set_stroke_style(gradient)
        self.ctx.stroke_path(path)

    def rgba(self):
        """The last frame as premultiplied RGBA bytes, an (h, w, 4) uint8 array."""
        return self.image.getDataAsNumPy()
