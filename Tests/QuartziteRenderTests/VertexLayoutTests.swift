import Foundation
import Testing
@testable import QuartziteRender

/// Each vertex layout is declared once in Swift (`VertexLayout`) and once more by the GLSL that reads it; these
/// tests hold the two together, so a shader that gains, loses or reorders an input fails here rather than
/// drawing garbage.
struct VertexLayoutTests {
    /// One `layout(location = N) in TYPE NAME;` declaration of a vertex shader.
    struct Input: Equatable, CustomStringConvertible {
        var location: Int
        var name: String
        var floats: Int
        var description: String { "\(location) \(name) (\(floats) floats)" }
    }

    /// The inputs a vertex shader declares, in location order; nil for a declaration this parser does not
    /// understand (an `in` without a location, or of a type other than float and vecN). Line comments are
    /// skipped; the shaders have no block comments.
    static func inputs(of source: String) -> [Input]? {
        var inputs: [Input] = []
        for line in source.split(separator: "\n") {
            let code = line.components(separatedBy: "//")[0]
            let words = code.replacingOccurrences(of: "(", with: " ( ").replacingOccurrences(of: ")", with: " ) ")
                .replacingOccurrences(of: "=", with: " = ").replacingOccurrences(of: ";", with: " ;")
                .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let inIndex = words.firstIndex(of: "in") else { continue }
            guard words.starts(with: ["layout", "(", "location", "="]), words.count == inIndex + 4,
                  words[inIndex - 1] == ")", let location = Int(words[4]), words.last == ";" else { return nil }
            let floats: Int
            switch words[inIndex + 1] {
            case "float": floats = 1
            case "vec2": floats = 2
            case "vec3": floats = 3
            case "vec4": floats = 4
            default: return nil
            }
            inputs.append(Input(location: location, name: words[inIndex + 2], floats: floats))
        }
        return inputs.sorted { $0.location < $1.location }
    }

    @Test func parserReadsDeclarations() {
        let source = "layout(location = 1) in vec4 aB;\nlayout (location=0) in float aA;\nout vec2 vUV;\n"
        #expect(Self.inputs(of: source) == [Input(location: 0, name: "aA", floats: 1), Input(location: 1, name: "aB", floats: 4)])
        #expect(Self.inputs(of: "in vec2 aNoLocation;") == nil)
        #expect(Self.inputs(of: "// drawn in layer points\nlayout(location = 0) in vec2 aP;")?.count == 1)
    }

    @Test(arguments: ShaderLibrary.vertexShaders.map(\.file))
    func layoutMatchesShader(file: String) throws {
        let shader = try #require(ShaderLibrary.vertexShaders.first { $0.file == file })
        let declared = try #require(Self.inputs(of: String(decoding: shader.source, as: UTF8.self)), "\(file)")
        let described = shader.layout.attributes.enumerated().map {
            Input(location: $0.offset, name: $0.element.name, floats: $0.element.size)
        }
        #expect(declared == described, "\(file)")
        #expect(shader.layout.attributes.reduce(0) { $0 + $1.size } == shader.layout.floats, "\(file)")
    }

    /// A vertex shader added to Shaders/ is listed with its layout.
    @Test func everyVertexShaderIsListed() throws {
        let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders")
        let files = try FileManager.default.contentsOfDirectory(atPath: shaders.path).filter { $0.hasSuffix(".vert") }
        #expect(Set(files) == Set(ShaderLibrary.vertexShaders.map(\.file)))
        #expect(!files.isEmpty)
    }

    /// The capsule writer fills a vertex by the offsets `CapsuleVertex` derives from its attributes: they fall
    /// where the attributes' sizes put them, and the four entries the shader reads as aEntry0 ... aEntry3 are
    /// consecutive vec4s, as the writer steps through them.
    @Test func capsuleOffsetsFollowTheAttributes() {
        let sizes = CapsuleVertex.attributes.map(\.size)
        #expect(CapsuleVertex.color == sizes[0])
        #expect(CapsuleVertex.stroke == sizes[0] + sizes[1])
        #expect(CapsuleVertex.entries == sizes[0...2].reduce(0, +))
        #expect((0..<4).map { CapsuleVertex.offset(of: "aEntry\($0)") } == (0..<4).map { CapsuleVertex.entries + 4 * $0 })
        #expect(CapsuleVertex.inverseSquaredLengths == CapsuleVertex.entries + 4 * CapsuleStroke.entriesPerVertex)
        #expect(CapsuleVertex.inverseSquaredLengths + 4 == CapsuleVertex.floats)
        #expect(PlainVertex.offset(of: "aNoSuchInput") == nil)
    }
}
