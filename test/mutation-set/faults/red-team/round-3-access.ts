/**
 * Red team round 3, access: who gets in and where. A filter that takes any token, a retired version
 * still answering without one, a gateway that refuses the documented header form, a router that
 * redirects the documented path away, and a server that names its out-of-date stack.
 */
import { answerAfterBody, answerFault, gateFault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { documented, pathOf } from './_internals/answers.js';
import { interceptedGateFault, pastTheFilter } from './_internals/gates.js';
import { OWASP, SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Version 1 of the open API, as it was deployed before the current, unversioned paths (9). */
const RETIRED_ORDERS_PATH = documented('alpha-orders-list').path.replace(/^\/openapi\//, '/openapi/v1/');

/** The header form an RFC 6750 bearer-token plugin reads: the scheme (any case), one or more spaces, the token. */
const BEARER_WITH_SPACE = /^Bearer +(\S+)$/i;

export const round3Access: readonly PlantedFault[] = [
  planted(gateFault, {
    name: 'any-token-after-bearer-accepted',
    description:
      'The authentication filter checks only that authorization holds bearer and a token: the lookup of the token was switched off for a load test, and the switch shipped',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 3,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Doesn\'t validate the authenticity of tokens."',
      observable:
        'Request class: a delete whose authorization is bearer and a token the server never issued. It deletes the demand and answers success, where the clean server answers code "401"',
    },
    expect: { check: 'auth-unauthorized-change', severity: 'warning', breaks: ['owasp-api2-token-authenticity'] },
    authorizes: (header) => /^bearer\S+$/.test(header ?? ''),
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
  planted(answerFault, {
    name: 'server-banner-of-unsupported-stack',
    description:
      'The host runs the Apache and PHP its distribution packaged in 2013, out of support for years, with ServerTokens Full and expose_php On, their defaults',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 3,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "The latest security patches are missing, or the systems are out of date"',
      observable: 'Server: Apache/2.2.15 (CentOS) and X-Powered-By: PHP/5.4.16 on every create: versions long out of support, with published exploits',
    },
    expect: { check: 'version-disclosure', severity: 'info' },
    answer: (body) => ({ ...json(body), headers: { server: 'Apache/2.2.15 (CentOS)', 'x-powered-by': 'PHP/5.4.16' } }),
  }),
  planted(gateFault, {
    name: 'bearer-needs-a-space',
    description:
      'The open API sits behind a gateway whose stock bearer-token plugin reads the header as RFC 6750 writes it, "Bearer", a space and the token, so the form part 5 shows never matches',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '5 rule 2: "The header value shown is the word bearer directly followed by the token, with no separating space: bearer<ACCESS_TOKEN>."',
      observable: 'The documented authorization: bearer<TOKEN> is refused with code "401"; only Bearer <TOKEN> gets the products',
    },
    expect: { check: 'auth-documented-header', severity: 'error' },
    authorizes: (header, token) => BEARER_WITH_SPACE.exec(header ?? '')?.[1] === token,
  }),
  planted(interceptFault, {
    name: 'doubled-slash-redirected-away',
    description:
      "The login is served by Go's http.ServeMux, which cleans every request path and answers one with a repeated slash with 301 Moved Permanently to the cleaned path",
    operationId: 'login',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause:
        '4 rule 1: "Each operation in the table answers HTTP 200 with the envelope of 2.1", at the path the table gives: "Paths under /pc and /auth are written with a doubled slash after the base address"',
      observable:
        'POST //pc/auth/login gets HTTP 301, Location: /pc/auth/login and an HTML body: a client that follows it sends GET, without the credentials (RFC 9110, 15.4.2), and is refused',
    },
    expect: { check: 'http-status', severity: 'error' },
    interceptor() {
      const operation = documented('login');
      const doubled = pathOf(operation.id);
      return (req, res) => {
        // The cleaned path is the one the mux serves.
        if (req.url === operation.path) req.url = doubled;
        else if (req.url === doubled) {
          const body = `<a href="${operation.path}">Moved Permanently</a>.\n\n`;
          answerAfterBody(req, res, { status: 301, contentType: 'text/html; charset=utf-8', headers: { location: operation.path }, body });
          return true;
        }
        return false;
      };
    },
  }),
];
