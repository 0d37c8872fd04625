// Solid fills batched into one draw call: positions already in canvas points (placed on the CPU), and the
// premultiplied colour packed into the texture-coordinate slot, two 12-bit channels per float
// (hi * 4096 + lo, at most 2^24 - 1, so exact in float32 and exactly undone here). Consecutive fills of any
// colour and any affine matrix then share one draw, which is what costs on llvmpipe (a fixed cost per draw).
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
// Coverage: 1 inside, falling to 0 across an antialiasing fringe (DisplayList+Fringe.swift).
layout(location = 2) in float aCoverage;
uniform mat4 uMatrix;
flat out vec4 vColor;
out float vCoverage;
void main() {
    vec2 hi = floor(aTexCoord / 4096.0);
    vec2 lo = aTexCoord - hi * 4096.0;
    vColor = vec4(hi.x, lo.x, hi.y, lo.y) / 4095.0;
    vCoverage = aCoverage;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
