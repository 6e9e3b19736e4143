import { operationsWithoutToken } from '../../catalogue/listed-operations.js';
import type { Operation } from '../../catalogue/operations.js';
import {
  FOREIGN_ORIGIN,
  HTTP_PROBES,
  MEDIA_TYPE_FORM,
  METHOD_OVERRIDE,
  NO_CODING,
  OVERSIZED_PADDING,
  PREFLIGHT_REQUEST_HEADERS,
  RANGE,
} from '../../checks/http-probes.js';
import { isErrorResult, isPlainObject, jsonBody } from '../../checks/preconditions.js';
import type { Exchange } from '../../checks/types.js';
import { MAX_RETRY_WAIT_MS, RATE_LIMIT_RETRIES } from '../../client/client.js';
import { retryAfterMs } from '../../client/pacing.js';
import { setTimeout as delay } from 'node:timers/promises';
import type { OperationSession, PoolProbe } from './session.js';
import { namesASecret } from '../../checks/secret-names.js';
import type { Redactor } from '../../redaction/redactor.js';
import { FORMS_ALONE, type FormAlone, JSON_FORMS, writtenIn } from './json-forms.js';

/** What the probes re-send of the operation's first valid call, and the validators its answer gave (RFC 9110 8.8). */
export interface ProbedCall {
  readonly payload: unknown;
  readonly body: string | undefined;
  readonly validators: Validators;
  /** Whether its answer refused it (refused): the JSON forms refused then tell nothing of their form. */
  readonly refused: boolean;
}

/** An answer's entity tag and modification date, where it gave them: what a client puts in a precondition. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export function validatorsOf(exchange: Exchange): Validators {
  const headers = exchange.response?.headers ?? {};
  return {
    ...(headers.etag ? { etag: headers.etag } : {}),
    ...(headers['last-modified'] ? { lastModified: headers['last-modified'] } : {}),
  };
}

/** HTTP 400 or above, or an error result in the envelope: the call was not done. */
export function refused(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  const body = jsonBody(exchange);
  return status !== undefined && (status >= 400 || (isPlainObject(body) && isErrorResult(body, status)));
}

/** A refusal of what the call finds, not of how it is written: no such record, a conflict, a limit met, as the status or the envelope's code. */
const OF_WHAT_IT_FINDS = new Set([404, 409, 429]);
function findsOtherwise(exchange: Exchange): boolean {
  const body = jsonBody(exchange);
  const status = exchange.response?.status;
  return (status !== undefined && OF_WHAT_IT_FINDS.has(status)) || (isPlainObject(body) && OF_WHAT_IT_FINDS.has(Number(body.code)));
}

/** The probe that sends each JSON form alone. */
const ONE_FORM: Readonly<Record<FormAlone, string>> = {
  whitespace: HTTP_PROBES.jsonWhitespace,
  escapes: HTTP_PROBES.jsonEscapes,
  fractions: HTTP_PROBES.jsonFractions,
};

/**
 * The first valid call with its JSON in every form of JSON_FORMS at once; where that is refused
 * and the call was not, each form alone (one that changes nothing of the text is not sent), so
 * that a report says which one the server refuses. Not where the body holds a secret of the run,
 * which an escape would write in a form the redactor does not know.
 */
async function sendJsonForms(session: OperationSession, probed: ProbedCall, judge: (exchange: Exchange) => void, redactor: Pick<Redactor, 'text'>) {
  const { payload, body } = probed;
  if (body === undefined || redactor.text(body) !== body) return;
  const inEvery = writtenIn(body, JSON_FORMS);
  if (inEvery === undefined) return;
  const answered = await session.probe({ path: HTTP_PROBES.jsonForms, payload, body: inEvery });
  judge(answered);
  if (probed.refused || !refused(answered) || findsOtherwise(answered)) return;
  const compact = writtenIn(body, []);
  await Promise.all(
    FORMS_ALONE.map((form) => {
      const inOne = writtenIn(body, [form]);
      return inOne === compact ? undefined : session.probe({ path: ONE_FORM[form], payload, body: inOne }).then(judge);
    }),
  );
}

