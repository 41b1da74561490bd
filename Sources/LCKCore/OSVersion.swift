/// An OS version as project settings and `#available` spell it (`15`, `17.4`, `26.0.1`); compared
/// component by component, missing components being zero.
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `17.4`, `"15.0"`, `v17_4` (Package.swift's spelling) or `15`; nil for anything else, such as a
    /// `$(VARIABLE)` a build setting leaves unresolved.
    public init?(parsing text: some StringProtocol) {
        var digits = Substring(text)
        if digits.first == "v" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy(\.isASCII), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `17.4`, `15.0`, `26.0.1`: always a minor, a patch only when set.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
