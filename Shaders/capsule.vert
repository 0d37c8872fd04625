// Round-capped, round-joined strokes of straight segments (CapsuleStroke.swift): such a stroke is the union of
// its segments' capsules, every point within half the line width of a segment. One quad per segment; the
// fragment shader measures the distance to each of the stroke's segments that can reach the quad (a list in
// uSegments), so each pixel's coverage is the union's, and only the quad of the nearest segment draws it:
// blended once, no tessellation.
// Per vertex: canvas position; packed premultiplied colour (as batch.vert); where the quad's list of segments
// continues in uSegments past its fourth entry, the list's length, how many entries after the first win ties
// against it (listed first), and half the line width in pixels; the list's first four entries (the quad's own
// segment first, each as x0, y0, x1 - x0, y1 - y0; zeros past the end) and their inverse squared lengths.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aColor;
layout(location = 2) in vec4 aStroke;
layout(location = 3) in vec4 aEntry0;
layout(location = 4) in vec4 aEntry1;
layout(location = 5) in vec4 aEntry2;
layout(location = 6) in vec4 aEntry3;
layout(location = 7) in vec4 aInverseSquaredLengths;
uniform mat4 uMatrix;
flat out vec4 vColor;
flat out ivec3 vList;
flat out float vHalfWidth;
flat out vec4 vEntry0;
flat out vec4 vEntry1;
flat out vec4 vEntry2;
flat out vec4 vEntry3;
flat out vec4 vInverseSquaredLengths;
void main() {
    vec2 hi = floor(aColor / 4096.0);
    vec2 lo = aColor - hi * 4096.0;
    vColor = vec4(hi.x, lo.x, hi.y, lo.y) / 4095.0;
    vList = ivec3(aStroke.xyz);
    vHalfWidth = aStroke.w;
    vEntry0 = aEntry0;
    vEntry1 = aEntry1;
    vEntry2 = aEntry2;
    vEntry3 = aEntry3;
    vInverseSquaredLengths = aInverseSquaredLengths;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
