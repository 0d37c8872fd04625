// Layer backgrounds under coverage antialiasing: one quad per layer (two triangles, grown by a device pixel),
// whose fragment shader measures the distance to the rounded rectangle: no tessellated corners, no fringe.
// Per vertex: canvas position; position relative to the rectangle's centre, in layer points; the half size;
// the corner radius and device pixels per layer point; the premultiplied colour packed as in batch.vert.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aLocal;
layout(location = 2) in vec2 aHalfSize;
layout(location = 3) in vec2 aRadiusScale;
layout(location = 4) in vec2 aColor;
uniform mat4 uMatrix;
out vec2 vLocal;
flat out vec2 vHalfSize;
flat out vec2 vRadiusScale;
flat out vec4 vColor;
void main() {
    vec2 hi = floor(aColor / 4096.0);
    vec2 lo = aColor - hi * 4096.0;
    vColor = vec4(hi.x, lo.x, hi.y, lo.y) / 4095.0;
    vLocal = aLocal;
    vHalfSize = aHalfSize;
    vRadiusScale = aRadiusScale;
    gl_Position = uMatrix * vec4(aPosition, 0.0, 1.0);
}
