/**
 * Red team round 8, bodies: a refusal written as Python's repr of the envelope, a successful delete
 * answered with no body at all, and long pages cut where one read of a copy buffer ends.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, sendText, succeeded } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** A string as Python's repr() writes it: in single quotes unless it holds one and no double quote, control characters escaped. */
function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escapes: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', [quote]: `\\${quote}` };
  const body = Array.from(text, (char) => {
    const point = char.codePointAt(0) ?? 0;
    return escapes[char] ?? (point < 0x20 || point === 0x7f ? `\\x${point.toString(16).padStart(2, '0')}` : char);
  }).join('');
  return `${quote}${body}${quote}`;
}

/** A value as Python's str() of the dict the handler built writes it: the repr of each part, with ", " and ": " between. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (isPlainObject(value))
    return `{${Object.entries(value)
      .map(([name, member]) => `${pythonString(name)}: ${pythonRepr(member)}`)
      .join(', ')}}`;
  return String(value);
}

/** The array the response-copying filter reads the buffered body back into, with a single read(). */
const COPY_BUFFER_BYTES = 16_384;

export const round8Bodies: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'not-found-written-as-python-repr',
    description:
      "The consignee service is Flask; its not-found branch was written in a hurry as return Response(str(result), mimetype='application/json'), and str() of a dict is its Python repr, not JSON",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 8,
      standard: 'RFC 8259',
      clause:
        '7: "string = quotation-mark *char quotation-mark", "quotation-mark = %x22": a string is in double quotes, and so is each member name (4: "member = string name-separator value")',
      observable:
        "Request class: consigneeInfoById of an id no consignee has (999999). The refusal reads {'data': {}, 'status': 'fail', 'code': '404', …}, single quotes throughout: JSON.parse refuses it; consignees found are answered in JSON as before",
    },
    expect: { check: 'json-body', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      return clean.code === '404' ? { contentType: JSON_TYPE, body: pythonRepr(clean) } : json(clean);
    },
  }),
  planted(socketFault, {
    name: 'delete-answered-with-empty-body',
    description:
      'The delete controller method returns void under @ResponseStatus(HttpStatus.OK), so Spring writes no body; a filter sets Content-Type: application/json on every /pc answer regardless',
    operationId: 'consignee-delete',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '2.1: "Every response body is a JSON object with these fields" (data, status, code, message, error); RFC 8259, 2: "JSON-text = ws value ws", and an empty text holds no value',
      observable:
        'Request class: deleteConsignee of a consignee that exists. It answers HTTP 200, Content-Type application/json, Content-Length: 0 and no body; the consignee is gone, and an unknown id still gets the refusal envelope',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      if (!succeeded(body as Json)) return sendText(res, JSON.stringify(body));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': '0' });
      res.end();
    },
  }),
  planted(socketFault, {
    name: 'long-page-cut-at-copy-buffer',
    description: `A response-logging filter buffers each answer to log it, then copies it to the client with a single in.read(buffer) into a ${COPY_BUFFER_BYTES}-byte array, taking one read for the whole body, and sets Content-Length from what that read returned`,
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 8,
      standard: 'RFC 8259',
      clause:
        '2: "A JSON text is a serialized value", "JSON-text = ws value ws": an object begun must be ended (4: "object = begin-object [ member *( value-separator member ) ] end-object")',
      observable: `Request class: a page longer than ${COPY_BUFFER_BYTES} bytes (getAlphaOrders with pageSize 30). It comes with Content-Length: ${COPY_BUFFER_BYTES}, framed correctly, and the JSON stops in the middle of an order; pages of 10 orders come whole`,
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const whole = Buffer.from(JSON.stringify(body), 'utf8');
      const copied = whole.subarray(0, COPY_BUFFER_BYTES);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(copied.length) });
      res.end(copied);
    },
  }),
];
