// The coverage of a stroked circular arc, shared by the programs that paint one (gradient.frag: a ring painted
// with a gradient or one colour; image.frag: a picture seen through a ring; Compositor+PaintedMasks,
// Compositor+ArcStrokes). ShaderLibrary puts this file, after its defines, before those programs' own source.
// ARC_MODE: 0 none, 1 butt caps, 2 round caps. uArc: centre, radius, half the line width (vPosition's space);
// uArcAngles: start and signed sweep, radians; uArcEnds: the unit directions from the centre to the start and
// to the end (made once on the CPU); uArcScale: device pixels per unit of that space.
const float PI = 3.14159265358979;
#if ARC_MODE != 0
in vec2 vPosition;
uniform vec4 uArc;
uniform vec2 uArcAngles;
uniform vec4 uArcEnds;
uniform float uArcScale;

// Signed distance to the stroke of the arc (negative inside), in the arc's units.
float arcDistance() {
    vec2 p = vPosition - uArc.xy;
    float radius = uArc.z, halfWidth = uArc.w;
    float band = abs(length(p) - radius) - halfWidth;
    float sweep = uArcAngles.y;
    if (abs(sweep) >= 2.0 * PI) return band;
    vec2 t0 = uArcEnds.xy, t1 = uArcEnds.zw;
    vec2 e0 = radius * t0, e1 = radius * t1;
#if ARC_MODE == 2
    {
        // Within the sweep by two half-plane tests (no atan, which llvmpipe expands to a long polynomial):
        // on the turning side of the start's radius and before the end's; a wedge of at most a half turn is
        // the intersection of the two sides, a wider one their union.
        float s = sweep >= 0.0 ? 1.0 : -1.0;
        bool afterStart = s * (t0.x * p.y - t0.y * p.x) >= 0.0;
        bool beforeEnd = s * (p.x * t1.y - p.y * t1.x) >= 0.0;
        bool within = abs(sweep) <= PI ? (afterStart && beforeEnd) : (afterStart || beforeEnd);
        vec2 q0 = p - e0, q1 = p - e1;
        float caps = sqrt(min(dot(q0, q0), dot(q1, q1))) - halfWidth;
        return within ? min(band, caps) : caps;
    }
#else
    // Angle from the start, measured the way the arc turns.
    float a = atan(p.y, p.x) - uArcAngles.x;
    a = sweep >= 0.0 ? a : -a;
    a = mod(a, 2.0 * PI);
    float span = abs(sweep);
    // Butt: the ends are cut along the radii. Distance past each end's radial line (positive outside).
    float s = sweep >= 0.0 ? 1.0 : -1.0;
    float past0 = s * (p.x * t0.y - p.y * t0.x);
    float past1 = -s * (p.x * t1.y - p.y * t1.x);
    if (a <= span) {
        // Inside the arc's angles: the band, cut by the end lines near the ends (a wedge of at most a half
        // turn is convex, so both cuts apply; in a wider one only the cut of the nearer end, and only within a
        // quarter turn of it, where its line is still the way out).
        if (span <= PI) return max(band, max(past0, past1));
        float cut = a < 0.5 * span ? (a < 0.5 * PI ? past0 : -1e9) : (span - a < 0.5 * PI ? past1 : -1e9);
        return max(band, cut);
    }
    // Beyond the ends: the nearer end's cut, as a box.
    float d0 = length(max(vec2(past0, abs(dot(p, t0) - radius) - halfWidth), 0.0));
    float d1 = length(max(vec2(past1, abs(dot(p, t1) - radius) - halfWidth), 0.0));
    return max(min(d0, d1), 1e-6);
#endif
}

// The arc's coverage of this pixel: its distance through a one-pixel box filter.
float arcCoverage() {
    return clamp(0.5 - arcDistance() * uArcScale, 0.0, 1.0);
}
#endif
