import type { ReceivedResponse } from '../../client/exchange.js';
import type { ExchangeCheck } from '../types.js';

/** Tags and handlers that run when a page renders them. */
const activeMarkup = /<\s*(?:script|img|svg|iframe|body|a)\b[^>]*>|\bon\w+\s*=|javascript:/i;

/**
 * Active markup needs a `<`, a `=` or the word "javascript": JSON text that has none of them, and
 * no `\u` escape that could stand for one of their characters, decodes to strings without markup.
 */
const mayCarryMarkup = /[<=]|\\u|javascript/i;

/** Every string in a JSON value, keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}

/** The active markup fragments of a request body, as they read once JSON-decoded. */
function sentMarkup(body: string): string[] {
  let decoded: unknown = body;
  try {
    decoded = JSON.parse(body);
  } catch {
    // Not JSON: look at the raw text.
  }
  return stringsIn(decoded).flatMap((text) => activeMarkup.exec(text)?.[0] ?? []);
}

/**
 * Where a page shows the server's words: the result hints of the envelope (`status`, `code`,
 * `message`, `error`), or the whole text of a response that is not JSON. Records in `data` are
 * the client's to escape when it shows them, so stored text coming back there is not flagged.
 */
function displayedText(response: ReceivedResponse): string[] {
  if (!response.json.ok) return [response.bodyText];
  const body = response.json.value;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return stringsIn(body);
  const { data: _records, ...hints } = body as Record<string, unknown>;
  return stringsIn(hints);
}

export const markupEcho: ExchangeCheck<'response'> = {
  id: 'markup-echo',
  scope: 'exchange',
  rule: '2.1',
  quote: 'status | string | Result hint text. … message | string | Result hint text. … error | object | Error result data.',
  standards: [],
  severity: 'warning',
  title: 'Request markup echoed back unescaped',
  description:
    "The markup of a hostile request comes back unescaped in the result hint text (or an error page): a page that shows the server's message, as clients commonly do, would run it.",
  needs: 'response',
  intents: ['hostile'],
  run(exchange) {
    const sentBody = exchange.request.body ?? '';
    if (!exchange.response || !mayCarryMarkup.test(sentBody)) return [];
    const sent = sentMarkup(sentBody);
    if (sent.length === 0) return [];
    const shown = displayedText(exchange.response);
    const markup = sent.find((fragment) => shown.some((text) => text.includes(fragment)));
    if (!markup) return [];
    return [{ instancePath: '', expected: 'markup escaped or not echoed', actual: `echoed ${JSON.stringify(markup)}` }];
  },
};
