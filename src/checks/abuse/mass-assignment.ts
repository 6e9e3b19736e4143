import { pointerToken } from '../../json-pointer.js';
import type { DeclaredMembers } from '../../validation/declared-members.js';
import { isPlainObject, resultData } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';
import { sentBody } from '../sent-body.js';

/** Honoured members named in a finding, at most. */
const NAMED = 3;

/**
 * A value as the text compared: 7 and "7" alike. A planted null, empty text, 0 or false proves
 * nothing (a server answers them by default): undefined.
 */
function provingText(value: unknown): string | undefined {
  if (value === true) return 'true';
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0 ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || Number(text) === 0 ? undefined : text;
}

/** A place in the answer: a JSON pointer into the body, and the member as people write it (items[0].siPrice). */
interface Place {
  readonly pointer: string;
  readonly name: string;
}

/** A member answered with the value sent, and that value as text. */
type Honoured = Place & { readonly text: string };

/**
 * The members of `sent` the request does not declare and the record does, answered in `answer`
 * with the value sent; into the elements of each array both declare (the lines of an order, by
 * index).
 */
function honoured(sent: Record<string, unknown>, answer: Record<string, unknown>, request: DeclaredMembers, record: DeclaredMembers, at: Place): Honoured[] {
  return Object.entries(sent).flatMap(([key, value]): Honoured[] => {
    const pointer = `${at.pointer}/${pointerToken(key)}`;
    const name = at.name === '' ? key : `${at.name}.${key}`;
    const declared = request.get(key);
    if (declared) {
      const lines = record.get(key)?.elements;
      const sentLines = declared.elements;
      const answered = answer[key];
      if (!sentLines || !lines || !Array.isArray(value) || !Array.isArray(answered)) return [];
      return value.flatMap((element, index) => {
        const line: unknown = answered[index];
        return isPlainObject(element) && isPlainObject(line)
          ? honoured(element, line, sentLines, lines, { pointer: `${pointer}/${index}`, name: `${name}[${index}]` })
          : [];
      });
    }
    const text = provingText(value);
    if (!record.has(key) || !Object.hasOwn(answer, key) || text === undefined || provingText(answer[key]) !== text) return [];
    return [{ pointer, name, text }];
  });
}

export const massAssignment: ExchangeCheck<'json'> = {
  id: 'mass-assignment',
  scope: 'exchange',
  rule: '2.3–2.9, 4',
  quote: 'Request body fields | Response `data` … Order with items (2.3, 2.4) … Types, required status and allowed values of request fields: not shown.',
  standards: ['owasp-api3-mass-assignment'],
  severity: 'warning',
  title: 'Record member set from the request',
  description:
    'A member the record of the answer carries (2.3–2.9) that the operation\'s request (4) does not take, sent by the client and answered back as sent: the server let the client set a property of its own, such as the price of an order line (siPrice), an order\'s total or its pay status (OWASP API3, "allows a user to change, add/or delete the value of a sensitive object\'s property", mass assignment). The coverage pass sends it (`server-owned-field`): every such member at once, one request per object (the body against the record, the first order line against the order\'s lines), each with a value no server makes up (987654321, 98765.43, "planted-by-client"). Values compare as text (7 and "7" alike); a null, empty, 0 or false sent proves nothing. One finding per call, counting the members taken. Judged on hostile calls only: a client of its own may send back values it read, which a server that ignores them answers unchanged. A warning: the spec lists what each request sends and what each record carries, but not which members a client may set ("Types, required status and allowed values of request fields: not shown", 4.1).',
  // A refused call is what the check asks for: judged and passed, not counted as "not judged".
  needs: 'json',
  intents: ['hostile'],
  appliesTo: (operation) => operation.response.kind === 'record' && operation.requestSchema !== undefined,
  run(exchange, { validator }) {
    const data = resultData(exchange);
    const sent = sentBody(exchange);
    const recordId = validator.dataSchemaId(exchange.operation.response);
    const requestId = exchange.operation.requestSchema;
    if (!data || !isPlainObject(sent) || recordId === undefined || requestId === undefined) return [];
    const found = honoured(sent, data, validator.members(requestId), validator.members(recordId), { pointer: '/data', name: '' });
    const [first] = found;
    if (!first) return [];
    const named = found.slice(0, NAMED).map(({ name, text }) => `${name} ${text}`);
    return [
      {
        instancePath: first.pointer,
        expected: 'members the request does not take ignored, or the call refused',
        actual: `${found.length === 1 ? 'a member' : `${found.length} members`} sent by the client answered as sent: ${named.join(', ')}${found.length > NAMED ? ', …' : ''}`,
        occurrences: found.length,
      },
    ];
  },
};
