// Textures hold premultiplied RGBA, so a tint (opacity, or a replicator copy's colour, premultiplied)
// multiplies the four channels one by one.
uniform sampler2D uTexture;
uniform vec4 uTint;
in vec2 vTexCoord;
in float vCoverage;
out vec4 fragColor;
void main() {
    fragColor = texture(uTexture, vTexCoord) * (uTint * clamp(vCoverage, 0.0, 1.0));
}
