import type { Finding } from '../../types.js';
import { isPlainObject } from '../../preconditions.js';

/** Fields named in a finding, at most. */
export const NAMED_FIELDS = 3;

/** A field of the answered record that holds the text sent, written otherwise. */
interface Rewritten {
  /** As people write it: items[0].siCusNote. */
  readonly name: string;
  readonly sent: string;
  readonly answered: string;
}

/** Whether a string answered in place of the one sent is that text rewritten in the one way a check looks for. */
export type Rewriting = (sent: string, answered: string) => boolean;

/** The rewriting where `readBack` turns the answered text into the one sent (the escapes a writer put in, read back). */
export const readBackAs =
  (readBack: (text: string) => string): Rewriting =>
  (sent, answered) =>
    readBack(answered) === sent;

/**
 * The fields of `answered` named as fields of `sent` that hold the text sent written otherwise: a
 * string other than the one sent that is `rewritten` from it; into objects and, element by
 * element, arrays (the lines of an order).
 */
function rewrittenFields(sent: unknown, answered: unknown, rewritten: Rewriting, name: string): Rewritten[] {
  if (typeof sent === 'string') return typeof answered === 'string' && answered !== sent && rewritten(sent, answered) ? [{ name, sent, answered }] : [];
  if (Array.isArray(sent)) {
    if (!Array.isArray(answered)) return [];
    return sent.flatMap((element, index) => rewrittenFields(element, answered[index], rewritten, `${name}[${index}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(answered)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    Object.hasOwn(answered, key) ? rewrittenFields(value, answered[key], rewritten, name === '' ? key : `${name}.${key}`) : [],
  );
}

/**
 * One finding for an answer whose record (`data`) holds text the request sent written otherwise,
 * naming up to NAMED_FIELDS fields, or none. It stands at the record whatever the fields: a server
 * treats every request string alike, so fields are not causes of their own.
 */
export function textNotAsSent(sent: unknown, data: unknown, rewritten: Rewriting): Finding[] {
  const found = rewrittenFields(sent, data, rewritten, '');
  if (found.length === 0) return [];
  const named = found.slice(0, NAMED_FIELDS).map(({ name, sent, answered }) => `${name} ${JSON.stringify(sent)} answered ${JSON.stringify(answered)}`);
  return [
    {
      instancePath: '/data',
      expected: 'the text sent, as sent',
      actual: `${named.join('; ')}${found.length > NAMED_FIELDS ? `; and ${found.length - NAMED_FIELDS} more fields` : ''}`,
      occurrences: found.length,
    },
  ];
}
