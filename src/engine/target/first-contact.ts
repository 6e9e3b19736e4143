import { type Operation, operations, wirePath } from '../../catalogue/operations.js';
import { authDocumentedHeader } from '../../checks/auth/documented-header.js';
import type { AuthProbe } from '../../checks/auth/probes.js';
import { recordOf, succeeded } from '../../checks/call-record.js';
import { documentedPath } from '../../checks/paths/documented-path.js';
import { carriesData, isErrorResult, isPlainObject } from '../../checks/preconditions.js';
import type { Exchange } from '../../checks/types.js';
import { type AuthScheme, authorizationShown, authorizationValue, authSchemes } from '../../client/auth.js';
import { type Client, createClient } from '../../client/client.js';
import { unauthorized } from '../../client/refusal.js';
import type { Transcript } from '../../client/exchange.js';
import { type PathForm, pathForms, pathInForm } from '../../client/target.js';
import { Redactor } from '../../redaction/redactor.js';
import type { Validator } from '../../validation/validator.js';
import type { FormTried } from '../../errors.js';
import { generateCalls } from '../operation/calls.js';
import { causeDeviation } from '../judging/cause-evidence.js';
import type { Deviation } from '../judging/deviation.js';
import { judge } from '../judging/judge.js';
import type { RunSettings } from '../schedule/settings.js';

/** How a request is written on the wire: the scheme of its `authorization` header and the form of its path. */
export interface WireForm {
  readonly authScheme: AuthScheme;
  readonly pathForm: PathForm;
}

/** What sections 4 and 5 document: `bearer<TOKEN>`, and the doubled slash before /pc and /auth. */
export const DOCUMENTED_FORM: WireForm = { authScheme: 'bearer-no-space', pathForm: 'documented' };

/**
 * What first contact concluded:
 * - go-on: the run goes on in `form`; when the server refused the documented form and served
 *   another, `deviations` say so and `adopted` says which form the run took instead;
 * - token-refused: the token was refused in every form tried (nothing could be checked);
 * - not-this-api: nothing at the documented paths answers like this API (is the base URL right?).
 */
export type FirstContact =
  | { readonly kind: 'go-on'; readonly form: WireForm; readonly deviations: readonly Deviation[]; readonly adopted?: string; readonly note?: string }
  | { readonly kind: 'token-refused'; readonly reason: string; readonly formsTried: readonly FormTried[] }
  | { readonly kind: 'not-this-api'; readonly reason: string };

export interface FirstContactInput {
  /** Sends the calls; each sets its own header and path, so the client's own form does not matter. */
  readonly client: Client;
  readonly token: string;
  readonly selected: readonly Operation[];
  /** The form the user asked for (--auth-scheme, --path-form): tried first after the documented one. */
  readonly preferred: WireForm;
  readonly seed: number;
  /** Keeps the token (and the run's other secrets) out of the evidence of what first contact finds. */
  readonly redactor: Redactor;
  readonly validator: Validator;
  /** Checks --checks or --exclude-checks leave out: what first contact finds of them is not reported. */
  readonly excludedChecks?: readonly string[];
}

/** Operations a client calls before it has a token: their answer says nothing about the token. */
const CALLED_WITHOUT_TOKEN = new Set(['login', 'token-get']);
/** Other operations asked, in the documented form, before the kit says the base URL serves nothing of this API. */
const OTHER_OPERATIONS_ASKED = 3;
/** The members of 2.1's envelope: an answer with none of them is not this API's. */
const ENVELOPE_FIELDS = ['data', 'status', 'code', 'message', 'error'];
/** Statuses of a server that has nothing at the path, or not for POST. */
const NOTHING_HERE = new Set([404, 405, 410, 501]);

/**
 * The operation first contact calls: a selected one that changes nothing and takes the token,
 * a documented list first (its valid payload is generated from the request schema), else any
 * documented one, else one an operation map places. Undefined when the selection has none.
 */
