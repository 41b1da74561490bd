/// The options after the benchmark's name, read one at a time; every bad value is a usage error that
/// names the option and what it needs.
struct BenchArguments {
    private var rest: ArraySlice<String>

    init(_ arguments: [String]) { rest = arguments[...] }

    /// The next option name, or nil at the end.
    mutating func nextOption() -> String? { rest.popFirst() }

    /// The value after `option`; `expected` says what it should be ("a folder").
    mutating func value(of option: String, expected: String) throws -> String {
        guard let text = rest.popFirst() else { throw BenchError.usage("\(option) needs \(expected)") }
        return text
    }

    mutating func positiveInt(of option: String) throws -> Int {
        let text = try value(of: option, expected: "a positive number")
        guard let number = Int(text), number > 0 else {
            throw BenchError.usage("\(option) needs a positive number, not '\(text)'")
        }
        return number
    }

    mutating func seed(of option: String) throws -> UInt64 {
        let text = try value(of: option, expected: "a number")
        guard let number = UInt64(text) else { throw BenchError.usage("\(option) needs a number, not '\(text)'") }
        return number
    }

    /// A comma-separated list such as `100k,1M`, each item read by `parse`.
    mutating func list<Item>(of option: String, expected: String, _ parse: (String) throws -> Item) throws -> [Item] {
        try value(of: option, expected: expected).split(separator: ",").map { try parse(String($0)) }
    }
}
