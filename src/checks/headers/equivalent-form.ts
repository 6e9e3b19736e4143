import { answered, answerKind, askedAlike, refusedToken, succeeded, withTheToken } from '../call-record.js';
import { probeOf } from '../auth/probes.js';
import { type HttpProbe, httpProbeOf, MEDIA_TYPE_FORM } from '../http-probes.js';
import type { CallRecord, OperationCheck } from '../types.js';

/** The probes that send the first valid call in a form HTTP makes the same as the documented one, and how each writes it. */
const EQUIVALENT_FORMS: Partial<Record<HttpProbe, string>> = {
  fieldNameCase: 'every field name in title case (Authorization, Content-Type)',
  mediaType: `Content-Type: ${MEDIA_TYPE_FORM}`,
  expectContinue: 'Expect: 100-continue',
  chunked: 'Transfer-Encoding: chunked and no Content-Length',
  jsonForms:
    'its JSON pretty-printed with a newline at the end, string values with \\u escapes, whole numbers with a fraction (10.0) and members sorted by name',
};

/**
 * What a form may be refused with, by the probe that sends it: "A server MAY reject a request that
 * contains a message body but not a Content-Length by responding with 411 (Length Required)" (RFC
 * 9112 6.3).
 */
const ALLOWED_REFUSALS: Partial<Record<HttpProbe, number>> = { chunked: 411 };

/**
 * The probes whose form changes how the content is written, not what it says, and what each is
 * compared with: framed in chunks, or its JSON written in other forms of the same value (RFC 8259
 * 2, 6, 7). A server that cannot read the form reads other content (none, the chunk sizes among
 * it, a number it will not take) and refuses it as bad input, as it refuses a hostile call: such a
 * call is compared with the same call in the documented form, not with every call the token was
 * sent with.
 */
const REWRITTEN: Partial<Record<HttpProbe, string>> = {
  chunked: 'the same content with a Content-Length',
  jsonForms: 'the same JSON written compactly',
};

/** The probes that send the first valid call's content as it is, with a Content-Length, in a form the same as the documented one. */
const WITH_A_LENGTH = (Object.keys(EQUIVALENT_FORMS) as HttpProbe[]).filter((probe) => REWRITTEN[probe] === undefined);

/** The probes that send one JSON form alone, where the JSON-forms probe was refused, and what each writes: they tell which form is refused. */
const ONE_JSON_FORM: Partial<Record<HttpProbe, string>> = {
  jsonWhitespace: 'pretty-printed',
  jsonEscapes: 'string values with \\u escapes',
  jsonFractions: 'whole numbers with a fraction',
};

/** What a table of probes holds for the probe a call was; undefined for a call that was none of them. */
function forProbe<T>(table: Partial<Record<HttpProbe, T>>, call: CallRecord): T | undefined {
  const probe = httpProbeOf(call);
  return probe === undefined ? undefined : table[probe];
}

/** Whether a call was one of the probes. */
function probedWith(call: CallRecord, probes: readonly HttpProbe[]): boolean {
  const probe = httpProbeOf(call);
  return probe !== undefined && probes.includes(probe);
}

/** What the calls of one JSON form alone got, where any was sent: which of them was refused as the JSON in every form was. */
function byOneForm(calls: readonly CallRecord[], refusedCall: CallRecord): { readonly said: string; readonly refused: CallRecord[] } {
  const alone = calls.filter((call) => forProbe(ONE_JSON_FORM, call) !== undefined && answered(call));
  const refused = alone.filter((call) => answerKind(call) === answerKind(refusedCall));
  const written = (some: CallRecord[]) => some.map((call) => forProbe(ONE_JSON_FORM, call)).join(', ');
  const answeredAlone = alone.filter((call) => !refused.includes(call));
  const said = [
    refused.length > 0 ? `refused alone: ${written(refused)}` : '',
    answeredAlone.length > 0 ? `answered otherwise alone: ${written(answeredAlone)}` : '',
  ]
    .filter((part) => part !== '')
    .join('; ');
  return { said: said === '' ? '' : `; ${said}`, refused };
}

/**
 * The statuses that turn a request away for how it is written: bad request, no or refused
 * credentials, unsupported media type, an expectation "that could not be met" (417, RFC 9110
 * 15.5.18), content it could not process. Not 404, 409 or 429: a call
 * sent again may find its record gone (a delete) or meet a limit (an SMS code asked twice), which
 * says nothing of its form.
 */
const FORM_REFUSALS = new Set([400, 401, 403, 415, 417, 422]);

/**
 * The probes that send the first valid call again in the documented form (on the kit's own
 * connection, or with a precondition its answer ignores): what a call sent again gets, where
 * sending it again changes what it finds (a record deleted, a mobile registered).
 */
const SENT_AGAIN: readonly HttpProbe[] = ['persistent', 'ifNoneMatch', 'ifModifiedSince'];

