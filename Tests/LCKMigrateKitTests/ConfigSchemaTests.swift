import Foundation
import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Rules/schemas/config.schema.json documents the config for editors; it must describe what the loader reads.
@Suite struct ConfigSchemaTests {
    private let schemaPath = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent(
        "Rules/schemas/config.schema.json"
    ).path

    @Test func schemaPropertiesAreExactlyTheLoaderKeys() throws {
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: schemaPath))))
        let properties = try #require(document.root["properties"]?.members)
        #expect(properties.map(\.key).sorted() == ConfigurationLoader.knownKeys.sorted())
        #expect(document.root["additionalProperties"]?.boolValue == false)
    }

    @Test func schemaFormatPatternNamesOnlyFormatsTheLoaderAccepts() throws {
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: schemaPath))))
        let pattern = try #require(document.root["properties"]?["formats"]?["items"]?["pattern"]?.stringValue)
        let names = try #require(pattern.split(separator: "(").dropFirst().first?.split(separator: ")").first)
            .split(separator: "|").map(String.init)
        #expect(names.count == 10)
        for name in names { #expect(OutputRequest.parse(name) != nil, "\(name)") }
        #expect(OutputRequest.parse("sarif=out/x.sarif") == OutputRequest(format: .sarif, path: "out/x.sarif"))
        #expect(OutputRequest.parse("pdf=x") == nil)
    }
}
