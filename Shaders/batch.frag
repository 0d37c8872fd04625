// Premultiplied colour per triangle (flat: every vertex of a fill carries the same one).
flat in vec4 vColor;
out vec4 fragColor;
void main() {
    fragColor = vColor;
}
