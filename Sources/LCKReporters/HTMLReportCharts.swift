import LCKMigrationModel

/// Inline SVG charts for the HTML report; colours come from CSS classes so dark mode applies.
enum HTMLReportCharts {
    struct Bar {
        var label: String
        var value: Int
        /// CSS class of the bar (`bar`, `bar-error`, …).
        var style: String = "bar"
        /// Text after the bar; the value when nil.
        var valueText: String? = nil
    }

    /// Names the colours of severity bars, so the chart does not rely on colour alone.
    static let severityLegend =
        "<p class=\"legend\" aria-hidden=\"true\"><span><span class=\"swatch s-error\"></span>error</span>"
        + "<span><span class=\"swatch s-warning\"></span>warning</span>"
        + "<span><span class=\"swatch s-note\"></span>note</span></p>"

    /// A horizontal bar chart with labels on the left and values on the right.
    static func bars(_ bars: [Bar], title: String) -> String {
        guard !bars.isEmpty else { return "" }
        let labelWidth = 230
        let barWidth = 380
        let rowHeight = 24
        let width = labelWidth + barWidth + 110
        let height = bars.count * rowHeight + 8
        let maximum = max(1, bars.map(\.value).max() ?? 1)
        var svg = "<svg role=\"img\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">"
        svg += "<title>\(HTMLText.escape(title))</title>"
        for (row, bar) in bars.enumerated() {
            let y = row * rowHeight + 4
            let length = bar.value == 0 ? 0 : max(2, bar.value * barWidth / maximum)
            let label = bar.label.count > 34 ? String(bar.label.prefix(33)) + "…" : bar.label
            svg += "<text x=\"\(labelWidth - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(HTMLText.escape(label))</text>"
            svg +=
                "<rect class=\"\(bar.style)\" x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(length)\" height=\"\(rowHeight - 8)\" rx=\"3\"/>"
            svg += "<text x=\"\(labelWidth + length + 6)\" y=\"\(y + 15)\">"
            svg += "\(HTMLText.escape(bar.valueText ?? String(bar.value)))</text>"
        }
        return svg + "</svg>"
    }

    /// One segment per plan step, coloured by status, with the share of finished steps.
    static func planProgress(_ steps: [MigrationReport.StepStatus]) -> String {
        guard !steps.isEmpty else { return "" }
        let width = 680
        let height = 40
        let gap = 4
        let segment = (width - gap * (steps.count - 1)) / steps.count
        let done = steps.count(where: { $0.state == .done })
        var svg = "<svg role=\"img\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">"
        svg += "<title>\(done) of \(steps.count) plan steps done</title>"
        for (index, status) in steps.enumerated() {
            let style: String
            switch status.state {
            case .done: style = "seg-done"
            case .toDo, .mayBeNeeded: style = "seg-todo"
            case .blocked: style = "seg-blocked"
            }
            let x = index * (segment + gap)
            svg += "<rect class=\"\(style)\" x=\"\(x)\" y=\"4\" width=\"\(segment)\" height=\"16\" rx=\"3\"/>"
            svg += "<text x=\"\(x + segment / 2)\" y=\"36\" text-anchor=\"middle\">\(index + 1)</text>"
        }
        return svg + "</svg>"
    }

    /// A thin bar: the share of a step's usages that still must change.
    static func share(_ part: Int, of whole: Int, style: String) -> String {
        let width = 200
        let filled = whole == 0 ? 0 : part * width / whole
        return "<svg viewBox=\"0 0 \(width) 8\" width=\"\(width)\" height=\"8\" aria-hidden=\"true\">"
            + "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"8\" rx=\"4\" fill=\"var(--line)\"/>"
            + "<rect class=\"\(style)\" x=\"0\" y=\"0\" width=\"\(filled)\" height=\"8\" rx=\"4\"/></svg>"
    }
}
