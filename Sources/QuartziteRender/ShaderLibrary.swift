@preconcurrency import CEpoxy

/// Errors from building the GL pipeline.
public enum RenderError: Error, CustomStringConvertible {
    /// A shader did not compile or link; the driver's log follows.
    case shader(String)
    /// No OpenGL context could be made.
    case context(String)
    /// An offscreen framebuffer was incomplete.
    case framebuffer(String)
    /// A size or scale outside what can be rendered.
    case invalidSize(String)
    /// Another argument outside what the renderer takes (a sample count, a time).
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .shader(let s): return "shader: \(s)"
        case .context(let s): return "OpenGL context: \(s)"
        case .framebuffer(let s): return "framebuffer: \(s)"
        case .invalidSize(let s): return "size: \(s)"
        case .invalidArgument(let s): return s
        }
    }
}

/// A linked program and its uniform locations (looked up once, at link time).
struct ShaderProgram {
    let id: GLuint
    let uniforms: [String: GLint]

    var matrix: GLint { self["uMatrix"] }
    var color: GLint { self["uColor"] }
    var opacity: GLint { self["uOpacity"] }
    var tint: GLint { self["uTint"] }
    var texture: GLint { self["uTexture"] }

    /// The location of a uniform, -1 (ignored by glUniform*) when the program has none of that name.
    subscript(_ name: String) -> GLint { uniforms[name] ?? -1 }
}

/// The shaders, compiled from the GLSL files of `Shaders/` that the build embeds into the binary (nothing is
/// looked up at run time). Small specialised programs rather than one uber-shader: cheaper on llvmpipe.
enum ShaderLibrary {
    /// GLSL 3.30 core runs on every desktop GL 3.3+ context we create (llvmpipe gives 4.5).
    static let header = "#version 330 core\n"

    /// Every vertex shader with the layout of the vertices it reads: the plain vertex array serves all but the
    /// rounded-rectangle and capsule programs, which have streams of their own. A test checks each layout
    /// against its shaders' `in` declarations.
    static var vertexShaders: [(file: String, source: [UInt8], layout: any VertexLayout.Type)] {
        [("solid.vert", PackageResources.solid_vert, PlainVertex.self),
         ("batch.vert", PackageResources.batch_vert, PlainVertex.self),
         ("stroke_once.vert", PackageResources.stroke_once_vert, PlainVertex.self),
         ("image.vert", PackageResources.image_vert, PlainVertex.self),
         ("gradient.vert", PackageResources.gradient_vert, PlainVertex.self),
         ("rounded_rect.vert", PackageResources.rounded_rect_vert, RoundedRectVertex.self),
         ("capsule.vert", PackageResources.capsule_vert, CapsuleVertex.self),
         ("particle.vert", PackageResources.particle_vert, ParticleVertex.self)]
    }

    static func solid() throws -> ShaderProgram {
        try link(vertex: PackageResources.solid_vert, fragment: PackageResources.solid_frag, name: "solid")
    }

    /// Solid fills of many colours and matrices in one draw (see batch.vert).
    static func batch() throws -> ShaderProgram {
        try link(vertex: PackageResources.batch_vert, fragment: PackageResources.batch_frag, name: "batch")
    }

    /// Overlapping translucent strokes, many in one draw, blended once each (see stroke_once.vert).
    static func strokeOnce() throws -> ShaderProgram {
        try link(vertex: PackageResources.stroke_once_vert, fragment: PackageResources.batch_frag, name: "stroke_once")
    }

    /// Layer backgrounds as quads with a rounded-rectangle distance (see rounded_rect.vert).
    static func roundedRect() throws -> ShaderProgram {
        try link(vertex: PackageResources.rounded_rect_vert, fragment: PackageResources.rounded_rect_frag, name: "rounded_rect")
    }

    /// Round strokes of straight segments as one quad per segment (see capsule.vert).
    static func capsule() throws -> ShaderProgram {
        try link(vertex: PackageResources.capsule_vert, fragment: PackageResources.capsule_frag, name: "capsule")
    }

    /// An emitter layer's particles, one cell's in one draw (see particle.vert).
    static func particle() throws -> ShaderProgram {
        try link(vertex: PackageResources.particle_vert, fragment: PackageResources.particle_frag, name: "particle")
    }

