/// What to build: the command line of `lckmigrate-artifactbundle`.
struct BundleRequest: Equatable {
    /// The plugin package folder to write; its bundle is `output/lckmigrate.artifactbundle`.
    var output: String
    /// A `lckmigrate` already built for release, packaged as it is instead of building one.
    var binary: String?
    /// Whether an existing `output` may be replaced.
    var force = false

    static let usage = "usage: lckmigrate-artifactbundle --output DIR [--binary PATH] [--force]"

    init(output: String, binary: String? = nil, force: Bool = false) {
        self.output = output
        self.binary = binary
        self.force = force
    }

    init(arguments: [String]) throws {
        var output: String?
        var binary: String?
        var force = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output", "-o", "--binary":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw BundleError.usage("\(argument) needs a value; \(Self.usage)")
                }
                if argument == "--binary" { binary = value } else { output = value }
            case "--force": force = true
            case "--help", "-h": throw BundleError.usage(Self.usage)
            default: throw BundleError.usage("unknown argument '\(argument)'; \(Self.usage)")
            }
        }
        guard let output else { throw BundleError.usage("--output DIR is required; \(Self.usage)") }
        self.init(output: output, binary: binary, force: force)
    }
}

/// A one-line reason the bundle was not written (exit status 2).
enum BundleError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let text), .failed(let text): text
        }
    }
}