/** A body an operation map gives that names a secret (a password the token operation signs in with): the padded text would hold it. */
const namesASecretMember = (body: unknown) => isPlainObject(body) && Object.keys(body).some((name) => namesASecret(name));

/**
 * Of the run's operations, the one that sends the oversized probes: the first that reads with a
 * POST (a body, and nothing changed when a server takes it) and takes the token, other than a
 * sign-in, whose map body names no secret. Once a run: the probe costs two megabytes on the wire,
 * and a server's limit on bodies is its front's, not an operation's.
 */
export function bodyLimitOperation(operations: readonly Operation[]): string | undefined {
  return operations.find(
    (operation) =>
      operation.method === 'POST' &&
      !operation.mutates &&
      operation.signsIn !== true &&
      !operationsWithoutToken.has(operation.id) &&
      !namesASecretMember(operation.body),
  )?.id;
}

/**
 * Of the run's operations, those that send the preflight probe: the first of each path style. A
 * preflight is answered by the CORS layer of the front the path goes through, the same for every
 * operation behind it, and carries nothing of the operation but its method.
 */
export function preflightOperations(operations: readonly Operation[]): ReadonlySet<string> {
  const firstOfStyle = new Map<string, string>();
  for (const operation of operations) if (!firstOfStyle.has(operation.pathStyle)) firstOfStyle.set(operation.pathStyle, operation.id);
  return new Set(firstOfStyle.values());
}

/** Refused for its size: HTTP 413 (Content Too Large, RFC 9110 15.5.14), or the envelope's code "413". */
export function refusedForSize(exchange: Exchange): boolean {
  const body = jsonBody(exchange);
  return exchange.response?.status === 413 || (refused(exchange) && isPlainObject(body) && String(body.code) === '413');
}

/**
 * The first valid call padded past the size most servers take (OVERSIZED_PADDING); where that is
 * refused for its size, the same text gzip-coded, whose coded bytes are far under any limit. Not
 * where the body is no JSON object or holds a secret of the run: the padded text is kept as sent.
 */
async function sendOversized(session: OperationSession, probed: ProbedCall, judge: (exchange: Exchange) => void, redactor: Pick<Redactor, 'text'>) {
  const { payload, body } = probed;
  if (body === undefined || !body.startsWith('{') || redactor.text(body) !== body) return;
  const padded = `${body}${' '.repeat(OVERSIZED_PADDING)}`;
  const plain = await session.probe({ path: HTTP_PROBES.oversized, payload, body: padded });
  judge(plain);
  if (!refusedForSize(plain)) return;
  judge(await session.probe({ path: HTTP_PROBES.oversizedGzip, payload, body: padded, bodyCoding: 'gzip' }));
}

/**
 * The call without the token, then the call, on a connection of their own (HTTP_PROBES.refusedFirst,
 * afterRefusal). An answer of 429 to the call after is the server's limit, not a spoiled request: the
 * pair goes again after its Retry-After, as the pool sends a call again (RATE_LIMIT_RETRIES).
 */
async function sendAfterRefusal(session: OperationSession, payload: unknown, body: string, judge: (exchange: Exchange) => void): Promise<void> {
  for (let retry = 0; ; retry++) {
    const exchanges = await session.converse([
      { path: HTTP_PROBES.refusedFirst, payload, body, headers: { authorization: undefined, 'accept-encoding': NO_CODING } },
      { path: HTTP_PROBES.afterRefusal, payload, body, headers: { 'accept-encoding': NO_CODING }, intent: 'hostile' },
    ]);
    const limited = exchanges?.[1]?.response;
    if (limited?.status !== 429 || retry >= RATE_LIMIT_RETRIES || session.abandoned) {
      exchanges?.forEach(judge);
      return;
    }
    await delay(Math.min(retryAfterMs(limited.headers['retry-after']), MAX_RETRY_WAIT_MS));
  }
}

