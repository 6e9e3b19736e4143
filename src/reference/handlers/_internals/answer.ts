/** What a handler answers: an outcome as data, and the envelope (2.1) it is sent in. */
import type { EnvelopeKind } from '../../../catalogue/operations.js';
import type { ReferenceState } from '../../records.js';

/** "Every response body is a JSON object with these fields" (2.1). */
export type FullEnvelope = {
  data: object;
  status: 'success' | 'fail';
  code: '200' | '400' | '401' | '404';
  message: string;
  error: Record<string, string>;
};

/** "The create-order response for the alpha catalogue carries only `data`" (2.1). */
export type DataOnlyEnvelope = {
  data: object;
};

/** The JSON body to send; the HTTP status is always 200 ("Each operation in the table answers HTTP 200", 4 rule 1). */
export type ReferenceAnswer = FullEnvelope | DataOnlyEnvelope;

/** What is wrong with a request, as data: the field (a path like `items[0].num`) and why. */
export interface Problem {
  field: string;
  reason: string;
}

export type Outcome = { kind: 'done'; data: object } | { kind: 'bad-request' | 'not-found' | 'unauthorized'; problem: Problem };

export const done = (data: object): Outcome => ({ kind: 'done', data });
export const badRequest = (field: string, reason: string): Outcome => ({ kind: 'bad-request', problem: { field, reason } });
export const notFound = (field: string, reason: string): Outcome => ({ kind: 'not-found', problem: { field, reason } });
/** Only the token operation (4.1) answers it: its credentials are wrong. */
export const unauthorized = (field: string, reason: string): Outcome => ({ kind: 'unauthorized', problem: { field, reason } });

/** Values of `code` are "not shown" (7); the sandbox uses the HTTP codes their cases are known by. */
const FAILURE_CODE = { 'bad-request': '400', unauthorized: '401', 'not-found': '404' } as const;

export function envelope(kind: EnvelopeKind, outcome: Outcome): ReferenceAnswer {
  // A copy, so the answer shares nothing with the state: the caller may keep or change it.
  const data = outcome.kind === 'done' ? structuredClone(outcome.data) : {};
  if (kind === 'data-only') return { data };
  if (outcome.kind === 'done') return { data, status: 'success', code: '200', message: '操作成功', error: {} };
  const { field, reason } = outcome.problem;
  return { data, status: 'fail', code: FAILURE_CODE[outcome.kind], message: `${field}: ${reason}`, error: { field, reason } };
}

/** What the server knows besides its state: the token it accepts and the credentials that get it. */
export interface HandlerContext {
  readonly token: string;
  readonly credentials: { readonly mobile: string; readonly password: string };
}

/**
 * Answers one call of an operation; the state is the only thing it changes. GET operations of 4.1
 * (log out, customer basic information) get `undefined`: they have no body.
 */
export type Handler = (payload: unknown, state: ReferenceState, context: HandlerContext) => Outcome;

/** A group's handlers (section 1), by catalogue operation id. */
export type GroupHandlers = Readonly<Record<string, Handler>>;
