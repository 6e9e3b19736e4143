import { writeEdited } from './json-text.js';

/*
 * Bodies that are not an object of fields: other JSON values, text that is not JSON, and no body.
 * Most are made from the valid payload, so that they sit next to what a client would have sent.
 */

type Payload = Readonly<Record<string, unknown>>;

/** One whole-body variant: a label for the description and the body made from a valid payload. */
export interface WholeBody {
  readonly label: string;
  readonly body: (payload: Payload) => string | undefined;
}

const constant = (label: string, body: string | undefined): WholeBody => ({ label, body: () => body });

/** Valid JSON that is not an object. */
export const nonObjectBodies: readonly WholeBody[] = [
  constant('null', 'null'),
  constant('true', 'true'),
  constant('false', 'false'),
  constant('0', '0'),
  // 4 rule 3: "The sample body of #13 is sent as a bare number in the command-line example".
  constant('1', '1'),
  constant('""', '""'),
  constant('"hello"', '"hello"'),
  constant('[]', '[]'),
  constant('[1,2]', '[1,2]'),
  { label: 'the payload in an array', body: (payload) => `[${JSON.stringify(payload)}]` },
  { label: 'the payload encoded twice, as a string', body: (payload) => JSON.stringify(JSON.stringify(payload)) },
];

/** The payload with its first member's value replaced by text that is not a JSON value. */
const firstValueAs = (label: string, text: string): WholeBody => ({
  label,
  body: (payload) => {
    const [first] = Object.keys(payload);
    return first === undefined ? `{"value":${text}}` : writeEdited(payload, { op: 'set', path: [first], text });
  },
});

/** Form encoding of the payload's top-level values: a client that forgot to serialise as JSON. */
const formEncoded = (payload: Payload): string =>
  new URLSearchParams(
    Object.entries(payload).map(([key, value]): [string, string] => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  ).toString();

/**
 * Text that JSON.parse rejects. The BOM case is the one arguable entry: RFC 8259 8.1 lets a parser
 * ignore a leading byte order mark, so after stripping it the text is the valid payload.
 */
export const invalidJsonBodies: readonly WholeBody[] = [
  { label: 'truncated object', body: (payload) => JSON.stringify(payload).slice(0, Math.ceil(JSON.stringify(payload).length / 2)) },
  { label: 'unclosed object', body: (payload) => JSON.stringify(payload).slice(0, -1) },
  { label: 'trailing comma', body: (payload) => `${JSON.stringify(payload).slice(0, -1)},}` },
  { label: 'single quotes', body: (payload) => JSON.stringify(payload).replaceAll('"', "'") },
  { label: 'unquoted keys', body: (payload) => JSON.stringify(payload).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:') },
  constant('bare word', 'undefined'),
  constant('String({})', '[object Object]'),
  { label: 'UTF-8 BOM before valid JSON', body: (payload) => `\uFEFF${JSON.stringify(payload)}` },
  { label: 'comment', body: (payload) => `// hostile\n${JSON.stringify(payload)}` },
  firstValueAs('NaN value', 'NaN'),
  firstValueAs('Infinity value', 'Infinity'),
  firstValueAs('leading zero', '012'),
  firstValueAs('plus sign', '+1'),
  firstValueAs('hex number', '0x10'),
  firstValueAs('raw newline in a string', '"line1\nline2"'),
  firstValueAs('invalid escape', '"\\x41"'),
  { label: 'two objects', body: (payload) => JSON.stringify(payload).repeat(2) },
  { label: 'form-encoded', body: formEncoded },
  constant('lone brace', '{'),
];

/** No body, or one with nothing in it. */
export const emptyBodies: readonly WholeBody[] = [constant('no body', undefined), constant('empty', ''), constant('spaces', '   '), constant('CRLF', '\r\n')];