export function preflightOperation(selected: readonly Operation[]): Operation | undefined {
  const candidates = selected.filter((op) => !op.mutates && !CALLED_WITHOUT_TOKEN.has(op.id));
  const documented = candidates.filter((op) => op.requestSchema !== undefined);
  return documented.find((op) => op.paging !== undefined) ?? documented[0] ?? candidates[0];
}

/** What came back, in a few words: status, and the envelope's code and message (or the body's start). */
export function describeAnswer(transcript: Transcript): string {
  const response = transcript.response;
  if (!response) return transcript.failure ? `${transcript.failure.kind} (${transcript.failure.message})` : 'no answer';
  const body = response.json.ok ? response.json.value : undefined;
  if (isPlainObject(body)) {
    const field = (name: string) => (body[name] === undefined ? '' : `, ${name} ${JSON.stringify(body[name]).slice(0, 200)}`);
    return `HTTP ${response.status}${field('code')}${field('message')}${field('error')}`;
  }
  const text = response.bodyText.trim();
  return `HTTP ${response.status}${text ? `, body ${JSON.stringify(text.slice(0, 200))}` : ', empty body'}`;
}

/** The parts of an error result that say what the error is: the same parts, the same error. */
function errorIdentity(transcript: Transcript | undefined): string | undefined {
  const response = transcript?.response;
  const body = response?.json.ok ? response.json.value : undefined;
  if (!response || !isPlainObject(body) || !isErrorResult(body, response.status)) return undefined;
  return JSON.stringify([response.status, body.code, body.status, body.error]);
}

/**
 * How a call was answered, as first contact reads it:
 * - served: HTTP 200 with a result (2.1), as a conforming call's should be;
 * - refused: what cannot be anything but a refusal of the token: HTTP 401 or 403, an envelope code
 *   "401" or "403", or the very error result a call without any authorization header gets (5
 *   leaves "behaviour on a missing or invalid token" unshown, so nothing looser counts);
 * - not-found: nothing of this API there: HTTP 404, 405, 410 or 501, an envelope code "404" with no data, or a
 *   body that is not the envelope of 2.1 (HTML, text, another API's JSON), unless it is a 5xx;
 * - no-answer: a failure on the wire, before the answer or in its body;
 * - other: anything else (an error result of its own, a 5xx): the suites judge it.
 */
type Reading = 'served' | 'refused' | 'not-found' | 'no-answer' | 'other';

function read(exchange: Exchange, anonymous: Transcript | undefined): Reading {
  const response = exchange.response;
  // An answer cut short (a deadline, the body cap, a reset mid-body) says nothing of where the API is: the suites judge it.
  if (!response || exchange.failure) return 'no-answer';
  if (unauthorized(exchange)) return 'refused';
  if (NOTHING_HERE.has(response.status)) return 'not-found';
  const body = response.json.ok ? response.json.value : undefined;
  const envelope = isPlainObject(body) && ENVELOPE_FIELDS.some((field) => field in body);
  if (!envelope) return response.status >= 500 ? 'other' : 'not-found';
  // An envelope code "404" with nothing in `data` is "no operation here"; one beside a page or a record is "no such record".
  if ((body.code === '404' || body.code === 404) && !carriesData(body.data)) return 'not-found';
  if (succeeded(recordOf(exchange, 0))) return 'served';
  const identity = errorIdentity(exchange);
  return identity !== undefined && identity === errorIdentity(anonymous) ? 'refused' : 'other';
}

/** The auth probe that writes the header in a scheme, for the checks that judge the forms. */
const probeOfScheme: Record<AuthScheme, AuthProbe | undefined> = {
  'bearer-no-space': undefined,
  'bearer-space': 'bearer-space',
  'bearer-lowercase-space': 'bearer-lowercase-space',
  'api-key': 'token-only',
};

