/**
 * Red team round 7, access: a debugging profiler left on that hands anyone the requests it
 * recorded, a method override that turns a read into a delete, and a filter that lets in whoever
 * says they call from inside.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { answerAfterBody, interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf } from './_internals/answers.js';
import { interceptedGateFault, wavedThrough } from './_internals/gates.js';
import { listedPathOf } from './_internals/struck.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Where Symfony's web profiler answers, and its page of the last request it recorded. */
const PROFILER = '/_profiler/';
const LATEST = 'latest';

/** What the profiler keeps of a request: its line and its header fields as they came. */
interface Profile {
  readonly requestLine: string;
  readonly fields: readonly (readonly [string, string])[];
}

/** The profiler's six-hex-digit token of the nth request it records, derived from n so that runs repeat. */
const debugToken = (n: number): string => createHash('sha256').update(`profile:${n}`, 'utf8').digest('hex').slice(0, 6);

const escaped = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The profiler's request panel: the request line and a table of its header fields, names lower-cased as Symfony's HeaderBag keeps them. */
function profilePage(token: string, { requestLine, fields }: Profile): string {
  const rows = fields.map(([name, value]) => `<tr><th>${escaped(name.toLowerCase())}</th><td>${escaped(value)}</td></tr>`).join('\n');
  return `<!DOCTYPE html>\n<html><head><title>Symfony Profiler</title></head><body>\n<h1>${escaped(requestLine)}</h1>\n<p>Token ${token}</p>\n<h2>Request Headers</h2>\n<table>\n${rows}\n</table>\n</body></html>\n`;
}

const NO_PROFILE = '<!DOCTYPE html>\n<html><head><title>Symfony Profiler</title></head><body><h1>Token not found</h1></body></html>\n';

const fieldsOf = (req: IncomingMessage): (readonly [string, string])[] =>
  req.rawHeaders.flatMap((name, index, raw) => (index % 2 === 0 ? [[name, raw[index + 1] ?? ''] as const] : []));

/** Whether a header field asks for DELETE in place of the request's method, as method-override middleware reads it. */
const overridesToDelete = (value: string | string[] | undefined): boolean => typeof value === 'string' && value.trim().toUpperCase() === 'DELETE';

/** Loopback and the private ranges of RFC 1918: the cluster network the platform's own services call from. */
function internalAddress(address: string): boolean {
  const octets = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(address);
  if (!octets) return false;
  const [first, second] = [Number(octets[1]), Number(octets[2])];
  return first === 10 || first === 127 || (first === 192 && second === 168) || (first === 172 && second >= 16 && second <= 31);
}

/** The first address of X-Forwarded-For, the one the client wrote if it wrote one: the load balancer appends the address it saw. */
const firstForwardedFor = (req: IncomingMessage): string =>
  String(req.headers['x-forwarded-for'] ?? '')
    .split(',')[0]!
    .trim();

export const round7Access: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'profiler-left-on-in-production',
    description:
      'The member area is a Symfony application deployed with APP_DEBUG=1, so the web profiler records every request, names it in X-Debug-Token-Link on the answer, and serves the recording at /_profiler/ to anyone, /_profiler/latest included',
    operationId: 'bank-card-list',
    redTeam: {
      round: 7,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "Unnecessary features are enabled (e.g. HTTP verbs, logging features)"',
      observable:
        "Every bankCardList answer carries X-Debug-Token and X-Debug-Token-Link: http://HOST/_profiler/3f9a1c; GET /_profiler/latest, with no authorization, answers a page of the last such request's header fields, authorization: bearer<TOKEN> among them",
    },
    expect: { check: 'debug-fields', severity: 'warning', breaks: ['owasp-api8-logging-features'] },
    interceptor() {
      const list = pathOf('bank-card-list');
      const profiles = new Map<string, Profile>();
      let latest: string | undefined;
      return (req, res) => {
        const url = req.url ?? '';
        if (req.method === 'GET' && url.startsWith(PROFILER)) {
          const asked = url.slice(PROFILER.length);
          const token = asked === LATEST ? latest : asked;
          const profile = token === undefined ? undefined : profiles.get(token);
          const page = profile && token ? profilePage(token, profile) : NO_PROFILE;
          answerAfterBody(req, res, { status: profile ? 200 : 404, contentType: 'text/html; charset=UTF-8', body: page });
          return true;
        }
        if (url !== list) return false;
        const token = debugToken(profiles.size + 1);
        profiles.set(token, { requestLine: `${req.method} ${url} HTTP/${req.httpVersion}`, fields: fieldsOf(req) });
        latest = token;
        res.setHeader('x-debug-token', token);
        res.setHeader('x-debug-token-link', `http://${req.headers.host ?? '127.0.0.1'}${PROFILER}${token}`);
        return false;
      };
    },
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
  planted(interceptedGateFault, {
    name: 'forwarded-for-internal-address-trusted',
    description:
      "The authentication filter lets the platform's own services in without a token when they call from the cluster network, and takes the caller's address from the first entry of X-Forwarded-For; the load balancer appends the address it saw to whatever the client sent, so the first entry is the client's own claim",
    operationId: 'consignee-delete',
    redTeam: {
      round: 7,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "a microservice is vulnerable if: Other microservices can access it without authentication"; here anyone who claims to be one',
      observable:
        'Request class: deleteConsignee with no authorization and X-Forwarded-For: 10.0.0.8 (any loopback or RFC 1918 address). The consignee is deleted and the answer is success, where the clean server refuses the call with code "401"; a public address is refused as before',
    },
    expect: { check: 'auth-internal-caller', severity: 'warning', breaks: ['owasp-api2-internal-caller'] },
    ...wavedThrough('consignee-delete', (req) => internalAddress(firstForwardedFor(req))),
  }),
];
