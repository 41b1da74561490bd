/// The inline style sheet of the HTML migration report (one file, no external assets).
///
/// Layout rules that keep it readable from 1280 px down to a 390 px phone: text never breaks inside a
/// word that fits its line (`overflow-wrap: break-word` only for words wider than the line, never
/// `anywhere`, which lets table columns shrink to one letter), paths break only at their `<wbr>`s,
/// and tables too wide for the screen scroll inside their own `.scroll` box.
enum HTMLReportStyle {
    /// Light by default, dark under `prefers-color-scheme: dark`; charts use the same variables.
    static let css = """
        :root{--bg:#fff;--fg:#1d1f23;--muted:#5b6270;--line:#d9dde3;--card:#f5f7fa;--accent:#2f6fdb;\
        --error:#c62828;--warning:#b26a00;--note:#4a6fa5;--done:#2e7d32;--todo:#b26a00;--blocked:#c62828;\
        --code:#f0f2f5;--lck:#eaf5ea;--none:#fdecea}
        @media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e6e8eb;--muted:#9aa3b0;--line:#343a44;\
        --card:#1f2329;--accent:#6ea2ff;--error:#ff7b72;--warning:#e3b341;--note:#8fb3e8;--done:#56d364;\
        --todo:#e3b341;--blocked:#ff7b72;--code:#22262d;--lck:#1c2e21;--none:#3a1f1f}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;\
        overflow-wrap:break-word}
        main{max-width:1200px;margin:0 auto;padding:24px}
        h1{font-size:1.6em;margin:0 0 4px}h2{margin-top:1.6em;border-bottom:1px solid var(--line);padding-bottom:4px}
        a{color:var(--accent)}code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        .meta,.muted{color:var(--muted)}
        .path{overflow-wrap:break-word;word-break:normal}.nb{white-space:nowrap}
        .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin:16px 0}
        .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px}
        .card b{display:block;font-size:1.5em}.card .band{display:block;font-weight:600}
        .note-box{border-left:4px solid var(--accent);background:var(--card);padding:8px 12px;margin:12px 0}
        .scroll{overflow-x:auto;margin:8px 0}
        table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);\
        padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:normal;word-break:normal}\
        th{background:var(--card)}td.num,th.num{text-align:right;white-space:nowrap}
        th,td.short{word-break:keep-all;hyphens:none}table{font-size:14px}td code{font-size:12px}
        tr.none td{background:var(--none)}tr.area th{background:none;padding-top:12px;font-size:1.05em}
        .badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:.8em;font-weight:600;color:var(--bg);\
        white-space:nowrap}
        .b-error,.b-blocked{background:var(--error)}.b-warning,.b-todo{background:var(--warning)}
        .b-note{background:var(--note)}.b-done{background:var(--done)}
        svg{max-width:100%;height:auto}svg text{fill:var(--fg);font:12px system-ui,sans-serif}
        .bar{fill:var(--accent)}.seg-done{fill:var(--done)}.seg-todo{fill:var(--todo)}.seg-blocked{fill:var(--blocked)}
        .bar-error{fill:var(--error)}.bar-warning{fill:var(--warning)}.bar-note{fill:var(--note)}
        .legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:4px 0;font-size:.9em}
        .swatch{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px}
        .s-error{background:var(--error)}.s-warning{background:var(--warning)}.s-note{background:var(--note)}
        .fix.with-progress{display:grid;grid-template-columns:minmax(0,1fr) 240px;gap:16px;align-items:start}
        .fix ol{margin:0;padding-left:1.6em}.fix li{margin:0 0 6px}
        .progress{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 12px}
        .progress b{font-size:1.3em}
        ol.plan>li{margin:10px 0;padding:8px 12px;background:var(--card);border-radius:8px;border:1px solid var(--line)}
        details{border:1px solid var(--line);border-radius:8px;margin:8px 0;padding:4px 12px}
        ol.plan details,td details{border:none;padding:0;margin:0}
        summary{cursor:pointer;font-weight:600}td summary,li summary{font-weight:normal}
        ul.files{margin:4px 0;padding-left:1.2em}
        .line{border-top:1px solid var(--line);padding:8px 0}.line:first-of-type{border-top:none}
        .line ul{margin:4px 0;padding-left:1.2em}
        .pair{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px}.pair.single{grid-template-columns:1fr}
        pre{margin:4px 0;padding:6px 8px;background:var(--code);border-radius:6px;overflow-x:auto;white-space:pre}
        pre.lck{background:var(--lck)}.ln{color:var(--muted);user-select:none;display:inline-block;min-width:3.5em}
        @media (max-width:700px){main{padding:12px}.pair,.fix.with-progress{grid-template-columns:1fr}}
        @media print{body{font-size:11pt}main{max-width:none;padding:0}details{break-inside:avoid}\
        pre{white-space:pre-wrap}a{color:inherit}.scroll{overflow:visible}}
        """
}
