// Premultiplied colour; blending is ONE, ONE_MINUS_SRC_ALPHA.
uniform vec4 uColor;
in float vCoverage;
out vec4 fragColor;
void main() {
    fragColor = uColor * clamp(vCoverage, 0.0, 1.0);
}
