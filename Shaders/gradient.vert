// Gradients: the layer-space position goes to the fragment shader, which computes the gradient parameter.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
uniform mat4 uMatrix;
// Where the triangles' own space lies in the gradient layer's: the identity for the layer's quad, a mask
// layer's placement when a mask's triangles are painted with the gradient (Compositor+PaintedMasks).
uniform mat4 uLocal;
out vec2 vLayerPosition;
void main() {
    vLayerPosition = (uLocal * vec4(aPosition, 0.0, 1.0)).xy;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
