import type { Operation } from '../catalogue/operations.js';
import type { ReceivedResponse, Transcript, TransportFailure } from '../client/exchange.js';
import type { Validator } from '../validation/validator.js';
import type { RequirementId } from './standards/requirements.js';

/**
 * error: a documented rule is broken. warning: a sample-only type or a safety expectation.
 * info: observed behaviour the spec leaves open.
 */
export type Severity = 'error' | 'warning' | 'info';
export const severities: readonly Severity[] = ['error', 'warning', 'info'];

export function severityRank(severity: Severity): number {
  return severities.length - severities.indexOf(severity);
}

/**
 * Why the kit made a call, which decides what the answer is judged on:
 * - conforming: a valid, realistic payload with the documented header; judged on every documented rule.
 * - hostile: an invalid or hostile body; the server must stay on its feet (4 rule 1), nothing more.
 * - auth-probe: a valid payload with a missing, wrong or differently written `authorization`
 *   header; what the server must answer is not shown (5), so it is judged only by the auth checks.
 * - http-probe: a valid call in another form HTTP gives a client (HTTP_PROBES: sent again on a
 *   connection kept open, as a HEAD, in HTTP/1.0, with a precondition, with its field names in
 *   title case, as a GET…); what the server must answer is what the HTTP standards say, so it is
 *   judged only by the checks of those.
 * - flow: a step of a stateful flow; judged by its flow, and by the exchange checks that name this
 *   intent: what shows only once the run has created records (an order's time in the list that
 *   shows the order just placed).
 */
export type Intent = 'conforming' | 'hostile' | 'auth-probe' | 'http-probe' | 'flow';

/** Every call the kit makes: what a check judged on every call, probes and flow steps included, names. */
export const everyIntent: readonly Intent[] = ['conforming', 'hostile', 'auth-probe', 'http-probe', 'flow'];

/** A call of one operation as the checks see it: what was sent, what came back. */
export interface Exchange extends Transcript {
  readonly operation: Operation;
  readonly intent: Intent;
  /** The payload the request body encodes (for a hostile call, what it was derived from or its text). */
  readonly payload: unknown;
  /** Where the request came from: `<intent>:<fast-check path>`, `auth-probe:<probe>` or `http-probe:<probe>`. */
  readonly path: string;
  /**
   * Why the response body is known only in part, where a recording of traffic kept only its
   * beginning (a HAR written with --har keeps 2,048 characters): the body as a whole is then not
   * judged (json-body, and every check that reads its JSON); what the kept part shows still is.
   */
  readonly responseCut?: string;
}

/** What a page (2.2) said of itself, as it came: checks over a page walk compare these across pages. */
export interface PageOutline {
  readonly pageNo: unknown;
  readonly totalPage: unknown;
  /** Whether `list` is an array (2.2 "array of records"). */
  readonly listIsArray: boolean;
}

/** What an answer's envelope (2.1) said, in outline: what a check over several calls may read of it. */
export interface EnvelopeOutline {
  /** The envelope's `code`, as it came (its values are "not shown", 7). */
  readonly code: unknown;
  /** An error result on evidence (isErrorResult). */
  readonly errorResult: boolean;
  /** A `data` the checks of data judge: the `data` precondition held. */
  readonly hasData: boolean;
  /** The records the answer carried: a page's list length, or 1 for a record with members, 0 for none. */
  readonly records: number;
  /**
   * Of a page of a walk, each record carried, in order, as a key that is the same for the same
   * record: `id:<id>` where the record has an `id` (2.6–2.9) or `soId` (2.3), else `#<digest of the
   * whole record>`; the first KEYS_KEPT of them (call-record.ts). Of a lookup naming its id twice
   * (`listed-id:…`), the key of the record it answered. Empty for every other call.
   */
  readonly keys: readonly string[];
  /**
   * Of an operation that changes nothing, the records with an id the answer carried, and which of
   * them hold U+FFFD (record-texts.ts); absent where it carried none, or the request sent U+FFFD.
   * What tells a character replaced on one read of a record from text the record holds.
   */
  readonly texts?: RecordTexts;
  /**
   * For each field the call asked by (its `asked`) that the records carry, the values they carry
   * there, as text (valueText: 7 and "7" alike), each once, in the order first seen; at most
   * VALUES_KEPT of them, read from the first KEYS_KEPT records (call-record.ts). What a check of
   * whether a list holds the records its filter asked for compares.
   */
  readonly fieldValues: Readonly<Record<string, readonly string[]>>;
  /**
   * Of an operation whose list a request field selects (`selectsBy`), a digest of the records the
   * answer carried (of the first KEYS_KEPT), the same for the same records; absent for none.
   */
  readonly recordsDigest?: string;
  /** Where `data` is a page (2.2): what it said of itself. */
  readonly page?: PageOutline;
  /**
   * Of a relation's own call (`relation:…`), each record carried, in the order of `keys`, as a short
   * digest of each of its fields' values, by field name: what tells a record read twice from itself.
   * Absent for every other call.
   */
  readonly contents?: readonly Readonly<Record<string, string>>[];
}