/** The forms to try after the documented one: the user's first, then every other header on the documented path, then the single slash. */
function alternatives(operation: Operation, preferred: WireForm): WireForm[] {
  const paths = operation.pathStyle === 'double-slash' ? pathForms : (['documented'] as const);
  const all = paths.flatMap((pathForm) => authSchemes.map((authScheme) => ({ authScheme, pathForm })));
  const same = (a: WireForm, b: WireForm) => a.authScheme === b.authScheme && a.pathForm === b.pathForm;
  const others = all.filter((form) => !same(form, DOCUMENTED_FORM) && !same(form, preferred));
  return same(preferred, DOCUMENTED_FORM) || !all.some((form) => same(form, preferred)) ? others : [preferred, ...others];
}

/** A form as the console and the reports name it: `Bearer <TOKEN> at /pc/…`. */
function shown(form: WireForm, operation: Operation): string {
  return `${authorizationShown(form.authScheme)} at ${pathInForm(wirePath(operation), form.pathForm)}`;
}

interface Attempt {
  readonly form: WireForm;
  readonly exchange: Exchange;
  readonly reading: Reading;
}

/**
 * First contact with the server, before the suites, in a handful of requests: one valid call of a
 * read-only operation in the documented form (sections 4 and 5), then, if that is refused or finds
 * nothing, the forms servers are really deployed with — `Bearer <TOKEN>`, `bearer <TOKEN>`, the
 * bare token, and the path with a single slash. A form other than the documented one that is
 * served is the server's deviation (5 rule 2, or 4), and the run goes on in it so that everything
 * else is still checked. The token refused in every form, or nothing that answers like this API at
 * the documented paths of several operations, is the user's setup: the run cannot check anything.
 */
export async function firstContact(input: FirstContactInput): Promise<FirstContact> {
  const operation = preflightOperation(input.selected);
  if (!operation) {
    return {
      kind: 'go-on',
      form: input.preferred,
      deviations: [],
      note: 'No selected operation is read-only and takes the token: the token is not checked before the run.',
    };
  }
  const asking = attempts(input);
  const documented = await asking(operation, DOCUMENTED_FORM);
  if (documented.reading !== 'refused' && documented.reading !== 'not-found') return { kind: 'go-on', form: input.preferred, deviations: [] };
  const tried = [documented];
  for (const form of alternatives(operation, input.preferred)) {
    const attempt = await asking(operation, form);
    tried.push(attempt);
    if (attempt.reading === 'served') return adopt(documented, attempt, input);
  }
  if (documented.reading === 'refused') {
    return {
      kind: 'token-refused',
      reason: `Check --token (or OTP_TOKEN) and --base-url: the server refused the token in all ${tried.length} forms tried (listed in report.json, formsTried).`,
      formsTried: tried.map((attempt) => ({ form: shown(attempt.form, operation), answer: describeAnswer(attempt.exchange) })),
    };
  }
  if (tried.some((attempt) => attempt.reading === 'other')) return { kind: 'go-on', form: input.preferred, deviations: [] };
  const others = otherOperations(input.selected, operation);
  for (const other of others) {
    const attempt = await asking(other, DOCUMENTED_FORM);
    if (attempt.reading !== 'not-found' && attempt.reading !== 'no-answer') return { kind: 'go-on', form: input.preferred, deviations: [] };
    tried.push(attempt);
  }
  const asked = [operation, ...others].map((op) => op.path).join(', ');
  const answers = [...new Set(tried.map((attempt) => describeAnswer(attempt.exchange)))].slice(0, 3).join('; ');
  return {
    kind: 'not-this-api',
    reason: `nothing at the documented paths answers like the Open Trading Platform API (${asked}, ${tried.length} calls: ${answers}). Is --base-url right? It is the address the paths of section 4 are appended to, e.g. https://host/api when they live under /api.`,
  };
}

