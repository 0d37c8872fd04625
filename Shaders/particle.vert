// Particles of an emitter layer: quads placed on the CPU in the layer's points (turned and scaled there),
// each vertex with its texture coordinates and its particle's premultiplied colour.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
layout(location = 2) in vec4 aColor;
uniform mat4 uMatrix;
out vec2 vTexCoord;
out vec4 vColor;
void main() {
    vTexCoord = aTexCoord;
    vColor = aColor;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
