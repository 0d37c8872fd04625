// One direction of a separable Gaussian blur of a texture's alpha (shadows need only the silhouette).
// uDirection is one texel step along x or y; weights are normalised over the taps actually taken.
uniform sampler2D uTexture;
uniform vec2 uDirection;
uniform float uSigma;
in vec2 vTexCoord;
out vec4 fragColor;
void main() {
    if (uSigma < 0.01) {
        fragColor = vec4(texture(uTexture, vTexCoord).a);
        return;
    }
    int radius = int(min(ceil(3.0 * uSigma), 64.0));
    float total = 0.0;
    float sum = 0.0;
    for (int i = -64; i <= 64; i++) {
        if (i < -radius || i > radius) continue;
        float w = exp(-0.5 * float(i * i) / (uSigma * uSigma));
        sum += w * texture(uTexture, vTexCoord + float(i) * uDirection).a;
        total += w;
    }
    fragColor = vec4(sum / total);
}
