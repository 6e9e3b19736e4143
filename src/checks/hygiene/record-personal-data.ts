import { pointerToken } from '../../json-pointer.js';
import type { DeclaredMembers } from '../../validation/declared-members.js';
import { recordSchemaId } from '../../validation/validator.js';
import { findingsAt } from '../_internals/json-values.js';
import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** What identifies a person, as records write it: a mobile number (mainland China, or E.164), an e-mail address, a resident identity card number. */
const PERSONAL: readonly { readonly kind: string; readonly pattern: RegExp }[] = [
  { kind: 'a mobile number', pattern: /^(?:\+?86[- ]?)?1[3-9]\d{9}$|^\+[1-9]\d{7,14}$/ },
  { kind: 'an e-mail address', pattern: /^[^\s@"]+@[^\s@"]+\.[a-z]{2,}$/i },
  { kind: 'an identity card number', pattern: /^\d{17}[\dX]$/i },
];

/** Cheap test first: most texts hold nothing that could be one. */
const MAYBE_PERSONAL = /1[3-9]\d{9}|\+[1-9]\d{7}|@|\d{17}/;

const personalKind = (value: unknown): string | undefined => {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  return text === undefined ? undefined : PERSONAL.find(({ pattern }) => pattern.test(text))?.kind;
};

type Place = { pointer: string; actual: string };

/** The first personal value at any depth of an undocumented member, with where it is. */
function firstPersonal(value: unknown, pointer: string): Place | undefined {
  const kind = personalKind(value);
  if (kind) return { pointer, actual: kind };
  if (value === null || typeof value !== 'object') return undefined;
  for (const [name, member] of Object.entries(value)) {
    const found = firstPersonal(member, `${pointer}/${pointerToken(name)}`);
    if (found) return found;
  }
  return undefined;
}

/** A member a record does not document, with where it is. */
type Undocumented = { name: string; value: unknown; pointer: string };

/** The members of a record (and of its documented arrays of records) that it does not document. */
function undocumentedMembers(record: unknown, members: DeclaredMembers, pointer: string, found: Undocumented[]): void {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return;
  for (const name in record) {
    const value: unknown = (record as Record<string, unknown>)[name];
    if (!members.has(name)) {
      found.push({ name, value, pointer: `${pointer}/${pointerToken(name)}` });
      continue;
    }
    const elements = members.get(name)?.elements;
    if (elements && Array.isArray(value))
      value.forEach((element, index) => undocumentedMembers(element, elements, `${pointer}/${pointerToken(name)}/${index}`, found));
  }
}

export const recordPersonalData: ExchangeCheck<'data'> = {
  id: 'record-personal-data',
  scope: 'exchange',
  ...clause('record-fields-not-shown'),
  standards: ['owasp-api3-exposed-properties'],
  severity: 'warning',
  title: 'Record carries personal data beyond its documented fields',
  description:
    "A member a record of section 2 does not document that holds, at any depth, what identifies a person: a mobile number, an e-mail address or an identity card number, unmasked. Records serialised with their relations embedded (the member who published an order, the account behind a card) hand another person's contact details to every client that lists them: \"The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user\" (OWASP API3, Excessive Data Exposure). The documented fields (a consignee's mobile, an order's soCaMobile) are not judged. A warning: what a record may carry beyond its fields is not shown (2.10), and the kit cannot tell whose the data is.",
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.response.kind === 'record' || (operation.response.kind === 'page' && operation.response.record !== undefined),
  run(exchange, { validator }) {
    const { response } = exchange.operation;
    const data = exchange.data;
    const undocumented: Undocumented[] = [];
    if (response.kind === 'record') undocumentedMembers(data, validator.members(recordSchemaId(response.schema)), '/data', undocumented);
    if (response.kind === 'page' && response.record && Array.isArray(data?.list)) {
      const members = validator.members(recordSchemaId(response.record));
      data.list.forEach((record, index) => undocumentedMembers(record, members, `/data/list/${index}`, undocumented));
    }
    // Most records carry only what they document: the text is searched only where one does not.
    if (undocumented.length === 0 || !MAYBE_PERSONAL.test(exchange.response.bodyText)) return [];
    const found = undocumented.flatMap(({ name, value, pointer }) => {
      const personal = firstPersonal(value, pointer);
      return personal ? [{ pointer, actual: `${name}, a member the record does not document, holds ${personal.actual}` }] : [];
    });
    return findingsAt(found, 'no personal data beyond the fields section 2 documents');
  },
};
