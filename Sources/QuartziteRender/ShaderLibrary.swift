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

    public var description: String {
        switch self {
        case .shader(let s): return "shader: \(s)"
        case .context(let s): return "OpenGL context: \(s)"
        case .framebuffer(let s): return "framebuffer: \(s)"
        case .invalidSize(let s): return "size: \(s)"
        }
    }
}

/// A linked program and its uniform locations.
struct ShaderProgram {
    let id: GLuint
    let matrix: GLint
    let color: GLint
    let opacity: GLint
    let texture: GLint
}

/// The shaders, compiled from the GLSL files of `Shaders/` that the build embeds into the binary (nothing is
/// looked up at run time). Small specialised programs rather than one uber-shader: cheaper on llvmpipe.
enum ShaderLibrary {
    /// GLSL 3.30 core runs on every desktop GL 3.3+ context we create (llvmpipe gives 4.5).
    static let header = "#version 330 core\n"

    static func solid() throws -> ShaderProgram {
        try link(vertex: PackageResources.solid_vert, fragment: PackageResources.solid_frag, name: "solid")
    }

    static func image() throws -> ShaderProgram {
        try link(vertex: PackageResources.image_vert, fragment: PackageResources.image_frag, name: "image")
    }

    private static func compile(_ source: [UInt8], type: Int32, name: String) throws -> GLuint {
        let shader = epoxy_glCreateShader(GLenum(type))
        let text = header + String(decoding: source, as: UTF8.self)
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

    private static func link(vertex: [UInt8], fragment: [UInt8], name: String) throws -> ShaderProgram {
        let vs = try compile(vertex, type: GL_VERTEX_SHADER, name: name)
        let fs = try compile(fragment, type: GL_FRAGMENT_SHADER, name: name)
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
        func location(_ n: String) -> GLint { n.withCString { epoxy_glGetUniformLocation(program, $0) } }
        return ShaderProgram(id: program, matrix: location("uMatrix"), color: location("uColor"),
                             opacity: location("uOpacity"), texture: location("uTexture"))
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
