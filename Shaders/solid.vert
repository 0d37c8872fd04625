// Solid fills and strokes: positions in layer points, one matrix to clip space per draw.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
// Coverage: 1 inside, falling to 0 across an antialiasing fringe (DisplayList+Fringe.swift).
layout(location = 2) in float aCoverage;
uniform mat4 uMatrix;
// Normalised depth of a coverage-antialiased draw (its pixels are blended once by the depth test); 0 otherwise.
uniform float uDepth;
out float vCoverage;
void main() {
    vCoverage = aCoverage;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
    gl_Position.z = uDepth * gl_Position.w;
}
