// A shadow: the blurred silhouette's coverage (in every channel) times the premultiplied shadow colour.
uniform sampler2D uTexture;
uniform vec4 uColor;
in vec2 vTexCoord;
out vec4 fragColor;
void main() {
    fragColor = uColor * texture(uTexture, vTexCoord).a;
}
