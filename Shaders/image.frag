// Textures hold premultiplied RGBA, so opacity scales all four channels.
uniform sampler2D uTexture;
uniform float uOpacity;
in vec2 vTexCoord;
out vec4 fragColor;
void main() {
    fragColor = texture(uTexture, vTexCoord) * uOpacity;
}
