import { findGroup } from '../../catalogue/groups.js';
import type { Severity } from '../../checks/types.js';
import { html, type SafeHtml } from './markup.js';

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The group's title from section 1, or its id when the catalogue does not know it. */
export function groupTitle(group: string): string {
  return findGroup(group)?.title ?? group;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function severityBadge(severity: Severity): SafeHtml {
  return html`<span class="badge sev-${severity}">${severity}</span>`;
}

/** A `<dl>` of label and value; rows whose value is undefined are left out. */
export function facts(rows: ReadonlyArray<readonly [string, SafeHtml | string | number | undefined]>): SafeHtml {
  const shown = rows.filter(([, value]) => value !== undefined && value !== '');
  return html`<dl class="facts">${shown.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>`;
}
