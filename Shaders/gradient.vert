// Gradients: the layer-space position goes to the fragment shader, which computes the gradient parameter.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
// Coverage: 1 inside, falling to 0 across an antialiasing fringe (DisplayList+Fringe.swift).
layout(location = 2) in float aCoverage;
uniform mat4 uMatrix;
// Normalised depth of a coverage-antialiased draw (its pixels are blended once by the depth test); 0 otherwise.
uniform float uDepth;
out float vCoverage;
// Where the triangles' own space lies in the gradient layer's: the identity for the layer's quad, a mask
// layer's placement when a mask's triangles are painted with the gradient (Compositor+PaintedMasks).
uniform mat4 uLocal;
out vec2 vLayerPosition;
// The triangles' own position (a mask's space for a painted mask): where an arc's coverage is measured.
out vec2 vPosition;
void main() {
    vLayerPosition = (uLocal * vec4(aPosition, 0.0, 1.0)).xy;
    vCoverage = aCoverage;
    vPosition = aPosition;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
    gl_Position.z = uDepth * gl_Position.w;
}
