import LCKCore
import Testing

@testable import LCKMigrateKit

@Suite struct SuppressionTests {
    @Test func disableNextLineSuppressesOnlyTheNextLineAndKeepsTheReason() {
        let findings = scanSource(
            """
            // lckmigrate:disable-next-line test_provider -- legacy path, removed in 3.0
            let a = CXProvider(configuration: c)
            let b = CXProvider(configuration: c)
            """)
        #expect(summary(findings) == ["2:test_provider:in:legacy path, removed in 3.0", "3:test_provider:active"])
        #expect(findings[0].suppression == Suppression(kind: .inSource, justification: "legacy path, removed in 3.0"))
    }

    @Test func disableNextLineSkipsCommentLinesButStopsAtABlankLine() {
        let stacked = scanSource(
            """
            // lckmigrate:disable-next-line test_provider -- one
            /// Documentation between the directive and the code.
            // lckmigrate:disable-next-line test_controller -- two
            let pair = (CXProvider(configuration: c), CXCallController())
            """)
        #expect(summary(stacked) == ["4:test_provider:in:one", "4:test_controller:in:two"])

        let detached = scanSource(
            """
            // lckmigrate:disable-next-line test_provider -- detached

            let a = CXProvider(configuration: c)
            """)
        #expect(summary(detached) == ["1:unused_suppression:active", "3:test_provider:active"])
        #expect(detached[0].message.contains("no line of code follows before a blank line"))
        #expect(detached[0].severity == .note)
    }

    @Test func disableLineCoversItsOwnLineOnly() {
        let findings = scanSource(
            """
            let a = CXProvider(configuration: c) // lckmigrate:disable-line test_provider -- wrapped below
            // lckmigrate:disable-line test_provider
            let b = CXProvider(configuration: c)
            """)
        #expect(
            summary(findings) == [
                "1:test_provider:in:wrapped below", "2:unused_suppression:active", "3:test_provider:active",
            ])
    }

    @Test func directiveInsideAStringLiteralIsNotADirective() {
        let findings = scanSource(
            """
            let text = "// lckmigrate:disable-line test_provider"; let a = CXProvider(configuration: c)
            let block = \"\"\"
              // lckmigrate:disable-next-line all
              \"\"\"
            let b = CXProvider(configuration: c)
            """)
        #expect(summary(findings) == ["1:test_provider:active", "5:test_provider:active"])
    }

    @Test func directiveForAnotherRuleDoesNotSuppressAndIsReported() {
        let findings = scanSource(
            """
            // lckmigrate:disable-next-line test_controller -- wrong rule
            let a = CXProvider(configuration: c)
            """)
        #expect(summary(findings) == ["1:unused_suppression:active", "2:test_provider:active"])
        #expect(
            findings[0].message == "'lckmigrate:disable-next-line' suppresses no 'test_controller' finding; remove it")
        #expect(findings[0].start == SourcePosition(line: 1, column: 1))
    }

    @Test func regionsRunToTheMatchingEnableOrTheEndOfTheFile() {
        let findings = scanSource(
            """
            let a = CXProvider(configuration: c)
            // lckmigrate:disable test_provider -- generated block
            let b = CXProvider(configuration: c)
            let c = CXCallController()
            // lckmigrate:enable test_provider
            let d = CXProvider(configuration: c)
            // lckmigrate:disable all -- tail
            let e = CXCallController()
            """)
        #expect(
            summary(findings) == [
                "1:test_provider:active", "3:test_provider:in:generated block", "4:test_controller:active",
                "6:test_provider:active", "8:test_controller:in:tail",
            ])
    }

    @Test func enableWithoutDisableIsReported() {
        let findings = scanSource("// lckmigrate:enable test_provider\nlet a = 1\n")
        #expect(summary(findings) == ["1:unused_suppression:active"])
        #expect(findings[0].message == "'lckmigrate:enable test_provider' ends no 'lckmigrate:disable' region")
    }

    @Test func disableFileWorksFromAnywhereAndLineDirectivesWin() {
        let findings = scanSource(
            """
            let a = CXProvider(configuration: c)
            // lckmigrate:disable-next-line test_provider -- specific
            let b = CXProvider(configuration: c)
            // lckmigrate:disable-file test_provider, test_controller -- whole file
            """)
        #expect(
            summary(findings) == [
                "1:test_provider:in:whole file", "3:test_provider:in:specific", "4:unused_suppression:active",
            ])
        #expect(findings[2].message == "'lckmigrate:disable-file' suppresses no 'test_controller' finding; remove it")
    }

    @Test func unknownRuleIdsAndMalformedDirectivesAreNotes() {
        let findings = scanSource(
            """
            let a = CXProvider(configuration: c) // lckmigrate:disable-line no_such_rule, test_provider
            // lckmigrate:disable-nextline test_provider
            // lckmigrate:disable-file
            // lckmigrate: this is prose, not a directive
            // A comment that mentions lckmigrate:disable-line test_provider is no directive.
            """)
        #expect(
            summary(findings) == [
                "1:test_provider:in:", "1:unused_suppression:active", "2:unused_suppression:active",
                "3:unused_suppression:active", "4:unused_suppression:active",
            ])
        #expect(findings[1].message == "unknown rule id 'no_such_rule' in 'lckmigrate:disable-line'")
        #expect(
            findings[2].message.hasPrefix(
                "unknown directive 'lckmigrate:disable-nextline'; use one of: disable-next-line,"))
        #expect(findings[3].message == "'lckmigrate:disable-file' names no rule; list rule ids or 'all'")
    }

    @Test func aliasesFromOtherLintersAreAccepted() {
        let findings = scanSource(
            """
            // lckmigrate:disable:next test_provider -- alias
            let a = CXProvider(configuration: c)
            let b = CXProvider(configuration: c) // lckmigrate:disable:this all -- alias too
            """)
        #expect(summary(findings) == ["2:test_provider:in:alias", "3:test_provider:in:alias too"])
    }

    @Test func requireReasonMakesBareDirectivesErrorsButTheyStillSuppress() {
        let source = """
            // lckmigrate:disable-next-line test_provider
            let a = CXProvider(configuration: c)
            // lckmigrate:disable-next-line test_provider --
            let b = CXProvider(configuration: c)
            // lckmigrate:disable-next-line test_provider -- reviewed
            let c = CXProvider(configuration: c)
            """
        #expect(
            summary(scanSource(source)) == [
                "2:test_provider:in:", "4:test_provider:in:", "6:test_provider:in:reviewed",
            ])
        let strict = scanSource(source, requireReason: true)
        #expect(
            summary(strict) == [
                "1:suppression_without_reason:active", "2:test_provider:in:", "3:suppression_without_reason:active",
                "4:test_provider:in:", "6:test_provider:in:reviewed",
            ])
        #expect(strict[0].severity == .error)
    }

    @Test func directiveForADisabledRuleIsNotReportedAsUnused() {
        let findings = scanSource(
            """
            // lckmigrate:disable-next-line test_provider -- off anyway
            let a = CXProvider(configuration: c)
            """, policy: RulePolicy(disabledRules: ["test_provider"]))
        #expect(findings.isEmpty)
    }
}
