import type { Fault } from '../fault.js';
import type { RedTeamFault } from './red-team-fault.js';
import { redTeamRounds } from './rounds.js';

/**
 * What reports each red-team fault, found once its round was recorded at first sight (the check that
 * saw it, or the one written for it since): with an expectation a fault joins the mutation set, and
 * `npm run mutation` holds the kit to it under every seed. A fault with none is one no check sees
 * yet; docs/red-team.md says why.
 */
const expectations: Readonly<Record<string, Fault['expect'] & Pick<Fault, 'breaks'>>> = {
  'content-length-counts-utf16-units': { check: 'json-body', severity: 'error' },
  'chunked-beside-content-length': { check: 'response-received', severity: 'error' },
  'chunked-body-without-last-chunk': { check: 'response-received', severity: 'error' },
  'gzip-applied-twice-listed-once': { check: 'json-body', severity: 'error' },
  'retry-after-fractional-seconds': { check: 'http-status', severity: 'error' },
  'snowflake-order-ids-beyond-double': { check: 'json-number-precision', severity: 'warning' },
  'utf8-bom-before-json': { check: 'json-bom', severity: 'error' },
  'cesu8-astral-name': { check: 'json-unicode', severity: 'error' },
  'utf8-cut-mid-character': { check: 'json-unicode', severity: 'error' },
  'gbk-encoded-json': { check: 'json-unicode', severity: 'error' },
  'foreign-consignee-by-unknown-id': { check: 'flow-consignee-deleted', severity: 'warning' },
  'page-size-ignored-whole-table': { check: 'page-size-asked', severity: 'warning' },
  'total-page-rounds-down': { check: 'page-total', severity: 'error' },
  'one-extra-record-per-page': { check: 'page-size-bound', severity: 'error' },
  'status-text-frozen-at-creation': { check: 'status-text', severity: 'warning' },
  'deleted-consignee-still-readable': { check: 'flow-consignee-deleted', severity: 'warning' },
  'brand-filter-ignored': { check: 'list-selector', severity: 'warning' },
  'content-type-sent-twice': { check: 'json-content-type', severity: 'warning' },
  'date-header-iso-8601': { check: 'date-header', severity: 'warning' },
  'unauthorized-without-challenge': { check: 'www-authenticate', severity: 'warning' },
  'duplicate-created-at-member': { check: 'json-duplicate-names', severity: 'warning' },
  'truncated-emoji-lone-surrogate': { check: 'json-code-points', severity: 'warning' },
  'login-returns-password-hash': { check: 'record-secrets', severity: 'warning' },
  'cors-any-origin-with-credentials': { check: 'cors-credentials-wildcard', severity: 'warning' },
  'send-code-returns-the-code': { check: 'record-secrets', severity: 'warning' },
  'internal-upstream-in-headers': { check: 'internal-address', severity: 'info' },
  'bank-cards-cacheable-by-shared-caches': { check: 'shared-cache', severity: 'warning' },
  'total-page-stale-after-create': { check: 'flow-demand-lifecycle', severity: 'warning' },
  'refusal-echoes-request-headers': { check: 'token-echo', severity: 'warning' },
  'content-type-parameter-with-colon': { check: 'json-content-type', severity: 'warning' },
  'partial-content-for-inner-pages': { check: 'http-status', severity: 'error' },
  'remark-line-break-unescaped': { check: 'json-body', severity: 'error' },
  'apostrophe-escaped-javascript-style': { check: 'json-body', severity: 'error' },
  'withdrawn-price-written-as-nan': { check: 'json-body', severity: 'error' },
  'string-cid-never-matches': { check: 'operation-verified', severity: 'info' },
  'page-offset-counts-from-page-zero': { check: 'page-total', severity: 'error' },
  'member-cookie-with-raw-json': { check: 'set-cookie', severity: 'warning' },
  'single-slash-path-skips-authorization': { check: 'auth-unauthorized-data', severity: 'warning' },
  'total-page-written-as-float': { check: 'page-integer-text', severity: 'warning' },
  'keep-alive-announced-then-closed': { check: 'persistent-connection', severity: 'warning', breaks: ['rfc9112-9.6-announce-close'] },
  'head-answered-with-content': { check: 'head-content', severity: 'warning', breaks: ['rfc9110-9.3.2-head'] },
  'purchase-orders-embed-publisher': { check: 'record-personal-data', severity: 'warning', breaks: ['owasp-api3-exposed-properties'] },
  'not-modified-answered-to-post': { check: 'not-modified-status', severity: 'warning', breaks: ['rfc9110-13.1.2-if-none-match'] },
  'client-set-line-price-honoured': { check: 'mass-assignment', severity: 'warning', breaks: ['owasp-api3-mass-assignment'] },
  'send-code-to-comma-separated-mobiles': { check: 'several-recipients', severity: 'warning', breaks: ['owasp-api4-operations-per-request'] },
  'content-encoding-names-charset': { check: 'content-encoding', severity: 'warning' },
  'method-not-allowed-without-allow': { check: 'allow-header', severity: 'warning' },
  'header-lines-end-in-bare-lf': { check: 'response-received', severity: 'error' },
  'pagination-link-field-folded': { check: 'response-received', severity: 'error' },
  'discount-written-without-leading-zero': { check: 'json-body', severity: 'error' },
  'null-rendered-as-python-none': { check: 'json-body', severity: 'error' },
  'php-notice-before-json': { check: 'json-body', severity: 'error' },
  'alpha-create-in-full-envelope': { check: 'envelope', severity: 'error' },
  'empty-object-sent-as-php-array': { check: 'envelope', severity: 'error' },
  'order-lines-keyed-by-product-id': { check: 'data-schema', severity: 'error' },
  'page-no-null-when-not-asked': { check: 'data-schema', severity: 'error' },
  'listed-order-time-as-text': { check: 'data-schema', severity: 'error' },
  'xml-unless-json-asked-for': { check: 'json-body', severity: 'error' },
  'server-banner-of-unsupported-stack': { check: 'version-disclosure', severity: 'info' },
  'bearer-needs-a-space': { check: 'auth-documented-header', severity: 'error' },
  'doubled-slash-redirected-away': { check: 'http-status', severity: 'error' },
  'etag-without-quotes': { check: 'etag', severity: 'warning', breaks: ['rfc9110-8.8.3-etag'] },
  'trace-reflects-authorization': { check: 'token-echo', severity: 'warning', breaks: ['rfc9110-9.3.8-trace'] },
  'sms-cooldown-cookie-dated-by-to-string': { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-4.1.1-cookie-syntax'] },
  'status-line-without-reason-space': { check: 'status-line', severity: 'warning', breaks: ['rfc9112-4-status-line'] },
  'any-token-after-bearer-accepted': { check: 'auth-unauthorized-change', severity: 'warning', breaks: ['owasp-api2-token-authenticity'] },
  'post-answered-201-created': { check: 'http-status', severity: 'error' },
  'proxy-cache-ignores-post-body': { check: 'page-number-echo', severity: 'error' },
  'trailing-comma-after-last-record': { check: 'json-body', severity: 'error' },
  'request-body-read-as-latin-1': { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
  'unstable-sort-pages-repeat-and-skip': { check: 'page-repeated-records', severity: 'warning' },
  'count-ignores-status-filter': { check: 'page-total', severity: 'error' },
  'ids-over-127-never-match': { check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' },
  'zero-cid-deletes-every-consignment': { check: 'by-id-record', severity: 'warning' },
  'last-modified-china-time-labelled-gmt': { check: 'last-modified', severity: 'warning', breaks: ['rfc9110-8.8.2.1-last-modified'] },
  'set-cookies-folded-into-one-field': { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-3-no-folding'] },
  'page-links-as-network-path': { check: 'link-header', severity: 'warning', breaks: ['rfc8288-3.1-link-target'] },
  'authorization-field-name-case-sensitive': { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-5.1-field-name-case'] },
  'json-content-type-compared-exactly': { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-8.3.1-request-type-case'] },
  'gzip-without-vary': { check: 'vary-accept-encoding', severity: 'warning', breaks: ['rfc9110-12.5.5-vary'] },
  'chunked-answer-to-http-1-0': { check: 'transfer-encoding-version', severity: 'warning', breaks: ['rfc9112-6.1-no-transfer-encoding-to-http10'] },
  'get-with-query-string-answered': { check: 'get-query-answered', severity: 'warning', breaks: ['owasp-api8-unneeded-features'] },
  'created-order-total-without-freight': { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
  'empty-password-skips-check': { check: 'sign-in-without-password', severity: 'warning', breaks: ['owasp-api2-implementation-flaws'] },
  'deflate-coding-without-zlib-wrapper': { check: 'json-body', severity: 'error' },
  'chunked-coding-applied-twice': { check: 'json-body', severity: 'error' },
  'phone-digits-with-leading-zero': { check: 'json-body', severity: 'error' },
  'numbers-with-grouping-commas': { check: 'json-body', severity: 'error' },
  'remark-read-past-its-end': { check: 'json-code-points', severity: 'warning' },
  'json-written-as-iso-8859-1': { check: 'json-charset', severity: 'warning' },
  'created-demand-level-and-pack-swapped': { check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' },
  'price-column-without-scale': { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
  'consignee-delete-hits-bank-cards': { check: 'flow-consignee-lifecycle', severity: 'warning', at: 'consignee-by-id' },
  'filter-applied-after-paging': { check: 'page-total', severity: 'error' },
  'page-size-capped-in-query-only': { check: 'page-sizes-agree', severity: 'warning' },
  'page-size-zero-lists-everything': { check: 'page-size-asked', severity: 'warning', breaks: ['owasp-api4-records-per-page'] },
  'unsigned-jwt-accepted': { check: 'auth-unsigned-jwt', severity: 'warning', breaks: ['owasp-api2-unsigned-jwt'] },
  'first-page-oldest-first-without-page-no': { check: 'page-number-default', severity: 'warning' },
};

const allRedTeamFaults: readonly RedTeamFault[] = Object.values(redTeamRounds).flat();

/** The red-team faults some check reports, as the mutation catalogue takes them. */
export const caughtRedTeamFaults: readonly Fault[] = allRedTeamFaults.flatMap((fault) => {
  const expectation = expectations[fault.name];
  if (!expectation) return [];
  const { breaks, ...expect } = expectation;
  return [{ ...fault, expect, ...(breaks ? { breaks } : {}) }];
});

/** The red-team faults no check reports yet. */
export const unseenRedTeamFaults: readonly RedTeamFault[] = allRedTeamFaults.filter((fault) => !expectations[fault.name]);
