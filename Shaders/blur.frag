// One direction of a separable Gaussian blur of a texture's alpha (shadows need only the silhouette).
// uDirection is one texel step along x or y; weights are normalised over the taps actually taken. The taps
// reach three sigmas: one a texel up to 64 a side; past that the 64 taps are spread evenly (a sparse
// sampling, smooth enough for a Gaussian that wide), so a wide blur keeps its width instead of being cut.
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
    float reach = ceil(3.0 * uSigma);
    int radius = int(min(reach, 64.0));
    float spacing = max(1.0, reach / 64.0);
    float total = 0.0;
    float sum = 0.0;
    for (int i = -64; i <= 64; i++) {
        if (i < -radius || i > radius) continue;
        float x = float(i) * spacing;
        float w = exp(-0.5 * x * x / (uSigma * uSigma));
        sum += w * texture(uTexture, vTexCoord + x * uDirection).a;
        total += w;
    }
    fragColor = vec4(sum / total);
}