/** HTTP 4xx or 5xx, or an error result in the envelope: the call was not done. */
const notDone = (call: CallRecord) => (call.status !== undefined && call.status >= 400) || call.envelope?.errorResult === true;

/** Not an answer to a form: no such record, a conflict or a limit met (SENT_AGAIN), as a status or as the envelope's code. */
const OF_WHAT_IT_FINDS = new Set([404, 409, 429]);
const findsOtherwise = (call: CallRecord) =>
  (call.status !== undefined && OF_WHAT_IT_FINDS.has(call.status)) || OF_WHAT_IT_FINDS.has(Number(call.envelope?.code));

/** Whether the call got the refusal its form allows, as its status or as the envelope's code. */
const refusedAsAllowed = (call: CallRecord, allowed: number | undefined) =>
  allowed !== undefined && (call.status === allowed || Number(call.envelope?.code) === allowed);

/**
 * What a page answered says of itself: how many records it holds, its pageNo and its totalPage. Two
 * reads of the same page, sent side by side with no write of the kit's between them, say the same.
 */
const pageRead = (call: CallRecord): string | undefined => {
  const page = call.envelope?.page;
  return succeeded(call) && page
    ? `${call.envelope.records} records, pageNo ${JSON.stringify(page.pageNo)}, totalPage ${JSON.stringify(page.totalPage)}`
    : undefined;
};

const answerOf = (call: CallRecord) => `HTTP ${call.status}${call.envelope ? `, code ${JSON.stringify(call.envelope.code)}` : ''}`;

