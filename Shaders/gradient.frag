// CAGradientLayer: axial (0), radial (1) or conic (2) through up to 16 colour stops.
// Colours are interpolated in straight (unpremultiplied) sRGB components, as Core Animation does (a gradient
// from clear black to white passes through grey), then premultiplied and scaled by the layer's opacity.
// Positions before the first stop take its colour, after the last stop the last colour; stops may lie
// outside 0...1 (seed 003's shimmer).
const int MAX_STOPS = 16;
uniform int uType;
uniform vec2 uStart;        // layer points
uniform vec2 uEnd;          // layer points
uniform int uCount;
uniform vec4 uColors[MAX_STOPS];
uniform float uLocations[MAX_STOPS];
uniform float uOpacity;
uniform float uDither;      // 1: add +-0.5/255 noise against banding; 0 for reference comparisons
in vec2 vLayerPosition;
in float vCoverage;
out vec4 fragColor;

const float PI = 3.14159265358979;

float parameter() {
    vec2 d = uEnd - uStart;
    if (uType == 1) {
        // Radial: an ellipse centred on startPoint whose radii reach endPoint's x and y.
        vec2 radii = abs(d);
        if (radii.x <= 0.0 || radii.y <= 0.0) {
            float r = max(radii.x, radii.y);
            return r > 0.0 ? length(vLayerPosition - uStart) / r : 1.0;
        }
        return length((vLayerPosition - uStart) / radii);
    }
    if (uType == 2) {
        // Conic: angle around startPoint, 0 towards endPoint, increasing clockwise on screen (y down).
        vec2 p = vLayerPosition - uStart;
        float a = atan(p.y, p.x) - atan(d.y, d.x);
        return fract(a / (2.0 * PI));
    }
    float len2 = dot(d, d);
    return len2 > 0.0 ? dot(vLayerPosition - uStart, d) / len2 : 0.0;
}

void main() {
    float t = parameter();
    vec4 color = uColors[0];
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
    float noise = fract(sin(dot(gl_FragCoord.xy, vec2(12.9898, 78.233))) * 43758.5453) - 0.5;
    vec3 rgb = color.rgb + uDither * noise / 255.0;
    fragColor = vec4(rgb * color.a, color.a) * (uOpacity * clamp(vCoverage, 0.0, 1.0));
}
