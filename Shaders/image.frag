// Textures hold premultiplied RGBA, so opacity scales all four channels.
uniform sampler2D uTexture;
uniform float uOpacity;
in vec2 vTexCoord;
in float vCoverage;
out vec4 fragColor;
void main() {
    fragColor = texture(uTexture, vTexCoord) * (uOpacity * clamp(vCoverage, 0.0, 1.0));
}