    static func image() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.image_frag, name: "image")
    }

    /// Texture programs share the image vertex shader.
    static func masked() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.masked_frag, name: "masked")
    }

    /// A group blended onto a copy of what is below it (`GroupEnd.blend`).
    static func blend() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.blend_frag, name: "blend")
    }

    static func blur() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.blur_frag, name: "blur")
    }

    static func tint() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.tint_frag, name: "tint")
    }

    /// The gradient program of one type (0 axial, 1 radial, 2 conic), arc mode (0 none, 1 butt caps, 2 round
    /// caps) and stop count class (`GradientVariant.Stops`): each is its own program, with only its own
    /// branches compiled in (see gradient.frag).
    static func gradient(type: Int32, arcMode: Int32, stops: GradientVariant.Stops) throws -> ShaderProgram {
        try link(vertex: PackageResources.gradient_vert, fragment: PackageResources.gradient_frag,
                 name: "gradient \(type) arc \(arcMode) \(stops) stops",
                 defines: "#define GRADIENT_TYPE \(type)\n#define ARC_MODE \(arcMode)\n#define STOPS \(stops.rawValue)\n" + arcSource)
    }

    /// The image program seen through a stroked circular arc of arc mode 1 (butt caps) or 2 (round caps).
    static func imageArc(arcMode: Int32) throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.image_frag, name: "image arc \(arcMode)",
                 defines: "#define IMAGE_ARC\n#define ARC_MODE \(arcMode)\n" + arcSource,
                 vertexDefines: "#define IMAGE_ARC\n")
    }

    /// arc.glsl: the arc's coverage, put before the fragment shaders that paint an arc.
    private static var arcSource: String { String(decoding: PackageResources.arc_glsl, as: UTF8.self) }

    private static func compile(_ source: [UInt8], type: Int32, name: String, defines: String = "") throws -> GLuint {
        let shader = epoxy_glCreateShader(GLenum(type))
        let text = header + defines + String(decoding: source, as: UTF8.self)
        text.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            epoxy_glShaderSource(shader, 1, &p, nil)
        }
        epoxy_glCompileShader(shader)
        var ok: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(shader, isProgram: false)
            epoxy_glDeleteShader(shader)
            throw RenderError.shader("\(name) \(type == GL_VERTEX_SHADER ? "vertex" : "fragment") shader: \(log)")
        }
        return shader
    }

    private static func link(vertex: [UInt8], fragment: [UInt8], name: String, defines: String = "",
                             vertexDefines: String = "") throws -> ShaderProgram {
        let vs = try compile(vertex, type: GL_VERTEX_SHADER, name: name, defines: vertexDefines)
        let fs = try compile(fragment, type: GL_FRAGMENT_SHADER, name: name, defines: defines)
        let program = epoxy_glCreateProgram()
        epoxy_glAttachShader(program, vs)
        epoxy_glAttachShader(program, fs)
        epoxy_glLinkProgram(program)
        epoxy_glDeleteShader(vs)
        epoxy_glDeleteShader(fs)
        var ok: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(program, isProgram: true)
            epoxy_glDeleteProgram(program)
            throw RenderError.shader("\(name) program: \(log)")
        }
        return ShaderProgram(id: program, uniforms: activeUniforms(program))
    }

    /// Every active uniform's location, by name ("uColors[0]" is also stored as "uColors").
    private static func activeUniforms(_ program: GLuint) -> [String: GLint] {
        var count: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        var result: [String: GLint] = [:]
        for i in 0..<max(count, 0) {
            var name = [GLchar](repeating: 0, count: 256)
            var length: GLsizei = 0, size: GLint = 0
            var type: GLenum = 0
            epoxy_glGetActiveUniform(program, GLuint(i), 256, &length, &size, &type, &name)
            var key = String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let location = key.withCString { epoxy_glGetUniformLocation(program, $0) }
            if key.hasSuffix("[0]") { key.removeLast(3) }
            result[key] = location
        }
        return result
    }

    private static func infoLog(_ object: GLuint, isProgram: Bool) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        var length: GLsizei = 0
        if isProgram {
            epoxy_glGetProgramInfoLog(object, GLsizei(buffer.count), &length, &buffer)
        } else {
            epoxy_glGetShaderInfoLog(object, GLsizei(buffer.count), &length, &buffer)
        }
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Which gradient program draws a paint: its type, its arc mode and its class of stop count.
struct GradientVariant {
    /// How the shader finds a pixel's colour between the stops: one blend for two (or fewer), a branch-free
    /// blend of up to 4, a search through up to 16.
    enum Stops: Int32, CaseIterable, CustomStringConvertible {
        case many = 0, few = 1, two = 2
        var description: String { ["many", "few", "two"][Int(rawValue)] }
    }
    static let count = 3 * 3 * Stops.allCases.count
    let type: Int32
    let arcMode: Int32
    let stops: Stops

    init(type: Int32, arcMode: Int32, stops: Int) {
        self.type = min(max(type, 0), 2)
        self.arcMode = min(max(arcMode, 0), 2)
        self.stops = stops <= 2 ? .two : stops <= 4 ? .few : .many
    }

    var index: Int { Int(type * 3 + arcMode) * Stops.allCases.count + Int(stops.rawValue) }
}