/** A value a request sent at its top level, as kept: scalars only (long strings, objects and arrays are left out). */
export type AskedValue = string | number | boolean | null;

/**
 * What the kit keeps of a call once every check on it has run: the facts the checks over several
 * calls judge (did the server do what was asked, did it refuse, what did it list), the verdict of
 * an unverified operation, the probe observations and the coverage tallies read. None of its body
 * text, headers or payload: every call of an operation is kept until the operation ends.
 */
export interface CallRecord {
  readonly operation: Operation;
  readonly intent: Intent;
  /** Where it came from: `conforming:<path>`, `hostile:<path>`, `coverage:<n>`, `page:<size>:<no>`, `auth-probe:<probe>`. */
  readonly path: string;
  /** Its place in the operation's plan: what orders the evidence, whatever order the answers came in. */
  readonly rank: number;
  /** The request's path as it went on the wire, after the base URL's (e.g. `//pc/custom_demand/list`). */
  readonly wirePath: string;
  /**
   * What a valid call asked, in outline: the top-level fields of its payload whose values are
   * scalars (a string up to ASKED_STRING_CHARS). A call of the coverage pass, a valid body but for
   * one field, has them too, whatever it is judged as; empty for another hostile call or a probe of another form.
   */
  readonly asked: Readonly<Record<string, AskedValue>>;
  /** The status line's code; undefined when none arrived. */
  readonly status: number | undefined;
  /** What went wrong on the wire, if anything (a body cut short after its status line too). */
  readonly failure: TransportFailure['kind'] | undefined;
  /** The body, when it arrived whole and parsed as a JSON object, in outline; undefined otherwise. */
  readonly envelope: EnvelopeOutline | undefined;
  /**
   * The body is known only in part, as a recording cut it (Exchange.responseCut): whether the server
   * did what was asked is not known, so the checks that weigh answers leave the call out.
   */
  readonly bodyCut?: true;
  /** The content coding the answer came in; absent where it came in none. */
  readonly coding?: AnswerCoding;
  /** From sending to the last byte of the answer, or to the failure (Transcript.durationMs). */
  readonly durationMs: number;
}

/** The records with an id that an answer carried, as keys (`id:<id>`, the first 100), and those of them with U+FFFD in a string value. */
export interface RecordTexts {
  readonly ids: readonly string[];
  readonly replaced: readonly ReplacedText[];
}

/** A record an answer carried with U+FFFD in a string value: its key, and where and what the first such string is. */
export interface ReplacedText {
  /** The record's key: `id:<id>`. */
  readonly key: string;
  /** Where the string is in the answer: `/data/list/3/statusText`. */
  readonly pointer: string;
  /** The string, cut to a few characters either side of its first U+FFFD. */
  readonly text: string;
}

/** Of an answer in a content coding (RFC 9110 8.4): the codings, and whether it says the coding hangs on the request (12.5.5). */
export interface AnswerCoding {
  /** The codings its Content-Encoding lists, `identity` left out, joined by ", ": `gzip`. */
  readonly codings: string;
  /** Its Vary lists Accept-Encoding (in any case), or is `*`. */
  readonly varies: boolean;
}

/**
 * What must hold of an exchange before a check can say anything about it; where it does not hold
 * the check is counted as skipped ("could not verify"), never as passed.
 * - exchange: always.
 * - response: a status line arrived.
 * - body: a status line arrived, and the body is known whole or as far as it came (not cut by the
 *   recording the exchange was read from: see Exchange.responseCut).
 * - json: a complete body arrived and parsed as JSON.
 * - data: the body is an object whose `data` is an object, and the answer is not an error result on
 *   evidence (a refusal status, or no data beside an `error` that holds a value: see isErrorResult).
 */
