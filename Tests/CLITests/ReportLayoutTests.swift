import Foundation
import LCKTestSupport
import Testing

/// Lays out the HTML report of Samples/ in headless Chromium at a desktop (1280 px) and a phone (390 px)
/// width and fails on a broken layout. A probe script, added to a copy of the report, opens every
/// `<details>` and checks that the page is no wider than the window, that no table cell, list item or
/// card has content sticking out of its box, that nothing scrolls sideways at 1280 px, and that no word
/// (in a path: no part between slashes) is broken over two lines although it would fit on one. The
/// report loads in an `<iframe>` of the tested width (headless windows are at least 500 px wide) and
/// posts its verdict to the outer page, whose DOM `--dump-dom` prints.
@Suite(.serialized) struct ReportLayoutTests {
    static let widths = [1280, 390]
    /// From this width on even wide tables must fit without scrolling.
    static let wideScreen = 1200

    struct Verdict {
        var width: Int
        var collapsedHeight: Int
        var words: Int
        var problems: [String]
    }

    static let probe = #"""
        (function () {
          var root = document.documentElement;
          var problems = [];
          var collapsed = root.scrollHeight;
          document.querySelectorAll('details').forEach(function (d) { d.open = true; });
          var width = root.clientWidth;
          function where(e) {
            var id = '';
            for (var a = e; a && !id; a = a.parentElement) { if (a.id) id = '#' + a.id; }
            return e.tagName.toLowerCase() + (e.getAttribute('class') ? '.' + e.getAttribute('class') : '') + ' in ' + id;
          }
          function scrolls(e) {
            for (var a = e; a; a = a.parentElement) {
              if (a.tagName === 'PRE' || a.tagName === 'svg' || (a.classList && a.classList.contains('scroll'))) return true;
            }
            return false;
          }
          // Wide screens need no sideways scrolling at all; narrow ones may scroll inside a table's box.
          if (width >= WIDE) {
            document.querySelectorAll('.scroll').forEach(function (e) {
              if (e.scrollWidth > e.clientWidth + 1) problems.push('scrolls sideways at ' + width + ' px: ' + where(e));
            });
          }
          if (root.scrollWidth > width + 1) problems.push('page is ' + root.scrollWidth + ' px wide in a ' + width + ' px window');
          document.querySelectorAll('body *').forEach(function (e) {
            if (scrolls(e.parentElement)) return;
            var box = e.getBoundingClientRect();
            if (box.right > width + 1 && problems.length < 40) problems.push('sticks out of the window: ' + where(e));
          });
          document.querySelectorAll('td,th,summary,li,p,.card,.progress,h1,h2,h3').forEach(function (e) {
            if (e.scrollWidth > e.clientWidth + 1 && problems.length < 40) {
              problems.push('content overflows its box (' + e.scrollWidth + ' > ' + e.clientWidth + '): ' + where(e));
            }
          });
          var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
            acceptNode: function (n) {
              for (var a = n.parentElement; a; a = a.parentElement) {
                if (a.tagName === 'PRE' || a.tagName === 'SCRIPT' || a.tagName === 'STYLE' || a.namespaceURI !== 'http://www.w3.org/1999/xhtml') return NodeFilter.FILTER_REJECT;
              }
              return NodeFilter.FILTER_ACCEPT;
            }
          });
          var range = document.createRange();
          var words = 0;
          for (var node = walker.nextNode(); node; node = walker.nextNode()) {
            // Inside a path a part between slashes must stay whole; elsewhere a run of letters and digits.
            var pattern = node.parentElement.closest('.path') ? /[^\/]+/g : /[\p{L}\p{N}_]+/gu, match;
            while ((match = pattern.exec(node.data)) !== null) {
              words++;
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              var rects = Array.from(range.getClientRects()).filter(function (r) { return r.width > 0; });
              if (rects.length < 2) continue;
              var tops = new Set(rects.map(function (r) { return Math.round(r.top); }));
              if (tops.size < 2) continue;
              var block = node.parentElement;
              while (getComputedStyle(block).display.indexOf('inline') === 0) block = block.parentElement;
              var style = getComputedStyle(block);
              // A table cell could have grown (its table scrolls), so there a word only has to fit the window.
              var room = block.closest('table') ? width
                : block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              var needed = rects.reduce(function (sum, r) { return sum + r.width; }, 0);
              if (needed <= room && problems.length < 40) {
                problems.push('"' + match[0] + '" is broken over two lines in ' + where(node.parentElement));
              }
            }
          }
          var verdict = JSON.stringify({ width: width, collapsedHeight: collapsed, words: words, problems: problems });
          if (window.parent !== window) window.parent.postMessage(verdict, '*');
          else document.body.setAttribute('data-verdict', verdict);
        })();
        """#

    /// The verdict of the probe on `html` laid out `width` px wide.
    static func verdict(_ html: String, width: Int, chromium: String, scratch: TemporaryTree) throws -> Verdict {
        let name = "probed-\(UUID().uuidString)"
        let script = "<script>\(probe.replacingOccurrences(of: "WIDE", with: String(wideScreen)))</script></body>"
        try #require(html.contains("</body>"))
        try scratch.file("\(name).html", html.replacingOccurrences(of: "</body>", with: script))
        try scratch.file(
            "\(name)-frame.html",
            """
            <!DOCTYPE html><html><body style="margin:0"><iframe src="\(name).html" \
            style="border:0;width:\(width)px;height:1000px"></iframe><pre id="verdict">no verdict</pre>
            <script>addEventListener('message', function (e) {
            document.getElementById('verdict').textContent = e.data; });</script></body></html>
            """)
        let output = try dumpDOM(scratch.root + "/\(name)-frame.html", chromium: chromium, scratch: scratch)
        let start = try #require(
            output.range(of: "<pre id=\"verdict\">"), "no verdict element:\n\(output.prefix(2000))")
        let end = try #require(output.range(of: "</pre>", range: start.upperBound..<output.endIndex))
        let text = String(output[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let json = try #require(object, "the probe gave no verdict: \(text.prefix(500))")
        return Verdict(
            width: json["width"] as? Int ?? 0, collapsedHeight: json["collapsedHeight"] as? Int ?? 0,
            words: json["words"] as? Int ?? 0, problems: json["problems"] as? [String] ?? ["no problems array"])
    }

    /// Runs Chromium with `--dump-dom` after virtual time lets the frame post its message.
    static func dumpDOM(_ page: String, chromium: String, scratch: TemporaryTree) throws -> String {
        let dump = scratch.root + "/dom-\(UUID().uuidString).html"
        try HeadlessChromium.run(
            chromium,
            arguments: [
                "--window-size=1400,1000", "--virtual-time-budget=30000", "--dump-dom",
                URL(fileURLWithPath: page).absoluteString,
            ], profile: scratch.root + "/profile", output: dump)
        return try String(contentsOfFile: dump, encoding: .utf8)
    }

    static func samplesReport(_ scratch: TemporaryTree) throws -> String {
        let report = scratch.root + "/samples.html"
        let result = try CLI.run(["report", "Samples", "--output", report, "--quiet"], in: PackageRoot.path)
        try #require(result.status == 0, "report failed: \(result.standardError)")
        return try String(contentsOfFile: report, encoding: .utf8)
    }

    @Test(.enabled(if: ExternalTool.chromium.shouldRun, Comment(rawValue: ExternalTool.chromium.missingMessage)))
    func samplesReportLayoutHoldsAtDesktopAndPhoneWidths() throws {
        let chromium = try #require(
            ExternalTool.chromium.location, Comment(rawValue: ExternalTool.chromium.missingMessage))
        let scratch = try TemporaryTree()
        let html = try Self.samplesReport(scratch)
        for width in Self.widths {
            let verdict = try Self.verdict(html, width: width, chromium: chromium, scratch: scratch)
            #expect(verdict.width == width, "the report was laid out \(verdict.width) px wide, not \(width)")
            #expect(verdict.words > 5_000, "the probe checked only \(verdict.words) words")
            #expect(verdict.problems.isEmpty, "at \(width) px: \(verdict.problems.joined(separator: "\n"))")
            if width == 1280 {
                // Was about 44,000 px with the mapping table open; collapsed lists keep it a few screens tall.
                #expect(verdict.collapsedHeight < 8_000, "the page is \(verdict.collapsedHeight) px tall")
            }
        }
    }

    /// The probe must see a broken layout: with the old table rule (`overflow-wrap: anywhere`, which let
    /// columns shrink to "merg e") words break; without the scroll boxes wide tables widen the page.
    @Test(.enabled(if: ExternalTool.chromium.shouldRun, Comment(rawValue: ExternalTool.chromium.missingMessage)))
    func theProbeFailsBrokenStylesheets() throws {
        let chromium = try #require(
            ExternalTool.chromium.location, Comment(rawValue: ExternalTool.chromium.missingMessage))
        let scratch = try TemporaryTree()
        let html = try Self.samplesReport(scratch)
        let breaks: [(css: String, problem: String)] = [
            ("th,td,.path{overflow-wrap:anywhere!important}", "is broken over two lines"),
            (".scroll{overflow:visible!important}", "page is"),
        ]
        for (css, problem) in breaks {
            let broken = html.replacingOccurrences(of: "</style>", with: css + "</style>")
            try #require(broken != html)
            let verdict = try Self.verdict(broken, width: 390, chromium: chromium, scratch: scratch)
            #expect(verdict.problems.contains { $0.contains(problem) }, "\(css): \(verdict.problems)")
        }
    }
}
