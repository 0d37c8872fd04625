// A group blended onto what is below it (a layer's compositingFilter), by the PDF / W3C compositing
// formulas with premultiplied colours: Cr = (1 - ab) Cs + (1 - as) Cb + as ab B(Cb / ab, Cs / as), alpha
// as + ab - as ab. The backdrop is a copy of the target's pixels under the group (blending is off: this
// writes the result), fetched by window position; uMode is the Core Graphics blend mode's raw value.
uniform sampler2D uTexture;
uniform sampler2D uBackdrop;
// The window pixel the backdrop copy's first texel came from.
uniform ivec2 uBackdropOrigin;
uniform vec4 uTint;
uniform int uMode;
in vec2 vTexCoord;
out vec4 fragColor;

float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

vec3 clipColor(vec3 c) {
    float l = lum(c);
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
    return c;
}

vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

// The colour's largest channel becomes s, its smallest 0, the middle one in proportion.
vec3 setSat(vec3 c, float s) {
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    return x > n ? (c - n) * s / (x - n) : vec3(0.0);
}

float colorDodge(float b, float s) {
    if (b <= 0.0) return 0.0;
    if (s >= 1.0) return 1.0;
    return min(1.0, b / (1.0 - s));
}

float colorBurn(float b, float s) {
    if (b >= 1.0) return 1.0;
    if (s <= 0.0) return 0.0;
    return 1.0 - min(1.0, (1.0 - b) / s);
}

float softLight(float b, float s) {
    if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return b + (2.0 * s - 1.0) * (d - b);
}

vec3 hardLight(vec3 b, vec3 s) {
    vec3 multiplied = b * 2.0 * s;
    vec3 t = 2.0 * s - 1.0;
    vec3 screened = b + t - b * t;
    return mix(multiplied, screened, greaterThan(s, vec3(0.5)));
}

// B(Cb, Cs), straight colours in 0...1.
vec3 blend(vec3 b, vec3 s) {
    switch (uMode) {
    case 1: return b * s;
    case 2: return b + s - b * s;
    case 3: return hardLight(s, b);
    case 4: return min(b, s);
    case 5: return max(b, s);
    case 6: return vec3(colorDodge(b.r, s.r), colorDodge(b.g, s.g), colorDodge(b.b, s.b));
    case 7: return vec3(colorBurn(b.r, s.r), colorBurn(b.g, s.g), colorBurn(b.b, s.b));
    case 8: return vec3(softLight(b.r, s.r), softLight(b.g, s.g), softLight(b.b, s.b));
    case 9: return hardLight(b, s);
    case 10: return abs(b - s);
    case 11: return b + s - 2.0 * b * s;
    case 12: return setLum(setSat(s, sat(b)), lum(b));
    case 13: return setLum(setSat(b, sat(s)), lum(b));
    case 14: return setLum(s, lum(b));
    case 15: return setLum(b, lum(s));
    default: return s;
    }
}

void main() {
    vec4 s = texture(uTexture, vTexCoord) * uTint;
    vec4 b = texelFetch(uBackdrop, ivec2(gl_FragCoord.xy) - uBackdropOrigin, 0);
    // plusLighter (Core Image's additionCompositing): the premultiplied sum, saturated.
    if (uMode == 27) {
        fragColor = min(s + b, vec4(1.0));
        return;
    }
    vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
    vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
    vec3 mixed = clamp(blend(cb, cs), 0.0, 1.0);
    fragColor = vec4((1.0 - b.a) * s.rgb + (1.0 - s.a) * b.rgb + s.a * b.a * mixed, s.a + b.a - s.a * b.a);
}
