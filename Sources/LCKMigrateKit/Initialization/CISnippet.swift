import LCKCore

/// A CI service `lckmigrate init` can print a job for.
public enum CIPlatform: String, Sendable, CaseIterable {
    case gitHubActions = "GitHub Actions"
    case gitLabCI = "GitLab CI"

    /// The platforms the project uses: GitHub Actions when `.github/` exists or `GITHUB_ACTIONS` is set,
    /// GitLab CI when `.gitlab-ci.yml` exists or `GITLAB_CI` is set. Empty when neither is seen.
    public static func detect(in folder: String, environment: [String: String]) -> [CIPlatform] {
        func exists(_ name: String) -> Bool {
            if case .success = Platform.status(of: Array((folder + "/" + name).utf8), followLinks: false) {
                return true
            }
            return false
        }
        func isSet(_ variable: String) -> Bool { !(environment[variable] ?? "").isEmpty }
        var found: [CIPlatform] = []
        if exists(".github") || isSet("GITHUB_ACTIONS") { found.append(.gitHubActions) }
        if exists(".gitlab-ci.yml") || isSet("GITLAB_CI") { found.append(.gitLabCI) }
        return found
    }
}

/// The CI job `lckmigrate init` prints: the config file holds the baseline, so the job is one
/// `lckmigrate scan .` that fails only on new findings. lckmigrate must be on the runner's PATH
/// (README, "Install").
public enum CISnippet {
    /// The full job for each detected platform, or, when none was detected, both in brief.
    public static func text(for detected: [CIPlatform]) -> String {
        guard !detected.isEmpty else {
            return """
                No CI configuration found; add lckmigrate to yours, for example:
                  GitHub Actions (.github/workflows/lckmigrate.yml), a step:
                    - run: lckmigrate scan . --format github --output sarif=lckmigrate.sarif
                  GitLab CI (.gitlab-ci.yml), a job's script:
                    - lckmigrate scan . --output codeclimate=gl-code-quality-report.json
                Any CI: 'lckmigrate scan .' exits 1 on a new error-level finding.

                """
        }
        return detected.map(job).joined(separator: "\n")
    }

    private static func job(_ platform: CIPlatform) -> String {
        switch platform {
        case .gitHubActions:
            """
            GitHub Actions: save as .github/workflows/lckmigrate.yml (annotations on the pull request, alerts
            in code scanning; lckmigrate must be on the runner's PATH):

              name: lckmigrate
              on: [push, pull_request]
              jobs:
                lckmigrate:
                  runs-on: ubuntu-latest
                  permissions:
                    security-events: write
                    contents: read
                  steps:
                    - uses: actions/checkout@v4
                    - run: lckmigrate scan . --format github --output sarif=lckmigrate.sarif
                    - uses: github/codeql-action/upload-sarif@v3
                      if: always()
                      with:
                        sarif_file: lckmigrate.sarif
                        category: lckmigrate

            """
        case .gitLabCI:
            """
            GitLab CI: add to .gitlab-ci.yml (Code Quality widget and test report in merge requests;
            lckmigrate must be on the image's PATH):

              lckmigrate:
                script:
                  - lckmigrate scan . --output codeclimate=gl-code-quality-report.json --output junit=lckmigrate.junit.xml
                artifacts:
                  when: always
                  reports:
                    codequality: gl-code-quality-report.json
                    junit: lckmigrate.junit.xml

            """
        }
    }
}
