import { operationsWithoutToken } from '../catalogue/listed-operations.js';
import type { Operation } from '../catalogue/operations.js';
import type { AuthProbe } from '../checks/auth/probes.js';
import { isPlainObject } from '../checks/preconditions.js';
import type { Intent } from '../checks/types.js';
import type { SentRequest } from '../client/exchange.js';
import { nullAllowedIn } from '../generators/coverage/classes.js';
import { fieldRoles } from '../generators/coverage/roles.js';
import type { SchemaIssue } from '../validation/validator.js';
import { headerOf } from './observed.js';

/** What the kit makes of a request it did not send: why the client sent it, as the checks read it. */
export interface Classified {
  readonly intent: Intent;
  /**
   * What the body encodes, as the checks of a valid call read it; for a call judged as hostile, what
   * made it one, as the engine's hostile calls say what they tried (`kind`, `description`).
   */
  readonly payload: unknown;
  /** A valid call of a list: the page it asks for, and what else it asked (which list it reads). */
  readonly page?: { readonly size: number; readonly no: number; readonly asked: ReadonlyArray<readonly [field: string, value: unknown]> };
  /** How a valid call wrote its `authorization` header where not as section 5 shows it (missing, empty, with a space). */
  readonly probe?: AuthProbe;
}

/** Schema issues shown in a hostile call's description, at most. */
const ISSUES_SHOWN = 3;

const hostile = (kind: string, description: string): Classified => ({ intent: 'hostile', payload: { kind, description } });

/** A call whose body is not a request the spec documents, named as the engine names its hostile kinds. */
function notDocumented(issues: readonly SchemaIssue[]): Classified {
  const [first] = issues;
  const kind =
    first?.keyword === 'required'
      ? 'missing-field'
      : first?.keyword === 'type'
        ? first.actual.startsWith('null')
          ? 'null-field'
          : 'wrong-type'
        : 'not-as-documented';
  const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => `${issue.instancePath || 'body'}: ${issue.expected}, got ${issue.actual}`);
  return hostile(kind, `${shown.join('; ')}${issues.length > ISSUES_SHOWN ? `; and ${issues.length - ISSUES_SHOWN} more` : ''}`);
}

/**
 * The way the header was written, where not as section 5 shows it: "the word bearer directly followed
 * by the token, with no separating space", or the token alone ("Some operations show the value as
 * <API_KEY>"); none at all where a client has no token yet (operationsWithoutToken). A token cannot be
 * told from a wrong one here: the kit does not know the client's.
 */
function probeOf(operation: Operation, headers: Readonly<Record<string, string>>): AuthProbe | undefined {
  const value = headerOf(headers, 'authorization');
  if (value === undefined) return operationsWithoutToken.has(operation.id) ? undefined : 'no-header';
  if (value.trim() === '') return 'empty-value';
  if (/^bearer\s/i.test(value)) return value.startsWith('Bearer') ? 'bearer-space' : 'bearer-lowercase-space';
  return undefined;
}

/**
 * A null where the samples show one and it filters nothing: "Request fields of #1 to #5 and #7 to
 * #12 are shown with null or numeric sample values only" (4 rule 4) — a list's filter (the roles the
 * coverage pass allows null in), as the engine judges its own calls.
 */
function nullAsSampled(operation: Operation, payload: Record<string, unknown>, issue: SchemaIssue): boolean {
  const field = issue.instancePath.slice(1);
  const role = fieldRoles[operation.id]?.[field];
  return issue.keyword === 'type' && payload[field] === null && role !== undefined && nullAllowedIn.includes(role);
}

const positiveWhole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The page a valid call of a list asks for, with the other fields it asked, in a stable order. */
function pageOf(operation: Operation, payload: unknown): Classified['page'] {
  if (!operation.paging || !isPlainObject(payload) || !positiveWhole(payload.pageSize)) return undefined;
  const no = payload.pageNo ?? 1;
  if (!positiveWhole(no)) return undefined;
  const asked = Object.keys(payload)
    .filter((field) => field !== 'pageSize' && field !== 'pageNo')
    .sort()
    .map((field) => [field, payload[field]] as const);
  return { size: payload.pageSize, no, asked };
}

/**
 * Why the client sent a call, read from the call itself: `conforming` when its body is a request the
 * spec documents (valid against the operation's request schema; for an operation of 4.1, which has
 * none, a JSON object, or no body for a GET), `hostile` otherwise — judged as the engine judges its
 * own hostile calls: the server must stay on its feet, nothing more. A valid call without the header
 * section 5 shows is judged as the engine's auth probes are: what a server answers then is not shown.
 */
export function classify(
  operation: Operation,
  request: SentRequest,
  requestCut: string | undefined,
  validate: (schemaId: string, value: unknown) => SchemaIssue[],
): Classified {
  if (requestCut !== undefined) return hostile('body-cut', `the request body is known only in part (${requestCut})`);
  const text = request.body ?? '';
  let payload: Record<string, unknown> | undefined;
  if (text.trim() === '') {
    if (operation.method !== 'GET') return hostile('empty-body', request.body === undefined ? 'no body' : 'an empty body');
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return hostile('invalid-json', (error as Error).message);
    }
    if (!isPlainObject(parsed)) return hostile('non-object-body', `body: ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed}`);
    if (operation.requestSchema !== undefined) {
      const issues = validate(operation.requestSchema, parsed).filter((issue) => !nullAsSampled(operation, parsed, issue));
      if (issues.length > 0) return notDocumented(issues);
    }
    payload = parsed;
  }
  const probe = probeOf(operation, request.headers);
  if (probe) return { intent: 'auth-probe', payload, probe };
  const page = pageOf(operation, payload);
  return { intent: 'conforming', payload, ...(page ? { page } : {}) };
}
