// Coverage of a rounded rectangle: its signed distance (negative inside), in device pixels, through a
// one-pixel box filter: clamp(0.5 - d, 0, 1), exact for straight edges, as the fringes of other meshes.
in vec2 vLocal;
flat in vec2 vHalfSize;
flat in vec2 vRadiusScale;
flat in vec4 vColor;
out vec4 fragColor;
void main() {
    float r = vRadiusScale.x;
    vec2 q = abs(vLocal) - (vHalfSize - vec2(r));
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
    fragColor = vColor * clamp(0.5 - d * vRadiusScale.y, 0.0, 1.0);
}
