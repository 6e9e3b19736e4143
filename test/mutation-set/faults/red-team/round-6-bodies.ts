/**
 * Red team round 6, bodies: member names as Jackson derives them from Lombok's getters, a body
 * serialized twice into one JSON string, and a debugging echo left before the envelope.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, orderLinesFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/**
 * The name Jackson gives a property from its getter: the name after "get" with its leading run of
 * capitals lower-cased. Lombok writes getPId() for pId, which Jackson reads back as "pid".
 */
function jacksonName(field: string): string {
  const getterSuffix = `${field.charAt(0).toUpperCase()}${field.slice(1)}`;
  const leadingCapitals = /^[A-Z]+/.exec(getterSuffix)?.[0].length ?? 0;
  return `${getterSuffix.slice(0, leadingCapitals).toLowerCase()}${getterSuffix.slice(leadingCapitals)}`;
}

const renamedByJackson = (line: Json): Json => Object.fromEntries(Object.entries(line).map(([name, value]) => [jacksonName(name), value]));

/** What a debugging `echo json_encode(...)` left in the delete method writes before the framework's answer. */
const debugEcho = (payload: unknown): string => JSON.stringify({ demandId: isPlainObject(payload) ? (payload.demandId ?? null) : null, deleted: 1 });

export const round6Bodies: readonly PlantedFault[] = [
  planted(orderLinesFault, {
    name: 'order-line-names-from-lombok-getters',
    description:
      "The order line entity is a Lombok @Data class: its field pId gets the getter getPId(), and Jackson's default naming lower-cases the leading capitals of what follows get, so pId, pCode, pCnName, pLevel and cCas go out as pid, pcode, pcnName, plevel and ccas",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '2.4: the order line has "pId | integer", "pCode | string", "pCnName | string", "pLevel | string", "cCas | string"; 4, #14 answers "Order with items (2.3, 2.4)"',
      observable:
        'Every order line of a created alpha order carries pid, pcode, pcnName, plevel and ccas, with the values of pId, pCode, pCnName, pLevel and cCas, which are absent; siPrice to ifCancel are as documented',
    },
    expect: { check: 'data-schema', severity: 'error' },
    // A refusal carries no lines to rename.
    rewrite: (lines) => (Array.isArray(lines) ? lines.map(renamedByJackson) : lines),
  }),
  planted(answerFault, {
    name: 'body-serialized-twice-as-string',
    description:
      "The service returns the envelope already serialized (a String from JSON.toJSONString), and the Jackson converter, registered before Spring's StringHttpMessageConverter, serializes that String again: a JSON string literal holding the JSON",
    operationId: 'consignment-delete',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause: '2.1: "Every response body is a JSON object with these fields", data, status, code, message and error',
      observable:
        'Every delConsignment answer is one JSON string, "{\\"data\\":{\\"id\\":12,…},\\"status\\":\\"success\\",…}": it parses, to a string, and only a second parse gives the envelope',
    },
    expect: { check: 'envelope', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: JSON.stringify(JSON.stringify(body)) }),
  }),
  planted(answerFault, {
    name: 'debug-echo-before-envelope',
    description:
      'The ThinkPHP delete action still holds a debugging `echo json_encode([...])` before its `return json($result)`: both are written, the echoed object first, under the one Content-Type',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 6,
      standard: 'RFC 8259',
      clause: '2: "A JSON text is a serialized value", "JSON-text = ws value ws": one value, and nothing after it',
      observable:
        'Every delDemand answer is two JSON objects back to back, {"demandId":12,"deleted":1}{"data":{},"status":"success",…}: JSON.parse refuses it (non-whitespace after the first value)',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body, payload) => ({ contentType: JSON_TYPE, body: `${debugEcho(payload)}${JSON.stringify(body)}` }),
  }),
];