/**
 * The HTTP probes of an operation at most (HTTP_PROBES): every one, where the first answer gives
 * both validators, the payload makes a query, the call has content, the operation is a POST
 * that changes nothing, and it is the run's one operation that sends the oversized probes.
 */
export const MOST_HTTP_PROBES = Object.keys(HTTP_PROBES).length;

/** Each probe's place in the operation's plan: its place in HTTP_PROBES. */
const PLACES = new Map<string, number>(Object.values(HTTP_PROBES).map((path, place) => [path, place]));

/**
 * A payload as the query of a GET: each member a `name=value` pair, a string, number or boolean
 * written as String(value), a null left out (a query has no null). Undefined where the payload is
 * no JSON object, or a member is an object or an array: a query has no one form for those, and a
 * server that binds its fields from the query would not read one, so the probe is not sent; nor
 * where a member's name says it holds a secret (a password, a token, a one-time code).
 */
export function queryOf(payload: unknown): string | undefined {
  if (!isPlainObject(payload)) return undefined;
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(payload)) {
    if (value === null) continue;
    // A password, a token or a one-time code is never written into a URL, which logs and proxies keep: the kit does not do what it reports.
    if (typeof value === 'object' || namesASecret(name)) return undefined;
    pairs.push([name, String(value)]);
  }
  return new URLSearchParams(pairs).toString();
}

/** The probes only some operations of a run send: the oversized ones (bodyLimitOperation), the preflight (preflightOperations). */
export interface SharedProbes {
  readonly bodyLimit?: boolean;
  readonly preflight?: boolean;
}

/**
 * The first valid call again in the forms HTTP gives every client, though section 4 shows none of
 * them (HTTP_PROBES): on a connection kept open, with a TRACE and a HEAD after it on the same
 * connection; in HTTP/1.0 on a connection of its own; with a precondition of each validator its
 * answer carried; with its field names in title case; with the media type written another way;
 * as a GET with its payload in the query; where it has content, with `Expect: 100-continue` and in
 * the chunked coding, each on a connection of its own; where it only reads, with fields that ask a
 * method-override middleware for DELETE; where it is no GET, with a Range; pipelined, the same
 * call without the token written behind it; with the Origin of a site the server cannot know; with
 * its JSON written in other forms of the same value; as an OPTIONS without the token, as a
 * preflight comes; where `preflight` (the run's one operation of its path style that does), as a
 * CORS preflight; and, where `bodyLimit` (the run's one operation that puts its limit on bodies
 * to the server), past that limit, then gzip-coded. Each answer goes to `judge` with its place. A client
 * that reaches the server through a proxy holds no connection of its own: the probes on a
 * connection of their own are then not sent, and those the pool sends are.
 */
