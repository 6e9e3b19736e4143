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

/**
 * The fields of `answered` named as fields of `sent` that hold the text sent written otherwise: a
 * string other than the one sent that `readBack` turns into it (the escapes a writer put in, read
 * back); into objects and, element by element, arrays (the lines of an order).
 */
function rewrittenFields(sent: unknown, answered: unknown, readBack: (text: string) => string, name: string): Rewritten[] {
  if (typeof sent === 'string') return typeof answered === 'string' && answered !== sent && readBack(answered) === sent ? [{ name, sent, answered }] : [];
  if (Array.isArray(sent)) {
    if (!Array.isArray(answered)) return [];
    return sent.flatMap((element, index) => rewrittenFields(element, answered[index], readBack, `${name}[${index}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(answered)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    Object.hasOwn(answered, key) ? rewrittenFields(value, answered[key], readBack, name === '' ? key : `${name}.${key}`) : [],
  );
}

/**
 * One finding for an answer whose record (`data`) holds text the request sent written otherwise,
 * naming up to NAMED_FIELDS fields, or none. It stands at the record whatever the fields: a server
 * treats every request string alike, so fields are not causes of their own.
 */
export function textNotAsSent(sent: unknown, data: unknown, readBack: (text: string) => string): Finding[] {
  const found = rewrittenFields(sent, data, readBack, '');
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
