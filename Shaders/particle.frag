// The cell's image (premultiplied) multiplied by the particle's premultiplied colour: a white image takes
// the colour, and the colour's alpha (with the layer's opacity) fades the particle.
uniform sampler2D uTexture;
in vec2 vTexCoord;
in vec4 vColor;
out vec4 fragColor;
void main() {
    fragColor = texture(uTexture, vTexCoord) * vColor;
}