export const equivalentForm: OperationCheck = {
  id: 'equivalent-form',
  scope: 'operation',
  rule: '4 rule 1',
  quote:
    'Every request sends `Content-Type: application/json` and the `authorization` header (part 5). … Each operation in the table answers HTTP 200 with the envelope of 2.1.',
  standards: [
    'rfc9110-5.1-field-name-case',
    'rfc9110-8.3.1-request-type-case',
    'rfc8259-11-request-charset',
    'rfc9110-10.1.1-expect-continue',
    'rfc9112-7.1-chunked-request',
    'rfc8259-9-accept-grammar',
    'rfc8259-6-request-numbers',
    'rfc8259-7-request-escapes',
    'rfc8259-4-request-member-order',
  ],
  severity: 'warning',
  title: 'The documented request refused in a form HTTP makes the same',
  description:
    'The kit sends the first valid call again with every field name in title case (`Authorization`, `Content-Type`, as Java, Python and most curl examples write them) with `Content-Type: Application/JSON; charset=utf-8` (the media type in capitals, with the charset OkHttp and others add), and, where it has content, with `Expect: 100-continue` (as .NET sends every POST, and curl a large body) on a connection of its own, its content sent on a 100 (Continue) or after a second without one, and in the chunked transfer coding without a Content-Length (as node:http, fetch with a stream and HTTP client libraries send a body whose length they do not know) on a connection of its own: "Field names are case-insensitive" (RFC 9110 §5.1), "The type and subtype tokens are case-insensitive" (§8.3.1), of `charset` for JSON "Adding one really has no effect on compliant recipients" (RFC 8259 §11), and a server that receives a 100-continue expectation "MUST either send an immediate response with a final status code, if that status can be determined by examining just the request-line and header fields, or send an immediate 100 (Continue) response to encourage the client to send the request content" (§10.1.1), a 417 being for an expectation that "could not be met", and "A recipient MUST be able to parse and decode the chunked transfer coding" (RFC 9112 §7.1). Reported where such a call is refused for its form and no call in the documented form was: an HTTP 400, 401, 403, 415, 417 or 422 that no call with the valid token got, an answer that refuses the token (HTTP 401 or 403, or code "401" or "403") where none with the valid token did, or the answer the call with no authorization header got (its status and code) where no call with the valid token got it; and, of the chunked content, a refusal (HTTP 4xx or 5xx, or an error result in the envelope, such as code "400" for a body read as empty) that neither the first valid call, nor that call sent again, nor its content with a Content-Length in the forms above got, as a server that cannot decode the coding reads other content and refuses it as bad input. Of a call with a JSON body, the same call with its JSON written in other forms of the same value at once: pretty-printed with a newline at the end (as json.dumps(indent=2) writes it, or an editor saves a file), string values with `\\u` escapes (every character outside ASCII, as json.dumps, PHP and .NET write them, and the first of each value) whole numbers with a fraction (`10.0`, as a client holding a float writes it) and each object\'s members sorted by name (as Go\'s encoding/json writes a map, and every RFC 8785 canonicalizer): "Insignificant whitespace is allowed before or after any of the six structural characters" (RFC 8259 §2), a character "may be represented as a six-character sequence" (§7), `number = [ minus ] int [ frac ] [ exp ]` (§6), "A JSON parser MUST accept all texts that conform to the JSON grammar" (§9), and "An object is an unordered collection of zero or more name/value pairs" (§1). It is judged as the chunked content is, against the same JSON written compactly; where it is refused, the kit sends each form other than the order alone, and the finding names those refused. Of an operation that changes nothing and answers a page, it is reported too where it is answered with a page that holds another number of records, or says another pageNo or totalPage, than every call of the same content written compactly got (the first valid call, and the HTTP probes sent beside it): the JSON read as another value. A 411 (Length Required, as the status or the code) is no finding: "A server MAY reject a request that contains a message body but not a Content-Length by responding with 411" (RFC 9112 §6.3). What the same call sent again in the documented form gets (the HTTP probe on the kit\'s own connection: no such record after a delete, a mobile already registered) is no refusal of the form, nor is a 404, 409 or 429; through a proxy, where that call is not sent, an operation that changes state is judged only on a refused token. A warning: section 4 writes the names in lower case, and a client that writes them so is served.',
  run(calls) {
    // A rate limit (429) tells nothing of what the call sent again finds: it is no answer to compare with.
    const sentAgain = calls.filter((call) => probedWith(call, SENT_AGAIN) && answered(call));
    // A call that changes state may be answered otherwise when sent again: without such an answer to compare with (through a proxy, or rate-limited), only a refused token tells.
    const againKnown = sentAgain.length > 0 || calls[0]?.operation.mutates !== true;
    const valid = [...calls.filter(withTheToken), ...sentAgain];
    const statuses = new Set(valid.map((call) => call.status));
    const tokenRefused = valid.some(refusedToken);
    const kinds = new Set(valid.filter((call) => call.envelope !== undefined).map(answerKind));
    const noHeader = calls.find((call) => probeOf(call) === 'no-header' && call.envelope !== undefined);
    const noHeaderKind = noHeader && answerKind(noHeader);
    /** How the form's call was refused, and the call it was answered as, where it was refused. */
    const refusal = (call: CallRecord): { readonly how: string; readonly as?: CallRecord } | undefined => {
      if (againKnown && call.status !== undefined && FORM_REFUSALS.has(call.status) && !statuses.has(call.status))
        return { how: `${answerOf(call)}, which no call in the documented form got` };
      if (refusedToken(call) && !tokenRefused) return { how: `${answerOf(call)}: the token refused, as in no call in the documented form` };
      if (againKnown && noHeader && call.envelope && answerKind(call) === noHeaderKind && !kinds.has(noHeaderKind))
        return { how: `${answerOf(call)}, as the call with no authorization header was`, as: noHeader };
      const comparedWith = forProbe(REWRITTEN, call);
      // The same content with a Content-Length: the first valid call, and that call sent again, in the documented form or
      // in another the same (a limit met by the calls sent again answers them all alike).
      const plain = () => [
        ...calls.filter((other) => answered(other) && ((other.intent === 'conforming' && askedAlike(other, call)) || probedWith(other, WITH_A_LENGTH))),
        ...sentAgain,
      ];
      if (againKnown && comparedWith !== undefined && notDone(call) && !findsOtherwise(call)) {
        const same = plain();
        if (same.length > 0 && !same.some((other) => answerKind(other) === answerKind(call)))
          return { how: `${answerOf(call)}, which ${comparedWith} did not get`, as: same[0] };
      }
      // A read answered with another page than every call of the same content got, side by side with it: the JSON read as another value.
      const read = comparedWith !== undefined && calls[0]?.operation.mutates !== true ? pageRead(call) : undefined;
      if (read !== undefined) {
        const pages = plain().filter((other) => pageRead(other) !== undefined);
        const [firstPage] = pages;
        if (firstPage && !pages.some((other) => pageRead(other) === read))
          return { how: `a page of ${read}, where ${comparedWith} got a page of ${pageRead(firstPage)}`, as: firstPage };
      }
      return undefined;
    };
    return calls.flatMap((call) => {
      const probe = httpProbeOf(call);
      const form = probe === undefined ? undefined : EQUIVALENT_FORMS[probe];
      if (probe === undefined || form === undefined || !answered(call) || call.bodyCut || refusedAsAllowed(call, ALLOWED_REFUSALS[probe])) return [];
      const refused = refusal(call);
      if (refused === undefined) return [];
      const alone = probe === 'jsonForms' ? byOneForm(calls, call) : { said: '', refused: [] };
      return [
        {
          instancePath: '',
          expected:
            'the call answered as in its documented form: field names and media types are case-insensitive, a charset has no effect on JSON, a 100-continue expectation is met, chunked content is decoded (or refused with 411), and JSON is read as the same value however it is written, its members in any order',
          actual: `with ${form}: ${refused.how}${alone.said}`,
          calls: [...(refused.as ? [refused.as] : []), call, ...alone.refused],
        },
      ];
    });
  },
};
