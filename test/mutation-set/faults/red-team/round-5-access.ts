/**
 * Red team round 5, access: a JWT check that lets a token name its own algorithm, "none"
 * included, and a pager configured to answer a page size of 0 with every record.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { gateFault } from '../../../../src/reference/faults/fault.js';
import { sendText } from './_internals/answers.js';
import { inputSocketFault } from './_internals/struck.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The JSON object a base64url segment of a JWT holds, or undefined. */
function segment(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token is a JWT that declares no signature ("alg": "none", in any case) and carries none: header.claims. */
function unsignedJwt(token: string): boolean {
  const [header = '', claims = '', signature, ...rest] = token.split('.');
  const alg = segment(header)?.alg;
  return rest.length === 0 && signature === '' && typeof alg === 'string' && alg.toLowerCase() === 'none' && segment(claims) !== undefined;
}

/** The token after the word bearer, with or without the space RFC 6750 puts there. */
const BEARER = /^bearer ?(.*)$/i;

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** A page size of 0, as a number or as the string of it. */
const zeroPageSize = (payload: unknown): boolean => isPlainObject(payload) && (payload.pageSize === 0 || payload.pageSize === '0');

export const round5Access: readonly PlantedFault[] = [
  planted(gateFault, {
    name: 'unsigned-jwt-accepted',
    description:
      'The open API takes the platform\'s JWTs beside its API keys (part 5 shows some values as <API_KEY>), verified with a library call that trusts the algorithm the token names, as jsonwebtoken before 4.2.2 did: a token with "alg": "none" and no signature passes',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 5,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Accepts unsigned/weakly signed JWT tokens ({"alg":"none"})"',
      observable:
        'Request class: createAlphaOrders with authorization: bearer and a JWT anyone can write, header {"alg":"none"}, any claims, empty signature. The order is placed, where the clean server answers an empty data (the refusal of #14); a made-up opaque token is still refused',
    },
    expect: { check: 'auth-unsigned-jwt', severity: 'warning', breaks: ['owasp-api2-unsigned-jwt'] },
    authorizes(header, token) {
      if (header === `bearer${token}`) return true;
      const presented = BEARER.exec(header ?? '')?.[1];
      return presented !== undefined && unsignedJwt(presented);
    },
  }),
  planted(inputSocketFault, {
    name: 'page-size-zero-lists-everything',
    description:
      'The list is paged with MyBatis PageHelper configured with pageSizeZero=true, under which a pageSize of 0 means no LIMIT: the whole table in one answer',
    operationId: 'bank-card-list',
    redTeam: {
      round: 5,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: an API is vulnerable if a limit is "missing or set inappropriately", among them the "Number of records per page to return in a single request-response"',
      observable:
        'Request class: bankCardList with pageSize 0, a boundary value. It answers every bank card of the member, 200 holders and account numbers, as one page (totalPage 1), where the clean server refuses the page size',
    },
    expect: { check: 'page-size-asked', severity: 'warning', breaks: ['owasp-api4-records-per-page'] },
    when: zeroPageSize,
    respond(res, _body, payload, answerTo) {
      sendText(res, JSON.stringify(answerTo({ ...(payload as Json), pageSize: EVERY_RECORD, pageNo: 1 })));
    },
  }),
];
