// CAGradientLayer: axial (0), radial (1) or conic (2) through up to 16 colour stops.
// Colours are interpolated in straight (unpremultiplied) sRGB components, as Core Animation does (a gradient
// from clear black to white passes through grey), then premultiplied and scaled by the layer's opacity.
// Positions before the first stop take its colour, after the last stop the last colour; stops may lie
// outside 0...1 (seed 003's shimmer).
// Compiled once per gradient type, arc mode and stop count class (GRADIENT_TYPE, ARC_MODE, STOPS, defined
// by ShaderLibrary): llvmpipe runs every branch of an uber-shader, so each variant has only its own.
const int MAX_STOPS = 16;
uniform vec2 uStart;        // layer points
uniform vec2 uEnd;          // layer points
uniform int uCount;
uniform vec4 uColors[MAX_STOPS];
uniform float uLocations[MAX_STOPS];
uniform vec4 uTint;
uniform float uDither;      // 1: add +-0.5/255 noise against banding; 0 for reference comparisons
in vec2 vLayerPosition;
in float vCoverage;
in vec2 vPosition;
// A stroked circular arc painted with the gradient (Compositor+PaintedMasks): 0 none, 1 butt caps, 2 round
// caps. uArc: centre, radius, half the line width (vPosition's space); uArcAngles: start and signed sweep,
// radians; uArcEnds: the unit directions from the centre to the start and to the end (made once on the CPU);
// uArcScale: device pixels per unit of that space.
uniform vec4 uArc;
uniform vec2 uArcAngles;
uniform vec4 uArcEnds;
uniform float uArcScale;
out vec4 fragColor;

const float PI = 3.14159265358979;

float parameter() {
    vec2 d = uEnd - uStart;
#if GRADIENT_TYPE == 1
    {
        // Radial: an ellipse centred on startPoint whose radii reach endPoint's x and y.
        vec2 radii = abs(d);
        if (radii.x <= 0.0 || radii.y <= 0.0) {
            float r = max(radii.x, radii.y);
            return r > 0.0 ? length(vLayerPosition - uStart) / r : 1.0;
        }
        return length((vLayerPosition - uStart) / radii);
    }
#elif GRADIENT_TYPE == 2
    {
        // Conic: angle around startPoint, 0 towards endPoint, increasing clockwise on screen (y down).
        vec2 p = vLayerPosition - uStart;
        float a = atan(p.y, p.x) - atan(d.y, d.x);
        return fract(a / (2.0 * PI));
    }
#else
    float len2 = dot(d, d);
    return len2 > 0.0 ? dot(vLayerPosition - uStart, d) / len2 : 0.0;
#endif
}

#if ARC_MODE != 0
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
#endif

void main() {
    float t = parameter();
    vec4 color = uColors[0];
#if STOPS == 2
    // Two stops (or one): a single blend, or a hard step where they coincide.
    {
        float span = uLocations[1] - uLocations[0];
        float f = span > 0.0 ? clamp((t - uLocations[0]) / span, 0.0, 1.0) : step(uLocations[1], t);
        color = mix(color, uColors[1], uCount > 1 ? f : 0.0);
    }
#elif STOPS == 1
    // Up to 4 stops, branch-free: each stop below t pulls the colour fully to it, the pair around t mixes
    // part way, the rest (and those past uCount) leave it. Unrolled, it is the cheapest form on llvmpipe.
    for (int i = 1; i < 4; i++) {
        float span = uLocations[i] - uLocations[i - 1];
        float f = span > 0.0 ? clamp((t - uLocations[i - 1]) / span, 0.0, 1.0) : step(uLocations[i], t);
        color = mix(color, uColors[i], i < uCount ? f : 0.0);
    }
#else
    if (t >= uLocations[uCount - 1]) {
        color = uColors[uCount - 1];
    } else if (t > uLocations[0]) {
        for (int i = 1; i < MAX_STOPS; i++) {
            if (i >= uCount) break;
            if (t <= uLocations[i]) {
                float span = uLocations[i] - uLocations[i - 1];
                float f = span > 0.0 ? (t - uLocations[i - 1]) / span : 1.0;
                color = mix(uColors[i - 1], uColors[i], f);
                break;
            }
        }
    }
#endif
    // Interleaved gradient noise: a cheap hash of the pixel (no sin), uniform enough to break up banding.
    float noise = fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715)))) - 0.5;
    vec3 rgb = color.rgb + uDither * noise / 255.0;
    float coverage = clamp(vCoverage, 0.0, 1.0);
#if ARC_MODE != 0
    coverage *= clamp(0.5 - arcDistance() * uArcScale, 0.0, 1.0);
#endif
    fragColor = vec4(rgb * color.a, color.a) * (uTint * coverage);
}
