// Translucent strokes whose triangles overlap, many in one draw, each pixel blended once per stroke: every
// stroke gets its own depth, nearer than every stroke before it, and the depth test is LESS, so a stroke's
// second triangle over a sample fails (equal depth) while a later stroke passes. The texture-coordinate slot
// packs the premultiplied colour as 10-bit channels plus the stroke's index in its run (8 bits), each float
// hi10 * 16384 + mid10 * 16 + nibble (under 2^24, exact in float32). uBase is the run's first stroke.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
// Coverage: 1 inside, falling to 0 across an antialiasing fringe (DisplayList+Fringe.swift).
layout(location = 2) in float aCoverage;
uniform mat4 uMatrix;
uniform float uBase;
flat out vec4 vColor;
out float vCoverage;
void main() {
    vec2 hi = floor(aTexCoord / 16384.0);
    vec2 rest = aTexCoord - hi * 16384.0;
    vec2 mid = floor(rest / 16.0);
    vec2 nibble = rest - mid * 16.0;
    vColor = vec4(hi.x, mid.x, hi.y, mid.y) / 1023.0;
    float stroke = uBase + nibble.x * 16.0 + nibble.y;
    vCoverage = aCoverage;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
    // Window depth 1 - (stroke + 1) / 65536: distinct 24-bit values 256 apart, decreasing in painter's order.
    gl_Position.z = (1.0 - 2.0 * (stroke + 1.0) / 65536.0) * gl_Position.w;
}
