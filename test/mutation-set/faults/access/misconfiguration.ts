import { type Answer, answerAfterBody, answerFault, type Fault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { documented, pathOf } from '../_internals/answers.js';
import { interceptedGateFault, pastTheFilter, wavedThrough } from '../_internals/gates.js';
import { OWASP } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage } from 'node:http';

/** The clean body with these header fields beside the clean ones. */
const withFields =
  (headers: Readonly<Record<string, string>>) =>
  (body: unknown): Answer => ({ ...json(body), headers });

/**
 * OPTIONS requests to the operation's path let through without authorization, as preflights are,
 * and then routed to its handler as the POST it takes.
 */
function preflightsLetThrough(operationId: string): Required<Pick<Fault, 'interceptor' | 'authorizes'>> {
  const path = pathOf(operationId);
  const preflight = (req: IncomingMessage): boolean => req.url === path && req.method === 'OPTIONS';
  const waved = wavedThrough(operationId, preflight);
  return {
    interceptor(token) {
      const letThrough = waved.interceptor(token);
      return (req, res) => {
        const served = preflight(req);
        const taken = letThrough(req, res);
        if (served) req.method = 'POST';
        return taken;
      };
    },
    authorizes: waved.authorizes,
  };
}

/** Version 1 of the open API, as it was deployed before the current, unversioned paths (9). */
const RETIRED_ORDERS_PATH = documented('alpha-orders-list').path.replace(/^\/openapi\//, '/openapi/v1/');

/** Whether a header field asks for DELETE in place of the request's method, as method-override middleware reads it. */
const overridesToDelete = (value: string | string[] | undefined): boolean => typeof value === 'string' && value.trim().toUpperCase() === 'DELETE';

/** How long a browser may keep the preflight's grant before it asks again. */
const PREFLIGHT_MAX_AGE_SECONDS = 3600;

/** What OWASP API8 and API9 call misconfiguration and unmanaged inventory: CORS, method overrides, preflights let past the token, retired paths. */
export const misconfigurationFaults: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'cors-any-origin-with-credentials',
    description: "CORS middleware configured with origin '*' and credentials: true, which it sends as they are",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set" (Fetch, CORS protocol: with credentials, Access-Control-Allow-Origin cannot be "*")',
      observable: 'Access-Control-Allow-Origin: * together with Access-Control-Allow-Credentials: true on bank card data',
    },
    expect: { check: 'cors-credentials-wildcard', severity: 'warning' },
    answer: withFields({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }),
  }),
  planted(interceptedGateFault, {
    name: 'options-preflight-skips-authentication',
    description:
      "The security configuration permits OPTIONS on every path so that browsers' CORS preflights pass without a token, and deleteConsignee is mapped with @RequestMapping and no method, as the member area's handlers are: an OPTIONS request reaches the handler, unauthenticated, and is served like the POST",
    operationId: 'consignee-delete',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API5:2023 Broken Function Level Authorization: "Exploitation requires the attacker to send legitimate API calls to an API endpoint that they should not have access to as anonymous users or regular, non-privileged users."',
      observable:
        'Request class: OPTIONS //pc/customer/deleteConsignee with the JSON body {"id":3} and no authorization. It answers the success envelope and the consignee is gone (consigneeInfoById of 3 says no consignee has it), where the clean server refuses the method with code "405"; POST without authorization is still refused with code "401"',
    },
    expect: { check: 'options-served-as-operation', severity: 'warning', breaks: ['owasp-api5-method-change'] },
    ...preflightsLetThrough('consignee-delete'),
  }),
  planted(interceptedGateFault, {
    name: 'retired-v1-orders-path-answers',
    description:
      'Version 1 of the open API still runs beside the current one, on the same data, behind the filter chain it had before tokens were checked; the current paths carry no version',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 3,
      standard: OWASP,
      clause:
        'API9:2023 Improper Inventory Management: "Threat agents usually get unauthorized access through old API versions or endpoints left running unpatched and using weaker security requirements"',
      observable: `Request class: POST ${RETIRED_ORDERS_PATH} without authorization. It answers the member's orders, where the clean server knows no such path`,
    },
    expect: {
      unseen: 'no check sees it: it shows only at a path of a version the spec never names (9), and a list of guessed paths is no rule (owasp-api9-inventory)',
    },
    ...pastTheFilter('alpha-orders-list', RETIRED_ORDERS_PATH),
  }),
  planted(interceptFault, {
    name: 'method-override-turns-read-into-delete',
    description:
      "The card detail and the back office's card delete are one resource, POST reading it and DELETE removing it; a method-override filter, kept for clients behind proxies that only pass GET and POST, turns a POST with X-HTTP-Method-Override: DELETE into a DELETE before routing, and the member filter guards paths, not methods",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 7,
      standard: OWASP,
      clause:
        'API5:2023 Broken Function Level Authorization: "Can a user perform sensitive actions (e.g. creation, modification, or deletion) that they should not have access to by simply changing the HTTP method (e.g. from GET to DELETE)?"',
      observable:
        'Request class: bankCardInfoById with X-HTTP-Method-Override: DELETE. It answers success with empty data, and the card is gone: the next bankCardInfoById of the id says no bank card has it, and the list has one card fewer; the clean server ignores the field and answers the card',
    },
    expect: { check: 'method-override', severity: 'warning', breaks: ['owasp-api5-method-change'] },
    interceptor() {
      const byId = pathOf('bank-card-by-id');
      const remove = listedPathOf('bank-card-delete');
      return (req) => {
        if (req.url === byId && req.method === 'POST' && overridesToDelete(req.headers['x-http-method-override'])) req.url = remove;
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'cors-grants-any-origin-credentials',
    description:
      "The open API's CORS configuration is Spring's addAllowedOriginPattern(\"*\") with setAllowCredentials(true), set so that the partners' web pages could call it: the pattern matches every origin, and Spring answers each with the origin it was sent",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set" (here every origin, "null" included, may read answers sent with the member\'s credentials)',
      observable:
        'Request class: a call with an Origin field (https://evil.example, or null). The answer carries Access-Control-Allow-Origin: https://evil.example and Access-Control-Allow-Credentials: true, and the preflight (OPTIONS) grants POST, authorization and content-type to it; the clean server sends no CORS field',
    },
    expect: { check: 'cors-reflected-origin', severity: 'warning', breaks: ['owasp-api8-cors'] },
    interceptor() {
      const path = pathOf('alpha-orders-list');
      return (req, res) => {
        const origin = req.headers.origin;
        if (req.url !== path || origin === undefined) return false;
        // Spring's DefaultCorsProcessor names what the grant varies on, so caches keep one per origin.
        const granted = {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        };
        if (req.method !== 'OPTIONS') {
          for (const [name, value] of Object.entries(granted)) res.setHeader(name, value);
          return false;
        }
        const headers = {
          ...granted,
          'access-control-allow-methods': req.headers['access-control-request-method'] ?? 'POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
        };
        answerAfterBody(req, res, { status: 200, contentType: 'text/plain', headers, body: '' });
        return true;
      };
    },
  }),
];
