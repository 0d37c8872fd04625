// Premultiplied colour; blending is ONE, ONE_MINUS_SRC_ALPHA.
uniform vec4 uColor;
out vec4 fragColor;
void main() {
    fragColor = uColor;
}
