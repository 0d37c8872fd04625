// Textures hold premultiplied RGBA, so a tint (opacity, or a replicator copy's colour, premultiplied)
// multiplies the four channels one by one. With IMAGE_ARC (and arc.glsl before it), the picture is seen
// through a stroked circular arc: its coverage scales the texel (Compositor+PaintedImages).
uniform sampler2D uTexture;
uniform vec4 uTint;
in vec2 vTexCoord;
in float vCoverage;
out vec4 fragColor;
void main() {
    float coverage = clamp(vCoverage, 0.0, 1.0);
#ifdef IMAGE_ARC
    coverage *= arcCoverage();
#endif
    fragColor = texture(uTexture, vTexCoord) * (uTint * coverage);
}
