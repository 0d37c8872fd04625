// Solid fills and strokes: positions in layer points, one matrix to clip space per draw.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
uniform mat4 uMatrix;
void main() {
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
