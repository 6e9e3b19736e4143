import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** entity-tag = [ weak ] opaque-tag; weak = %s"W/"; opaque-tag = DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3). */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

export const etag: ExchangeCheck<'response'> = {
  id: 'etag',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-8.8.3-etag'],
  severity: 'warning',
  title: 'ETag that is no entity tag',
  description:
    'An ETag whose value is not an entity tag: "ETag = entity-tag", "entity-tag = [ weak ] opaque-tag", "opaque-tag = DQUOTE *etagc DQUOTE" (RFC 9110 §8.8.3), so a tag without its quotes, or with a quote or space inside them. Caches and clients that keep only valid tags drop it, and one sent back in If-None-Match matches nothing. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const value = exchange.response.headers.etag;
    if (value === undefined || ENTITY_TAG.test(value.trim())) return [];
    return [{ instancePath: '', expected: 'etag: "opaque-tag" or W/"opaque-tag" (RFC 9110 §8.8.3)', actual: `etag: ${value}` }];
  },
};
