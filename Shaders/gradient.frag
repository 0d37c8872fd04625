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
uniform vec2 uNoiseOrigin;  // added to the pixel's position for the noise (a bitmap shown elsewhere)
in vec2 vLayerPosition;
in float vCoverage;
// A stroked circular arc's coverage (arcDistance) comes from arc.glsl, put before this file by ShaderLibrary.
out vec4 fragColor;

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
    float noise = fract(52.9829189 * fract(dot(gl_FragCoord.xy + uNoiseOrigin, vec2(0.06711056, 0.00583715)))) - 0.5;
    vec3 rgb = color.rgb + uDither * noise / 255.0;
    float coverage = clamp(vCoverage, 0.0, 1.0);
#if ARC_MODE != 0
    coverage *= arcCoverage();
#endif
    fragColor = vec4(rgb * color.a, color.a) * (uTint * coverage);
}
