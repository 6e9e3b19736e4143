import { readFileSync } from 'node:fs';

/** The specification as the package ships it: the oracle the description is held against. */
const spec = readFileSync(new URL('../../docs/spec/open-trading-platform-api.md', import.meta.url), 'utf8');

/** The text of a section, from its heading to the next heading. */
function sectionText(heading: string): string {
  const start = spec.indexOf(`\n${heading}`);
  if (start === -1) throw new Error(`no heading "${heading}" in the spec`);
  const next = spec.slice(start + 1).search(/\n#{2,3} /);
  return spec.slice(start + 1, next === -1 ? undefined : start + 1 + next);
}

/** The first column of each `| Field | Type |` table of a section of 2, table by table. */
export function fieldTables(section: string): string[][] {
  const text = sectionText(`### ${section} `);
  return text
    .split(/\n\s*\n/)
    .filter((block) => block.startsWith('| Field |'))
    .map((block) => [...block.matchAll(/^\| (\w+) \|/gm)].map((match) => match[1]!).filter((name) => name !== 'Field'));
}

/** A row of section 4's table. */
export interface EndpointRow {
  readonly number: number;
  readonly method: string;
  readonly path: string;
  readonly requestFields: string;
  readonly responseData: string;
}

export const endpointRows: readonly EndpointRow[] = [...sectionText('## 4. Endpoints').matchAll(/^\| (\d+) \| (\w+) \| (\S+) \| (.+?) \| (.+?) \|$/gm)].map(
  (match) => ({ number: Number(match[1]), method: match[2]!, path: match[3]!, requestFields: match[4]!, responseData: match[5]! }),
);

/** "Paths under /pc and /auth are written with a doubled slash after the base address; paths under /openapi with a single one." (4) */
export const specWirePath = (path: string): string => (/^\/(?:pc|auth)\//.test(path) ? `/${path}` : path);

/** A list split at its commas, not those inside braces. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') depth++;
    if (char === '}') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...parts, current.trim()].filter((part) => part !== '');
}

/**
 * The request fields a row names, array items as `items[].pCode`: "pageSize (number), status
 * (number)", "…, items: array of {pCode (string), …}", "same header fields as #14; items: …".
 */
export function requestFieldsOf(row: EndpointRow): string[] {
  const read = (text: string): string[] =>
    topLevelParts(text).flatMap((part) => {
      const name = /^(\w+)/.exec(part)![1]!;
      const nested = /\{(.*)\}/.exec(part);
      return nested ? [name, ...read(nested[1]!).map((field) => `${name}[].${field}`)] : [name];
    });
  const same = /^same header fields as #(\d+); (.*)$/.exec(row.requestFields);
  if (!same) return read(row.requestFields);
  const header = read(endpointRows.find((other) => other.number === Number(same[1]))!.requestFields).filter((field) => !field.startsWith('items'));
  return [...header, ...read(same[2]!)];
}

/**
 * The fields of `data` the "Response data" column documents: none for an empty object; a page's
 * fields (2.2) with its records under `list[]`; a record's, with the order lines of 2.4 under
 * `items[]` for "Order with items (2.3, 2.4)" (the second table of 2.3 adds soFreightPrice and items).
 */
export function responseFieldsOf(row: EndpointRow): string[] | undefined {
  if (/empty object/.test(row.responseData)) return undefined;
  const [section, lines] = /\((2\.\d+)(?:, (2\.\d+))?\)/.exec(row.responseData)!.slice(1);
  const tables = fieldTables(section!);
  const record = lines ? [...tables.flat(), ...fieldTables(lines)[0]!.map((field) => `items[].${field}`)] : tables[0]!;
  if (!row.responseData.startsWith('Page')) return record;
  return [...fieldTables('2.2')[0]!, ...record.map((field) => `list[].${field}`)];
}