export type Precondition = 'exchange' | 'response' | 'body' | 'json' | 'data';

/** An exchange a status line came back to, other than a 429 (the `response` and `body` preconditions). */
export type AnsweredExchange = Exchange & { readonly response: ReceivedResponse };

/** An answered exchange whose body arrived whole and parsed as JSON (the `json` precondition). */
export type JsonExchange = AnsweredExchange & {
  /** The body, parsed (`response.json`'s value). */
  readonly json: unknown;
};

/** A JSON answer whose body is an object with a `data` the checks of data judge (the `data` precondition). */
export type DataExchange = AnsweredExchange & {
  readonly json: Record<string, unknown>;
  /** The body's `data`: an object, and not an error result's (see Precondition). */
  readonly data: Record<string, unknown>;
};

/** What a check that needs each precondition receives: the exchange, narrowed to what the precondition promises. */
export interface ExchangeMeetings {
  readonly exchange: Exchange;
  readonly response: AnsweredExchange;
  readonly body: AnsweredExchange;
  readonly json: JsonExchange;
  readonly data: DataExchange;
}

export type ExchangeMeeting<N extends Precondition> = ExchangeMeetings[N];

/** A JSON scalar: what a finding's parameters hold. */
export type ParamValue = string | number | boolean | null;

/**
 * The values a finding compares, by name, as data beside its prose (as Ajv's error `params`): the
 * status received, a header's value, a count, the type documented. A program reads these; a person
 * reads `expected` and `actual`.
 */
export type FindingParams = Readonly<Record<string, ParamValue>>;

/** One observation that breaks a check, as data; the engine adds operation, request and response. */
export interface Finding {
  /** JSON pointer into the response body ('' for the whole response). */
  readonly instancePath: string;
  /** What the spec documents, in a few words. */
  readonly expected: string;
  /** What the server did, in a few words. */
  readonly actual: string;
  /**
   * How many places of the answer this finding stands for, itself included (1 when absent): a
   * check folds the same failure at every record of a list into one finding and a count.
   */
  readonly occurrences?: number;
  /** The values it compares, by name (FindingParams); absent where the check compares none. */
  readonly params?: FindingParams;
  /**
   * The calls that together show it, in the order of the plan: a finding of a check over several
   * answers (pages of a walk, a create and the list that should show it) names each. Absent: the
   * call judged shows it alone.
   */
  readonly calls?: readonly CallRecord[];
}

export interface CheckContext {
  readonly validator: Validator;
}

/** What every check declares of itself: its id, the rule and sentences it enforces, its severity and its words. */
export interface CheckDefinition {
  /** Stable: users type it in `--only`, waivers and baselines. */
  readonly id: string;
  /** The spec section the check enforces, e.g. "4 rule 1". */
  readonly rule: string;
  /**
   * The spec's sentences behind the check, verbatim from docs/spec/open-trading-platform-api.md
   * (table cells as `field | type | text`); passages from different places are joined by ` … `.
   */
  readonly quote: string;
  /**
   * The requirements of the standards the spec rests on (src/checks/standards/) that the check
   * enforces: docs/standards.md is drawn from them. None for a check of the spec alone.
   */
  readonly standards: readonly RequirementId[];
  readonly severity: Severity;
  /** Short title of a failure, e.g. "Unexpected HTTP status". */
  readonly title: string;
  /** What it catches, and why at this severity: read by `explain` and docs/checks.md. */
  readonly description: string;
  /** Operations the check is about; all when absent. */
  appliesTo?(operation: Operation): boolean;
}

/** Judges one exchange that meets its precondition `N`. Pure: no I/O, no environment, same input same output. */
export interface ExchangeCheck<N extends Precondition> extends CheckDefinition {
  readonly scope: 'exchange';
  readonly needs: N;
  /** The calls it judges. */
  readonly intents: readonly Intent[];
  run(exchange: ExchangeMeeting<N>, context: CheckContext): Finding[];
}

/** An exchange check of any precondition: what a list of checks holds. */
export type AnyExchangeCheck = { [N in Precondition]: ExchangeCheck<N> }[Precondition];

/**
 * Judges all calls of one operation together (of every intent: it picks what it needs), as the
 * kit keeps them once each was judged: their records, never their bodies.
 */
export interface OperationCheck extends CheckDefinition {
  readonly scope: 'operation';
  run(calls: readonly CallRecord[], context: CheckContext): Finding[];
}

export type Check = AnyExchangeCheck | OperationCheck;
