/**
 * Faults in how a server treats the request forms HTTP gives every client, which the HTTP probes
 * send: field names and media types in another case, a charset parameter, HTTP/1.0, a request
 * without Accept-Encoding, and a GET with the fields in the query.
 */
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { findOperation, wirePath } from '../../../src/catalogue/operations.js';
import { type Answer, answerAfterBody, type Fault, type FaultFacts, interceptFault, socketFault } from '../../../src/reference/faults/fault.js';
import { type PlantedFault, planted } from '../planted-fault.js';
// The one way the reference server's handlers read a body that came elsewhere than in the request (its query).
import { supplyBody } from './red-team/_internals/request-body.js';

const APPLICATION_JSON = 'application/json; charset=utf-8';

const pathOf = (operationId: string) => wirePath(findOperation(operationId)!);

/** An envelope refusal as the clean server words its own. */
const refusal = (status: number, code: string, message: string, reason: string, headers: Readonly<Record<string, string>> = {}): Answer => ({
  status,
  contentType: APPLICATION_JSON,
  headers,
  body: JSON.stringify({ data: {}, status: 'fail', code, message, error: { reason } }),
});

/** `answer` to the requests at the operation's path that `refuses` picks, before routing; the others go on. */
function refusesAtPath(facts: FaultFacts & { readonly refuses: (req: IncomingMessage) => boolean; readonly answer: Answer }): Fault {
  const path = pathOf(facts.operationId);
  return interceptFault({
    ...facts,
    interceptor: () => (req, res) => {
      if (req.url !== path || !facts.refuses(req)) return false;
      answerAfterBody(req, res, facts.answer);
      return true;
    },
  });
}

/** Whether a request lists `coding` in its Accept-Encoding with a weight above 0. */
function accepts(req: IncomingMessage, coding: string): boolean {
  return (req.headers['accept-encoding'] ?? '').split(',').some((entry) => {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return name === coding && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** A query's fields as a framework binds them to a typed request: whole numbers as numbers, the rest as text. */
function boundFields(query: string): Record<string, string | number> {
  return Object.fromEntries([...new URLSearchParams(query)].map(([name, value]) => [name, /^-?\d{1,15}$/.test(value) ? Number(value) : value]));
}

export const requestFormFaults: readonly PlantedFault[] = [
  planted(refusesAtPath, {
    name: 'authorization-name-lower-case-only',
    description:
      'an authorizer in front of the list looks the token up under the field name authorization as the client wrote it, and answers HTTP 401 where it finds none: a token sent under Authorization is refused',
    operationId: 'bank-card-list',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-5.1-field-name-case'] },
    refuses: (req) => !req.rawHeaders.some((name, index) => index % 2 === 0 && name === 'authorization'),
    answer: refusal(401, '401', 'unauthorized', 'unauthorized', { 'www-authenticate': 'Bearer' }),
  }),
  planted(refusesAtPath, {
    name: 'media-type-compared-case-sensitively',
    description: 'the body parser takes a request whose content-type starts with application/json, compared letter for letter: Application/JSON gets HTTP 415',
    operationId: 'beta-products-by-brand',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-8.3.1-request-type-case'] },
    refuses: (req) => !(req.headers['content-type'] ?? 'application/json').startsWith('application/json'),
    answer: refusal(415, '415', 'Unsupported Media Type: send application/json.', 'unsupported media type'),
  }),
  planted(refusesAtPath, {
    name: 'charset-parameter-refused',
    description: 'takes application/json in any case but with no parameter: a content-type with charset=utf-8 gets HTTP 400 and the create is not made',
    operationId: 'custom-demand-create',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc8259-11-request-charset'] },
    refuses: (req) => (req.headers['content-type'] ?? 'application/json').toLowerCase() !== 'application/json',
    answer: refusal(400, '400', 'Content-Type must be application/json.', 'bad content type'),
  }),
  planted(socketFault, {
    name: 'brotli-without-vary',
    description:
      'compresses its JSON with brotli for a request that lists br, by hand in the handler, and sends no Vary: a request without Accept-Encoding gets the same page plain',
    operationId: 'alpha-orders-list',
    expect: { check: 'vary-accept-encoding', severity: 'warning', breaks: ['rfc9110-12.5.5-vary'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      const coded = accepts(res.req, 'br');
      const bytes = coded ? brotliCompressSync(text) : Buffer.from(text);
      res.writeHead(200, { 'content-type': APPLICATION_JSON, 'content-length': String(bytes.length), ...(coded ? { 'content-encoding': 'br' } : {}) });
      res.end(bytes);
    },
  }),
  planted(socketFault, {
    name: 'chunked-whatever-the-version',
    description: 'streams its list with transfer-encoding: chunked set by hand, whatever the version of the request: an HTTP/1.0 request gets a chunked answer',
    operationId: 'custom-demand-list',
    expect: { check: 'transfer-encoding-version', severity: 'warning', breaks: ['rfc9112-6.1-no-transfer-encoding-to-http10'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': APPLICATION_JSON, 'transfer-encoding': 'chunked' });
      const middle = Math.floor(text.length / 2);
      res.write(text.slice(0, middle));
      res.end(text.slice(middle));
    },
  }),
  planted(interceptFault, {
    name: 'get-binds-query-fields',
    description:
      'maps its handler to every method, and binds the request from the query string as readily as from the body: GET …/consigneeInfoById?id=7 with the token answers the consignee',
    operationId: 'consignee-by-id',
    expect: { check: 'get-query-answered', severity: 'warning', breaks: ['owasp-api8-unneeded-features'] },
    interceptor() {
      const path = pathOf('consignee-by-id');
      return (req) => {
        const url = req.url ?? '';
        if (req.method !== 'GET' || !url.startsWith(`${path}?`)) return false;
        req.method = 'POST';
        req.url = path;
        supplyBody(req, JSON.stringify(boundFields(url.slice(path.length + 1))));
        return false;
      };
    },
  }),
];
