// Gradients: the layer-space position goes to the fragment shader, which computes the gradient parameter.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
uniform mat4 uMatrix;
out vec2 vLayerPosition;
void main() {
    vLayerPosition = aPosition;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