/** Sends the operation's first valid call in a form; the answer to the same call without authorization is asked once per path, when needed. */
function attempts(input: FirstContactInput): (operation: Operation, form: WireForm) => Promise<Attempt> {
  const anonymous = new Map<string, Promise<Transcript>>();
  return async (operation, form) => {
    const [call] = generateCalls(operation, 'conforming', input.seed, 1);
    const path = pathInForm(wirePath(operation), form.pathForm);
    const send = (authorization: string | undefined) =>
      input.client.send({ method: operation.method, wirePath: path, body: call?.body, headers: { authorization } });
    const transcript = await send(authorizationValue(form.authScheme, input.token));
    const probe = probeOfScheme[form.authScheme];
    const exchange: Exchange = {
      ...transcript,
      operation,
      intent: probe ? 'auth-probe' : 'conforming',
      payload: call?.payload,
      path: probe ? `auth-probe:${probe}` : 'conforming:0',
    };
    const needsAnonymous = transcript.response !== undefined && errorIdentity(transcript) !== undefined && !unauthorized(transcript);
    if (needsAnonymous && !anonymous.has(`${operation.id} ${path}`)) anonymous.set(`${operation.id} ${path}`, send(undefined));
    return { form, exchange, reading: read(exchange, needsAnonymous ? await anonymous.get(`${operation.id} ${path}`) : undefined) };
  };
}

/**
 * A few other operations that change nothing, to ask before saying the base URL serves nothing of
 * this API: selected ones first, then the rest of section 4 (a read the user did not select still
 * shows whether the API is there), under path roots not asked yet first.
 */
function otherOperations(selected: readonly Operation[], asked: Operation): Operation[] {
  const root = (op: Operation) => op.path.split('/')[1];
  const candidates = [...new Set<Operation>([...selected, ...operations])].filter((op) => op.id !== asked.id && !op.mutates);
  const newRoots = candidates.filter((op, index) => root(op) !== root(asked) && candidates.findIndex((other) => root(other) === root(op)) === index);
  return [...new Set([...newRoots, ...candidates])].slice(0, OTHER_OPERATIONS_ASKED);
}

/**
 * The run goes on in the served form; the checks of the documented forms say what the server
 * refused, unless the run leaves them out: the form it goes on in is said all the same.
 */
function adopt(documented: Attempt, served: Attempt, input: FirstContactInput): FirstContact {
  const checks = [authDocumentedHeader, documentedPath].filter((check) => !input.excludedChecks?.includes(check.id));
  const verdicts = judge([documented.exchange, served.exchange], checks, { validator: input.validator });
  const deviations = verdicts.causes.map((cause) => causeDeviation(cause, cause.samples[0], undefined, input));
  const operation = documented.exchange.operation;
  const reported =
    deviations.length > 0
      ? `reports the refusal (${deviations.map((d) => `${d.check}, ${d.rule}`).join('; ')})`
      : 'does not report the refusal: the checks that judge it are left out of this run';
  return {
    kind: 'go-on',
    form: served.form,
    deviations,
    adopted: `The server refused the documented ${shown(DOCUMENTED_FORM, operation)} and served ${shown(served.form, operation)}: the run goes on in that form so that everything else is still checked, and ${reported}.`,
  };
}

/** First contact under a run's settings, with a client of its own: the form the settings ask for is the one preferred. */
export async function firstContactFor(settings: RunSettings, selected: readonly Operation[], validator: Validator): Promise<FirstContact> {
  const client = createClient({ ...settings, ...DOCUMENTED_FORM });
  try {
    return await firstContact({
      client,
      token: settings.token,
      selected,
      preferred: { authScheme: settings.authScheme, pathForm: settings.pathForm },
      seed: settings.seed,
      redactor: new Redactor(settings.secrets),
      validator,
      ...(settings.excludedChecks ? { excludedChecks: settings.excludedChecks } : {}),
    });
  } finally {
    await client.close();
  }
}
