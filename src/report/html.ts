import { createHash } from 'node:crypto';
import type { Report } from './report.js';
import { statusLabel } from './status.js';
import { renderBanner, renderSummary } from './html/banner.js';
import { clientScript } from './html/client-script.js';
import { renderFindings } from './html/findings.js';
import { renderInputClasses } from './html/input-classes.js';
import { renderLatency } from './html/latency.js';
import { html, raw } from './html/markup.js';
import { renderMatrix } from './html/matrix.js';
import { styleSheet } from './html/style.js';
import { renderCoverage, renderObservations } from './html/tables.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * No network at all, and only our own style sheet and script, by hash: even if some server text
 * slipped through unescaped, the browser would neither run it nor fetch anything it names.
 * A constant of ours without a double quote, so it is written into the attribute as it is.
 */
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src ${sha256(styleSheet)}`,
  `script-src ${sha256(clientScript)}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * report.json as one self-contained HTML page: verdict, operations × checks matrix, filterable
 * deviations with their evidence and repro, coverage and observations. Opens from disk; every
 * string that came from the server or the report is escaped.
 */
export function renderHtmlReport(report: Report): string {
  const title = `${statusLabel[report.status]} — ${report.tool} report for ${report.target.baseUrl}`;
  return `<!doctype html>
${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(contentSecurityPolicy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${raw(styleSheet)}</style>
</head>
<body>
${renderBanner(report)}
<nav><a href="#summary">Summary</a><a href="#matrix">Matrix</a><a href="#findings">Deviations</a><a href="#coverage">Coverage</a><a href="#input-classes">Input classes</a><a href="#latency">Answer times</a><a href="#observations">Observations</a></nav>
${renderSummary(report)}
${renderMatrix(report)}
${renderFindings(report)}
${renderCoverage(report)}
${renderInputClasses(report)}
${renderLatency(report)}
${renderObservations(report)}
<script>${raw(clientScript)}</script>
</body>
</html>`}
`;
}
