"""skia (the skia-python package) on the CPU: a raster N32 premultiplied surface, antialiased paints."""
import math

import skia

from scene import is_identity


def _color(c):
    return skia.Color4f(c[0], c[1], c[2], c[3])


def _argb(c):
    return skia.Color4f(c[0], c[1], c[2], c[3]).toColor()


class SkiaPeer:
    name = "skia"

    def __init__(self, width, height):
        self.surface = skia.Surface.MakeRasterN32Premul(width, height)
        self._setup()

    def _setup(self):
        self.canvas = self.surface.getCanvas()
        self.fill = skia.Paint(AntiAlias=True, Style=skia.Paint.kFill_Style)
        self.stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style,
                                 StrokeCap=skia.Paint.kRound_Cap, StrokeJoin=skia.Paint.kRound_Join)
        self.gradient = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeCap=skia.Paint.kRound_Cap)

    def draw(self, frame):
        """Clears, draws the frame's primitives and flushes (the pixels are final when it returns)."""
        canvas = self.canvas
        canvas.clear(skia.ColorTRANSPARENT)
        for p in frame["primitives"]:
            t = p["transform"]
            placed = not is_identity(t)
            if placed:
                canvas.save()
                canvas.concat(skia.Matrix().setAffine(t))
            getattr(self, "_" + p["kind"])(p)
            if placed:
                canvas.restore()
        self.finish()

    def finish(self):
        self.surface.flushAndSubmit()

    def _roundedRect(self, p):
        x, y, w, h = p["rect"]
        r = min(p["radius"], w / 2, h / 2)
        self.fill.setColor4f(_color(p["color"]))
        self.canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r), self.fill)

    def _polyline(self, p):
        pts = p["points"]
        path = skia.Path()
        path.moveTo(pts[0], pts[1])
        for i in range(2, len(pts), 2):
            path.lineTo(pts[i], pts[i + 1])
        self.stroke.setStrokeWidth(p["lineWidth"])
        self.stroke.setColor4f(_color(p["color"]))
        self.canvas.drawPath(path, self.stroke)

    def _polygon(self, p):
        pts = p["points"]
        path = skia.Path()
        path.setFillType(skia.PathFillType.kWinding)
        path.moveTo(pts[0], pts[1])
        for i in range(2, len(pts), 2):
            path.lineTo(pts[i], pts[i + 1])
        path.close()
        self.fill.setColor4f(_color(p["color"]))
        self.canvas.drawPath(path, self.fill)

    def _gradientArc(self, p):
        cx, cy = p["center"]
        r = p["radius"]
        path = skia.Path()
        # Degrees, clockwise on a y-down canvas, from 12 o'clock.
        path.addArc(skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r), -90, 360 * p["strokeEnd"])
        (x0, y0), (x1, y1) = p["gradientStart"], p["gradientEnd"]
        shader = skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)],
                                                [_argb(p["from"]), _argb(p["to"])])
        self.gradient.setStrokeWidth(p["lineWidth"])
        self.gradient.setShader(shader)
        self.canvas.drawPath(path, self.gradient)

    def rgba(self):
        """The last frame as premultiplied RGBA bytes, an (h, w, 4) uint8 array."""
        return self.surface.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
