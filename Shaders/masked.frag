// Alpha masking: the content texture (premultiplied) scaled by the mask texture's alpha, as Core Animation
// masks with the mask layer's alpha channel.
uniform sampler2D uTexture;
uniform sampler2D uMask;
uniform float uOpacity;
in vec2 vTexCoord;
out vec4 fragColor;
void main() {
    fragColor = texture(uTexture, vTexCoord) * texture(uMask, vTexCoord).a * uOpacity;
}
