// Coverage of a pixel by a union of capsules (see capsule.vert). Each quad has a list: its own segment, then
// every segment of the stroke that can be nearer somewhere the quad draws (CapsuleStroke.swift); the first
// four come as flat inputs, the rest from uSegments (texture fetches cost llvmpipe more than the distances).
// The pixel's position comes from gl_FragCoord, never from an interpolated varying, and every distance is
// measured by one function: quads that reach one pixel must agree bitwise on which segment is nearest, or the
// pixel would be drawn twice or not at all. Ties go to the segment whose coordinates come first: the list
// holds those first (vList.z of them), so the shader compares with <= for them and < for the rest. Distances
// are compared squared; only the quad's own is rooted, for its coverage. Each segment comes as its start and
// its direction times its length, with the inverse of its squared length, all made once on the CPU.
uniform samplerBuffer uSegments;   // per entry: x0, y0, x1 - x0, y1 - y0 (target pixels, y down); then 1 / length^2
uniform vec3 uWindow;              // the target's viewport origin (window pixels) and its canvas height in pixels
flat in vec4 vColor;
flat in ivec3 vList;               // where entries past the fourth start in uSegments, the list's length, and
                                   // how many entries after the first win ties against it
flat in float vHalfWidth;
flat in vec4 vEntry0;              // the quad's own segment
flat in vec4 vEntry1;
flat in vec4 vEntry2;
flat in vec4 vEntry3;
flat in vec4 vInverseSquaredLengths;
out vec4 fragColor;

float squaredDistanceTo(vec2 p, vec4 s, float inverseSquaredLength) {
    vec2 pa = p - s.xy;
    float h = clamp(dot(pa, s.zw) * inverseSquaredLength, 0.0, 1.0);
    vec2 d = pa - s.zw * h;
    return dot(d, d);
}

// Whether entry k of the list, segment s, is nearer to p than the quad's own segment (squared distance own2).
bool nearer(vec2 p, vec4 s, float inverseSquaredLength, int k, float own2) {
    float d2 = squaredDistanceTo(p, s, inverseSquaredLength);
    return k <= vList.z ? d2 <= own2 : d2 < own2;
}

void main() {
    vec2 p = vec2(gl_FragCoord.x - uWindow.x, uWindow.z - (gl_FragCoord.y - uWindow.y));
    float w = vHalfWidth;
    float own2 = squaredDistanceTo(p, vEntry0, vInverseSquaredLengths.x);
    // Beyond the reach of its own capsule the quad draws nothing: either no segment covers the pixel, or a
    // nearer one does and its quad draws it.
    float own = sqrt(own2);
    if (own >= w + 0.5) discard;
    int n = vList.y;
    if (n > 1 && nearer(p, vEntry1, vInverseSquaredLengths.y, 1, own2)) discard;
    if (n > 2 && nearer(p, vEntry2, vInverseSquaredLengths.z, 2, own2)) discard;
    if (n > 3 && nearer(p, vEntry3, vInverseSquaredLengths.w, 3, own2)) discard;
    for (int k = 4; k < n; k++) {
        int texel = 2 * (vList.x + k - 4);
        if (nearer(p, texelFetch(uSegments, texel), texelFetch(uSegments, texel + 1).x, k, own2)) discard;
    }
    // A one-pixel box across a band of half width w at distance d: exact for straight edges, and a hairline
    // thinner than a pixel fades to its width instead of breaking up.
    float coverage = clamp(min(own + w, 0.5) - max(own - w, -0.5), 0.0, 1.0);
    fragColor = vColor * coverage;
}
