"""Pictures of one frame from each renderer, flattened over white, and how far each is from Quartzite's."""
import numpy as np
from PIL import Image


def over_white_premultiplied(rgba):
    """Premultiplied RGBA (h, w, 4) uint8 -> RGB over white, float."""
    a = rgba[..., 3:4].astype(np.float64)
    return rgba[..., :3].astype(np.float64) + (255.0 - a)


def over_white_png(path):
    """A PNG (straight alpha, or none) -> RGB over white, float."""
    im = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    a = im[..., 3:4] / 255.0
    return im[..., :3] * a + 255.0 * (1 - a)


def save_premultiplied(rgba, path):
    """Writes premultiplied RGBA as a PNG over white (what the picture check and a person look at)."""
    Image.fromarray(np.clip(over_white_premultiplied(rgba) + 0.5, 0, 255).astype(np.uint8), "RGB").save(path)


def difference(a, b):
    """(mean absolute difference per channel in 0-255, % of pixels with some channel differing by > 32)."""
    d = np.abs(a - b)
    return float(d.mean()), float((d.max(axis=2) > 32).mean() * 100)
