// The seeded fuzz of the public API (RELIABILITY.md): hostile paths, layers, images, gradients, animations,
// transactions, renderer settings and deep or wide trees, checked for crashes, hangs and non-finite output.
//
//     quartzite-fuzz --class NAME [--seed S] [--from I] [--count N]
//         runs cases I ..< I + N of one class in this process (what each chunk's process does)
//     quartzite-fuzz --supervise [--classes A,B|all] [--cases-per-class N | --cases TOTAL] [--chunk K]
//                    [--timeout SECONDS] [--seed S]
//         runs each class in chunks of K cases, one process per chunk, and prints failures and a table
//         (TOTAL is shared evenly among the classes, the first ones taking the remainder)
//     quartzite-fuzz --list
//
// Exit status: 0 when every case held, 1 when one failed, 2 for a usage error.
import Foundation
import QuartziteRender

/// The seed used when none is given (`make test`, `make fuzz`).
let defaultSeed: UInt64 = 20_250_615

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("quartzite-fuzz: \(message)\n".utf8))
    exit(2)
}

/// The value after `flag`, if given.
func option(_ flag: String, in arguments: [String]) -> String? {
    guard let i = arguments.firstIndex(of: flag) else { return nil }
    guard i + 1 < arguments.count else { usage("\(flag) needs a value") }
    return arguments[i + 1]
}

/// The whole number after `flag`, at least `minimum`, or `fallback` when the flag is absent.
func number(_ flag: String, in arguments: [String], minimum: Int, fallback: Int) -> Int {
    guard let text = option(flag, in: arguments) else { return fallback }
    guard let value = Int(text), value >= minimum else { usage("\(flag) takes a whole number of at least \(minimum), not '\(text)'") }
    return value
}

let arguments = Array(CommandLine.arguments.dropFirst())
let seedText = option("--seed", in: arguments)
guard let seed = seedText.map({ UInt64($0) }) ?? defaultSeed else { usage("--seed takes a whole number of 0 or more") }

if arguments.contains("--list") {
    for fuzzClass in FuzzClass.all { say("\(fuzzClass.name): \(fuzzClass.covers)") }
    exit(0)
}

if arguments.contains("--supervise") {
    let names = option("--classes", in: arguments) ?? "all"
    let classes = names == "all" ? FuzzClass.all : names.split(separator: ",").map { name -> FuzzClass in
        guard let named = FuzzClass.named(String(name)) else { usage("no class '\(name)' (see --list)") }
        return named
    }
    let cases: [Int]
    if option("--cases", in: arguments) != nil {
        let total = number("--cases", in: arguments, minimum: classes.count, fallback: 0)
        cases = classes.indices.map { total / classes.count + ($0 < total % classes.count ? 1 : 0) }
    } else {
        cases = Array(repeating: number("--cases-per-class", in: arguments, minimum: 1, fallback: 200), count: classes.count)
    }
    let supervisor = Supervisor(
        executable: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(), classes: classes, seed: seed,
        cases: cases,
        chunkSize: number("--chunk", in: arguments, minimum: 1, fallback: 100),
        timeout: TimeInterval(number("--timeout", in: arguments, minimum: 1, fallback: 120)))
    exit(supervisor.run() ? 0 : 1)
}

guard let name = option("--class", in: arguments) else { usage("give --class NAME, --supervise or --list") }
guard let fuzzClass = FuzzClass.named(name) else { usage("no class '\(name)' (see --list)") }
// As the renderer's users do, before the driver starts (steadier rasteriser threads).
RasterizerThreads.prepare()
let failed = MainActor.assumeIsolated {
    ChunkRunner(fuzzClass: fuzzClass, seed: seed, from: number("--from", in: arguments, minimum: 0, fallback: 0),
                count: number("--count", in: arguments, minimum: 0, fallback: 100)).run()
}
exit(failed == 0 ? 0 : 1)
