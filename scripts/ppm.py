"""Reads the binary PPM screenshots the window scripts take (ImageMagick's `import -depth 8`)."""


def read_ppm(path):
    """(width, height, RGB bytes) of a binary P6 file with 8-bit samples, or None for anything else."""
    data = open(path, "rb").read()
    # "P6" <w> <h> <max>, each followed by one whitespace byte, then 8-bit RGB.
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end + 1
    if fields[0] != b"P6" or fields[3] != b"255":
        return None
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos:pos + w * h * 3]


def count_pixels(path, near, within):
    """How many pixels of the screenshot lie within `within` of the RGB colour `near` on every channel."""
    image = read_ppm(path)
    if image is None:
        return 0
    _, _, px = image
    r, g, b = near
    return sum(1 for i in range(0, len(px), 3)
               if abs(px[i] - r) < within and abs(px[i + 1] - g) < within and abs(px[i + 2] - b) < within)
