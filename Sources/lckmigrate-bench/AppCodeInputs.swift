import Foundation

/// Inputs of issue 29 items 10 and 11: ordinary app code made large, each shape's cost growing with one
/// factor only.
enum AppCodeInputs {
    /// `count` stored Bool properties in one class and one function setting a provider configuration from
    /// the first (each property's value facts once copied a dictionary of all the others).
    static func storedProperties(_ count: Int) -> String {
        var text = "import CallKit\n\nfinal class Settings {\n"
        for index in 0..<count { text += "    let x\(index) = true\n" }
        text += "    func configure() {\n        let c = CXProviderConfiguration()\n"
        text += "        c.supportsVideo = x0\n    }\n}\n"
        return text
    }

    /// `unit` repeated to at least `bytes` bytes.
    static func repeated(_ unit: [UInt8], toBytes bytes: Int) -> [UInt8] {
        guard !unit.isEmpty else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity(bytes + unit.count)
        while result.count < bytes { result += unit }
        return result
    }

    static var samplesDirectory: String { FileManager.default.currentDirectoryPath + "/Samples" }

    /// The Swift files under `folder`, sorted, concatenated with a newline between them.
    static func concatenatedSwift(under folder: String) throws -> [UInt8] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw BenchError.usage("no \(folder): run the benchmark from the package root")
        }
        let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        var bytes: [UInt8] = []
        for path in paths {
            bytes += [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))) + [0x0A]
        }
        return bytes
    }

    /// Each app folder of `Samples/` (its Swift files as one file), repeated to `bytes` bytes, one file per app.
    static func writeSampleApps(bytes: Int, to folder: String) throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: samplesDirectory).sorted()
        for app in apps {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: samplesDirectory + "/" + app, isDirectory: &isFolder),
                isFolder.boolValue
            else { continue }
            let unit = try concatenatedSwift(under: samplesDirectory + "/" + app)
            guard !unit.isEmpty else { continue }
            try ComplexityBenchmark.write(repeated(unit, toBytes: bytes), to: folder + "/\(app).swift")
        }
    }
}
