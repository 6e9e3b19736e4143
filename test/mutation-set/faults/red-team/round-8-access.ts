/**
 * Red team round 8, access: a filter value spliced into SQL, a delete whose authorization is
 * checked after it has run, and tokens looked up under a case-insensitive collation.
 */
import type { IncomingMessage } from 'node:http';
import { LIST_REQUEST, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type Fault, type FaultFacts, gateFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { sendText, succeeded, UNAUTHORIZED } from './_internals/answers.js';
import { inputSocketFault } from './_internals/struck.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** A cusType as the caller wrote it, where it holds a single quote and so is no longer only a value in `cus_type = '${cusType}'`. */
const quotedCusType = (payload: unknown): string | undefined =>
  isPlainObject(payload) && typeof payload.cusType === 'string' && payload.cusType.includes("'") ? payload.cusType : undefined;

/** `x' OR 'a'='a`, the probe that closes the string and ORs the whole WHERE clause with a truth. */
const OR_TRUTH = /'\s*or\s*'/i;

/** What a list call asked for, as the server reads it (4 rule 2: pageNo 1 where not given). */
interface ListAsked {
  readonly pageSize: number;
  readonly pageNo: number;
  readonly status: number | undefined;
}

/** The statement the mapper builds with ${cusType}, text substitution, where #{cusType} would have bound a value. */
function purchaseOrderQuery({ pageSize, pageNo, status }: ListAsked, cusType: string): string {
  const byStatus = status === undefined ? '' : ` AND status = ${status}`;
  const columns = 'id, product_number, product_cas, product_cname, product_level, product_nums, product_pack, sale_price, status, remark, created_at';
  return `SELECT ${columns} FROM purchase_order WHERE member_id = 1${byStatus} AND cus_type = '${cusType}' ORDER BY id DESC LIMIT ${(pageNo - 1) * pageSize}, ${pageSize}`;
}

/** MySQL's answer to a string left open, which the exception handler passes on in message and error. */
function syntaxError(asked: ListAsked, cusType: string): Json {
  const sql = purchaseOrderQuery(asked, cusType);
  const near = sql.slice(sql.indexOf(`'${cusType}'`));
  const message = `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${near}' at line 1`;
  return { data: {}, status: 'fail', code: '500', message, error: { sqlState: '42000', errorCode: 1064, sql } };
}

/**
 * A fault whose filter chain lets every call to its operation through, and whose method-level check
 * turns away the calls without the documented authorization only once the handler has run.
 */
function checkedAfterItRuns(facts: FaultFacts): Fault {
  const turnedAway = new WeakSet<IncomingMessage>();
  return {
    ...socketFault({
      ...facts,
      respond(res, body) {
        sendText(res, turnedAway.has(res.req) ? UNAUTHORIZED : JSON.stringify(body));
      },
    }),
    interceptor: (token) => (req) => {
      if (req.headers.authorization !== `bearer${token}`) turnedAway.add(req);
      return false;
    },
    authorizes: () => true,
  };
}

/** The token after the word bearer, as the documented form writes it (5 rule 2). */
const DOCUMENTED_BEARER = /^bearer(.+)$/;

export const round8Access: readonly PlantedFault[] = [
  planted(inputSocketFault, {
    name: 'cus-type-concatenated-into-sql',
    description:
      "The purchase order mapper writes the customer-type condition as cus_type = '${cusType}', MyBatis's text substitution, where #{cusType} would bind a value; the SQL exception handler passes MySQL's message and the statement on to the caller",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 8,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "Error messages include stack traces, or expose other sensitive information" (and the filter value runs as SQL: API8:2019 Injection)',
      observable:
        'Request class: a list whose cusType holds a quote. cusType "1\'" answers code "500" with MySQL\'s syntax error and the whole SELECT, table and columns; cusType "1\' OR \'1\'=\'1" lists every purchase order whatever its status and cusType, where the clean server lists none',
    },
    expect: { check: 'database-error-leak', severity: 'warning' },
    when: (payload) => quotedCusType(payload) !== undefined,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const cusType = quotedCusType(payload);
      const asked = readRequest(payload, LIST_REQUEST);
      if (cusType === undefined || !succeeded(clean) || !asked.ok) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      // An odd number of quotes leaves the statement's closing quote opening a string that never ends.
      if (cusType.split("'").length % 2 === 0) return sendText(res, JSON.stringify(syntaxError({ pageSize, pageNo, status }, cusType)));
      if (!OR_TRUTH.test(cusType)) return sendText(res, JSON.stringify(clean));
      const everything = ((answerTo({ pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list as Json[];
      sendText(res, JSON.stringify({ ...clean, data: pageOf(everything, pageSize, pageNo, 'newest-first') }));
    },
  }),
  planted(checkedAfterItRuns, {
    name: 'delete-authorized-after-it-runs',
    description:
      'The consignment paths are permitAll in the filter chain, since the public consignment list lives under them, and each method carries its own check; the delete\'s is @PostAuthorize("isAuthenticated()"), copied from the detail, and a post-authorization runs after the method: the consignment is deleted, then the caller is turned away',
    operationId: 'consignment-delete',
    redTeam: {
      round: 8,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "Authentication mechanisms are often implemented incorrectly, allowing attackers to compromise authentication tokens or to exploit implementation flaws to assume other user\'s identities temporarily or permanently" (and 5 rule 1: "Every operation takes the header authorization, a required string")',
      observable:
        'Request class: delConsignment without authorization (or with a token never issued). It gets the same code "401" refusal as from the clean server, but the consignment is gone: the next delConsignment of that cid, with the token, says no consignment has it',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning' },
  }),
  planted(gateFault, {
    name: 'token-matched-case-insensitively',
    description:
      "Tokens are looked up with SELECT … FROM access_token WHERE token = ? in a column of MySQL's default collation, utf8mb4_general_ci, which compares case-insensitively: every token has as many accepted spellings as its letters allow, and a guess need only get the case-folded value right",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 8,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Doesn\'t validate the authenticity of tokens"',
      observable:
        'Request class: authorization: bearer and the token with its letters in upper case (bearerRED-TEAM-ROUND-8 for red-team-round-8). It gets the products, where the clean server answers code "401"; at every operation that takes the token',
    },
    expect: { check: 'auth-near-miss-token', severity: 'warning' },
    authorizes: (header, token) => DOCUMENTED_BEARER.exec(header ?? '')?.[1]?.toLowerCase() === token.toLowerCase(),
    throughout: true,
  }),
];
