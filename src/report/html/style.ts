/** The page's style sheet: system fonts only, no external resources, prints legibly. */
export const styleSheet = `
:root {
  --error: #c62828; --error-bg: #e35d52; --warning: #8a5a00; --warning-bg: #f4b942; --info: #1f5fa8; --info-bg: #6ea8e0;
  --passed-bg: #cde8cf; --passed: #1b5e20; --na-bg: #f4f5f7; --line: #d9dce1; --muted: #5f6670; --text: #1d2127;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; padding: 0 24px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--text); background: #fff; }
code, pre { font-family: var(--mono); font-size: 12.5px; }
pre { margin: 4px 0; padding: 8px 10px; background: #f6f8fa; border: 1px solid var(--line); border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 360px; overflow: auto; }
h2 { margin: 32px 0 8px; font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 20px 0 6px; font-size: 15px; }
h4 { margin: 0 0 4px; font-size: 13px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
nav { margin: 12px 0 0; font-size: 13px; }
nav a { margin-right: 14px; color: var(--info); }
.muted, .legend, .group { color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }

.banner { display: flex; gap: 20px; align-items: stretch; margin: 24px 0 0; border-radius: 6px; border: 1px solid var(--line); overflow: hidden; }
.banner .verdict { display: flex; align-items: center; padding: 0 28px; font-size: 30px; font-weight: 700; letter-spacing: .06em; color: #fff; }
.verdict-pass .verdict { background: #2e7d32; }
.verdict-fail .verdict { background: var(--error); }
.verdict-not-run .verdict, .verdict-incomplete .verdict, .verdict-interrupted .verdict { background: #8d6e00; }
.status-reason { margin: 8px 0 0; font-weight: 600; }
.banner .run { padding: 12px 16px 12px 0; }
.banner h1 { margin: 0 0 6px; font-size: 18px; }
.failures { margin: 8px 0 0; padding-left: 18px; color: var(--error); font-weight: 600; }
.panel { margin-top: 12px; padding: 4px 16px 8px; border: 1px solid var(--line); border-radius: 6px; }
.panel h2 { margin-top: 8px; border: 0; font-size: 15px; }
ul.plain { padding-left: 18px; }

.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
.banner .facts { grid-template-columns: repeat(4, max-content auto); }

.summary { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 16px; }
.card { min-width: 120px; padding: 10px 14px; border-radius: 6px; border: 1px solid var(--line); display: flex; flex-direction: column; }
.card .count { font-size: 26px; font-weight: 700; line-height: 1.1; }
.card .note { font-size: 12px; color: var(--muted); }
.card.sev-error { border-left: 6px solid var(--error-bg); } .card.sev-error .count { color: var(--error); }
.card.sev-warning { border-left: 6px solid var(--warning-bg); } .card.sev-warning .count { color: var(--warning); }
.card.sev-info { border-left: 6px solid var(--info-bg); } .card.sev-info .count { color: var(--info); }
.card.totals { flex: 1; min-width: 260px; }

.scroll { overflow-x: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.matrix th.op-name { white-space: nowrap; font-weight: normal; background: #fff; }
.op-name code, .flows th code { display: block; font-weight: 600; }
.op-name .group, .flows th .group { display: block; font-size: 12px; font-weight: 400; }
.matrix th.corner { vertical-align: bottom; }
.matrix th.check-head { vertical-align: bottom; padding: 6px 2px; width: 34px; }
.matrix th.check-head span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-family: var(--mono); font-size: 12px; font-weight: 500; }
.cell { text-align: center; vertical-align: middle; min-width: 34px; font-weight: 700; font-variant-numeric: tabular-nums; position: relative; }
.cell-error { background: var(--error-bg); color: #fff; }
.cell-warning { background: var(--warning-bg); color: #3d2800; }
.cell-info { background: var(--info-bg); color: #fff; }
.cell-passed { background: var(--passed-bg); color: var(--passed); font-weight: 400; }
.cell-skipped { background: repeating-linear-gradient(135deg, #e4e6ea 0 4px, #f7f8f9 4px 8px); color: var(--muted); font-weight: 400; }
.cell-na { background: var(--na-bg); }
.cell.has-waived::after { content: ""; position: absolute; top: 0; right: 0; border-style: solid; border-width: 0 8px 8px 0; border-color: transparent #7b4fc9 transparent transparent; }
.dim { opacity: .28; }
.legend { font-size: 12.5px; }
.swatch { display: inline-block; width: 14px; height: 14px; vertical-align: -2px; border: 1px solid var(--line); margin-left: 8px; }
.flows .ops code { white-space: nowrap; }

.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 18px; margin-left: 4px; background: #e8eaed; color: var(--text); }
.badge.sev-error { background: var(--error-bg); color: #fff; }
.badge.sev-warning { background: var(--warning-bg); color: #3d2800; }
.badge.sev-info { background: var(--info-bg); color: #fff; }
summary > .badge:first-child { margin-left: 0; min-width: 58px; text-align: center; }
.badge.waived { background: #ece4fa; color: #5b36a3; }
.badge.baseline-new { background: #fde2e0; color: var(--error); }
.badge.baseline-still-present { background: #eceff3; color: var(--muted); }
.badge.recurrence-consistent { background: #eceff3; color: var(--text); }
.badge.recurrence-intermittent { background: #fff3d6; color: var(--warning); }
.samples { margin-top: 8px; }
.samples .sample { margin: 4px 0; }
.samples .more { color: var(--muted); font-style: italic; }
.badge.truncated { background: #fff3d6; color: var(--warning); margin: 4px 0 0; }
.badge.status-tested { background: var(--passed-bg); color: var(--passed); }
.badge.status-skipped { background: #eceff3; color: var(--muted); }

.filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 8px 12px; margin-bottom: 8px; background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; }
.filters .label { color: var(--muted); }
.filters .shown { margin-left: auto; color: var(--muted); }
.filters select { font: inherit; padding: 2px 4px; }

.deviation { border: 1px solid var(--line); border-left: 6px solid var(--line); border-radius: 4px; margin: 6px 0; }
.deviation[data-severity="error"] { border-left-color: var(--error-bg); }
.deviation[data-severity="warning"] { border-left-color: var(--warning-bg); }
.deviation[data-severity="info"] { border-left-color: var(--info-bg); }
.deviation > summary { cursor: pointer; padding: 6px 10px; overflow-wrap: anywhere; }
.deviation > summary code { font-size: 12px; }
.deviation > summary .check { font-weight: 700; }
.deviation > summary .pointer { color: var(--muted); }
.deviation[open] > summary { border-bottom: 1px solid var(--line); background: #fafbfc; }
.detail { padding: 8px 14px 12px; }
.expectation { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0 10px; font-family: var(--mono); font-size: 12.5px; }
.expectation dt { font-weight: 700; }
.expectation dd { margin: 0; overflow-wrap: anywhere; }
.rule { margin: 8px 0; }
blockquote { margin: 4px 0 8px; padding: 2px 12px; border-left: 3px solid var(--line); color: var(--muted); font-style: italic; }
.note { margin: 4px 0; font-weight: 600; }
.note.waived { color: #5b36a3; }
.note.baseline-new { color: var(--error); }
.note.baseline-still-present { color: var(--muted); font-weight: 400; font-size: 13px; }
.exchange { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 12px; margin: 10px 0; }
.message-part { min-width: 0; }
.start-line { font-weight: 700; }
.copyable { display: grid; grid-template-columns: 1fr max-content; align-items: end; gap: 0 8px; margin: 8px 0; }
.copyable .label { font-size: 12px; color: var(--muted); }
.copyable pre { grid-column: 1 / -1; }
.copyable .copy { grid-row: 1; grid-column: 2; font: inherit; font-size: 12px; padding: 1px 10px; cursor: pointer; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
.copyable .copy:hover { background: #f0f2f5; }
.list td, .list th { font-size: 13px; }
@media print { .filters { display: none; } .deviation:not([open]) { break-inside: avoid; } }
`;
