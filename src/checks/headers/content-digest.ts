import { createHash } from 'node:crypto';
import { contentCodings } from '../../client/decode.js';
import { type AnsweredExchange, type ExchangeCheck, type Finding, everyIntent } from '../types.js';
import { sfDictionary } from './_internals/structured-fields.js';
import { clause } from '../clauses.js';

/** The hashing algorithms of RFC 9530 §5 whose status is "Active", by their keys, as node:crypto names them. */
const ALGORITHMS: Readonly<Record<string, string>> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };

/** The digest fields, each with whether this answer's content is what it is computed over. */
const FIELDS: ReadonlyArray<{ readonly name: string; readonly over: (exchange: AnsweredExchange) => boolean }> = [
  // "applied to the actual message content" (§2): the content whatever the status.
  { name: 'content-digest', over: () => true },
  // "applied to the entire selected representation data" (§3): the content is all of it only in a 200 that is no answer to a HEAD.
  { name: 'repr-digest', over: (exchange) => exchange.response.status === 200 },
];

/** The content's octets as they came, where the kit holds them: whole, in no content coding, and UTF-8 the kit's text gives back unchanged. */
function contentOctets(exchange: AnsweredExchange): Buffer | undefined {
  const response = exchange.response;
  if (exchange.failure || response.invalidUtf8 || contentCodings(response.headers['content-encoding']).length > 0) return undefined;
  if (exchange.request.method === 'HEAD' || response.status === 204 || response.status === 304) return undefined;
  return Buffer.from(response.bodyText, 'utf8');
}

/** What is wrong with one digest field of the answer, if anything. */
function digestProblem(name: string, field: string, content: Buffer | undefined): Finding | undefined {
  const members = sfDictionary(field);
  if (!members)
    return { instancePath: '', expected: `${name}: a Dictionary of byte sequences, sha-256=:<base64>: (RFC 9530, RFC 8941 §3.2)`, actual: `${name}: ${field}` };
  for (const [key, value] of members) {
    if (value.kind !== 'bytes')
      return { instancePath: '', expected: `${name}: each digest a byte sequence, ${key}=:<base64>: (RFC 9530)`, actual: `${name}: ${field}` };
    const algorithm = ALGORITHMS[key];
    if (algorithm === undefined || content === undefined) continue;
    if (!createHash(algorithm).update(content).digest().equals(value.bytes)) {
      return {
        instancePath: '',
        expected: `${name}: the ${key} of the content as sent (RFC 9530)`,
        actual: `${name}: its ${key} is not the ${key} of the content received`,
      };
    }
  }
  return undefined;
}

export const contentDigest: ExchangeCheck<'body'> = {
  id: 'content-digest',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9530-2-content-digest', 'rfc9530-3-repr-digest'],
  severity: 'warning',
  title: 'A Content-Digest that does not match the content',
  description:
    'An answer whose Content-Digest or Repr-Digest gives a sha-256 or sha-512 digest (RFC 9530 §5) that is not the digest of the content as it came, or whose field is no Dictionary of byte sequences (`sha-256=:<base64>:`, RFC 8941 §3.2). Content-Digest carries "digests that are calculated using a hashing algorithm applied to the actual message content" (RFC 9530 §2), Repr-Digest those of "the entire selected representation data" (§3): a client that checks the digest rejects a sound answer, or one that checks none is told nothing true (a digest of the text in another charset than the body is sent in). The kit holds the content as its text: the digest is compared where the content came whole, in no content coding and in UTF-8, and Repr-Digest only on a 200 that answers no HEAD; digests of other algorithms are not compared. One finding per answer. A warning: the spec shows no header of an answer.',
  needs: 'body',
  intents: everyIntent,
  run(exchange) {
    const headers = exchange.response.headers;
    let content: Buffer | undefined;
    for (const { name, over } of FIELDS) {
      const field = headers[name];
      if (field === undefined) continue;
      // Most answers carry no digest: their content is not copied into octets.
      const problem = digestProblem(name, field, over(exchange) ? (content ??= contentOctets(exchange)) : undefined);
      if (problem) return [problem];
    }
    return [];
  },
};
