// Premultiplied colour per triangle (flat: every vertex of a fill carries the same one).
flat in vec4 vColor;
in float vCoverage;
out vec4 fragColor;
void main() {
    fragColor = vColor * clamp(vCoverage, 0.0, 1.0);
}