export async function sendHttpProbes(
  session: OperationSession,
  probed: ProbedCall,
  judge: (exchange: Exchange, index: number) => void,
  redactor: Pick<Redactor, 'text'>,
  { bodyLimit = false, preflight = false }: SharedProbes = {},
): Promise<void> {
  const { payload, body } = probed;
  const judgeInPlace = (exchange: Exchange) => {
    const place = PLACES.get(exchange.path);
    // Every probe is sent at a path of HTTP_PROBES, each with its place.
    if (place !== undefined) judge(exchange, place);
  };
  const onOneConnection = session
    .converse([
      { path: HTTP_PROBES.persistent, payload, body, headers: { 'accept-encoding': NO_CODING } },
      { path: HTTP_PROBES.trace, method: 'TRACE', payload: undefined, body: undefined, headers: { 'content-type': undefined } },
      { path: HTTP_PROBES.head, method: 'HEAD', payload: undefined, body: undefined, headers: { connection: 'close', 'content-type': undefined } },
    ])
    .then((exchanges) => exchanges?.forEach(judgeInPlace));
  // HTTP/1.0 closes the connection after each answer unless asked otherwise, and the probe asks it to close besides, which a
  // server must honour (RFC 9112 9.6): no request can follow it there.
  const inHttp10 = session
    .converse([{ path: HTTP_PROBES.http10, payload, body, httpVersion: '1.0', headers: { connection: 'close' } }])
    .then((exchanges) => exchanges?.forEach(judgeInPlace));
  // "A client MUST NOT generate a 100-continue expectation in a request that does not include content" (RFC 9110 10.1.1);
  // nor is there content to put in chunks.
  const withContent =
    body === undefined
      ? []
      : [
          session.converse([{ path: HTTP_PROBES.expectContinue, payload, body, headers: { expect: '100-continue' } }]),
          session.converse([{ path: HTTP_PROBES.chunked, payload, body, headers: { 'transfer-encoding': 'chunked' } }]),
        ].map((conversation) => conversation.then((exchanges) => exchanges?.forEach(judgeInPlace)));
  // The call refused for want of the token, then the call itself on that connection: a refusal that left the body unread
  // spoils the request after it. Once on every operation, whatever else the run sends it. The call after is judged as the
  // hostile calls are (a 5xx, a body that is no JSON): the call it repeats may be a delete's of an id no server holds.
  const afterRefusal =
    body === undefined || operationsWithoutToken.has(session.operation.id) ? undefined : sendAfterRefusal(session, payload, body, judgeInPlace);
  // The call with the token, then the same without it: a refusal, which a server answers at once, behind an answer that does the work.
  const pipelined = session
    .pipeline([
      { path: HTTP_PROBES.pipelined, payload, body },
      { path: HTTP_PROBES.pipelinedWithoutToken, payload, body, headers: { authorization: undefined } },
    ])
    .then((exchanges) => exchanges?.forEach(judgeInPlace));
  const { etag, lastModified } = probed.validators;
  // Nor a secret of the run (a credential a mapped operation's template took), under whatever name, in any escaped form.
  const written = session.operation.method === 'POST' ? queryOf(payload) : undefined;
  const query = written !== undefined && redactor.text(written) === written ? written : undefined;
  const onThePool: (PoolProbe | undefined)[] = [
    etag ? { path: HTTP_PROBES.ifNoneMatch, payload, body, headers: { 'if-none-match': etag } } : undefined,
    lastModified ? { path: HTTP_PROBES.ifModifiedSince, payload, body, headers: { 'if-modified-since': lastModified } } : undefined,
    { path: HTTP_PROBES.fieldNameCase, payload, body, fieldNames: 'title-case' },
    { path: HTTP_PROBES.mediaType, payload, body, headers: { 'content-type': MEDIA_TYPE_FORM } },
    query === undefined ? undefined : { path: HTTP_PROBES.getQuery, method: 'GET', payload, body: undefined, query, headers: { 'content-type': undefined } },
    session.operation.mutates ? undefined : { path: HTTP_PROBES.methodOverride, payload, body, headers: METHOD_OVERRIDE },
    session.operation.method === 'GET' ? undefined : { path: HTTP_PROBES.range, payload, body, headers: { range: RANGE } },
    { path: HTTP_PROBES.origin, payload, body, headers: { origin: FOREIGN_ORIGIN } },
    { path: HTTP_PROBES.options, method: 'OPTIONS', payload, body, headers: { authorization: undefined } },
    preflight
      ? {
          path: HTTP_PROBES.preflight,
          method: 'OPTIONS',
          payload: undefined,
          body: undefined,
          headers: {
            authorization: undefined,
            'content-type': undefined,
            origin: FOREIGN_ORIGIN,
            'access-control-request-method': session.operation.method,
            'access-control-request-headers': PREFLIGHT_REQUEST_HEADERS,
          },
        }
      : undefined,
  ];
  const pooled = onThePool.map((probe) => probe && session.probe(probe).then(judgeInPlace));
  const oversized = bodyLimit ? sendOversized(session, probed, judgeInPlace, redactor) : undefined;
  await Promise.all([
    onOneConnection,
    inHttp10,
    ...withContent,
    afterRefusal,
    pipelined,
    ...pooled,
    sendJsonForms(session, probed, judgeInPlace, redactor),
    oversized,
  ]);
}
