import { type Fault, type FaultFacts, interceptFault, misreadFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { money } from '../../../../src/reference/handlers/_internals/request.js';
import type { Json } from '../../../../src/reference/json.js';
import { pathOf, sendText, UNAUTHORIZED } from '../_internals/answers.js';
import { latin1Read, transcodeBody } from '../_internals/request-body.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage } from 'node:http';

/** Whether a Content-Type names a charset: without one, a servlet container decodes the body as ISO-8859-1. */
const namesCharset = (type: string | undefined): boolean => /;\s*charset=/i.test(type ?? '');

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

/** A character outside the BMP: four bytes in UTF-8, more than MySQL's utf8 (utf8mb3) holds. */
const BEYOND_BMP = /[\u{10000}-\u{10FFFF}]/gu;

/** Each string field as a utf8mb3 connection stores it: every character beyond the BMP replaced by "?". */
const asStoredInUtf8mb3 = (payload: Json): Json =>
  Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, typeof value === 'string' ? value.replace(BEYOND_BMP, '?') : value]));

/** Consignments (2.5) read across answers: what a publish stored, and what the list shows of it after an edit or a delete. */
export const consignmentFaults: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'request-body-read-as-latin-1',
    description:
      'The publish runs in a servlet container that decodes a request body without a charset parameter as ISO-8859-1, its default, and the JSON library is handed the decoded text',
    operationId: 'consignment-publish',
    redTeam: {
      round: 4,
      standard: 'RFC 8259',
      clause:
        '8.1: "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8"; 11: "No "charset" parameter is defined for this registration. Adding one really has no effect on compliant recipients"',
      observable:
        'Request class: a publish with text beyond ASCII, sent as application/json without charset (the documented form). productName 丙酮 is stored as "ä¸\\u0099é\\u0085®" (each UTF-8 byte as a character), and #6 and the lists answer it so; with charset=utf-8 it is stored right',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    interceptor() {
      const path = pathOf('consignment-publish');
      return (req) => {
        if (req.url === path && !namesCharset(req.headers['content-type'])) transcodeBody(req, latin1Read);
        return false;
      };
    },
  }),
  planted(misreadFault, {
    name: 'price-column-without-scale',
    description:
      'The consignment table declares its price DECIMAL with no precision, which MySQL takes for DECIMAL(10,0): the price is rounded to whole yuan when stored, without a warning in non-strict mode',
    operationId: 'consignment-publish',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '4, #5: publish takes "price"; #6 answers the consignment as "one purchase order record shape (2.7)", whose "salePrice" is a string: the price read back is the price published',
      observable:
        'Request class: a publish with a price in fen (96.5). It succeeds, and the consignment delConsignment (#6) answers has salePrice "97.00"; a whole price (96) comes back "96.00"',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    misreads(payload) {
      const price = money(payload.price);
      return price === undefined ? payload : { ...payload, price: Math.round(price) };
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
  planted(misreadFault, {
    name: 'astral-characters-stored-as-question-marks',
    description:
      'The consignment table and the JDBC connection use MySQL\'s utf8, which is utf8mb3 (three bytes a character at most); under a non-strict sql_mode a character beyond the BMP is stored as "?" with only a warning, and the publish succeeds',
    operationId: 'consignment-publish',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #5: publish takes "productName", "level", "pack"; #6 answers the consignment as "one purchase order record shape (2.7)", with "productCname | string": the name read back is the name published',
      observable:
        'Request class: a publish whose productName holds a character beyond the BMP (四丁基溴化𬭩, 𬭩 U+2CB69, the "onium" of onium salts). It succeeds, and delConsignment (#6) answers productCname "四丁基溴化?"; names within the BMP come back as sent',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    misreads: asStoredInUtf8mb3,
  }),
];
