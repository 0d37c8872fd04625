// Textured quads for layer contents.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
// Coverage: 1 inside, falling to 0 across an antialiasing fringe (DisplayList+Fringe.swift); read only by
// image.frag (the other texture programs draw quads of coverage 1).
layout(location = 2) in float aCoverage;
uniform mat4 uMatrix;
// Normalised depth of a coverage-antialiased draw (its pixels are blended once by the depth test); 0 otherwise.
uniform float uDepth;
out vec2 vTexCoord;
out float vCoverage;
#ifdef IMAGE_ARC
// The picture seen through an arc: where each point lies in the arc's (the mask layer's) space.
uniform mat4 uToMask;
out vec2 vPosition;
#endif
void main() {
#ifdef IMAGE_ARC
    vPosition = (uToMask * vec4(aPosition, 0.0, 1.0)).xy;
#endif
    vTexCoord = aTexCoord;
    vCoverage = aCoverage;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
    gl_Position.z = uDepth * gl_Position.w;
}
