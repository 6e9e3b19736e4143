import fc from 'fast-check';
import { sampleOne } from '../generators/sample-one.js';
import type { RecordSet } from './record-set.js';

/** The two records a sequence makes: enough to see a write reach the record beside the one it names. */
export type Handle = 'a' | 'b';

/** What a create or an edit lays over its body's template: body field → generated value. */
export type Values = Readonly<Record<string, string | number>>;

/** One call the model makes and predicts the answer of. */
export type Command =
  | { readonly kind: 'create'; readonly handle: Handle; readonly values: Values }
  | { readonly kind: 'list' }
  | { readonly kind: 'read'; readonly handle: Handle }
  | { readonly kind: 'edit'; readonly handle: Handle; readonly values: Values }
  | { readonly kind: 'delete'; readonly handle: Handle };

/** Words every server stores as sent: ASCII and CJK, no edge of Unicode (the round trips test those). */
export const WORDS = ['amber', 'cobalt', 'meadow', 'quartz', 'harbor', '试剂', '样品', '溶剂', '纯度', '批次'];

const textValue = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
/** Quantities and prices any sandbox takes: whole, small, positive. */
const numberValue = fc.integer({ min: 1, max: 500 });

export const valuesOf = (set: RecordSet, fields: readonly string[]): fc.Arbitrary<Values> =>
  fc.record(Object.fromEntries(fields.map((field) => [field, set.numbers.includes(field) ? numberValue : textValue])));

/** The text fields an edit's template names: those it can change. */
export const editedFields = (set: RecordSet): string[] => set.text.filter((field) => set.edit !== undefined && field in set.edit.body);

/**
 * The commands after the skeleton, drawn from the seed: reads and edits of the record the skeleton
 * keeps, in any order. They come last, so that every rule's check in the skeleton is reached under
 * every seed, and add interleavings nobody wrote down.
 */
function extras(set: RecordSet): fc.Arbitrary<Command[]> {
  const kept: Handle = set.delete ? 'b' : 'a';
  const choices: fc.Arbitrary<Command>[] = [fc.constant<Command>({ kind: 'list' })];
  if (set.detail) choices.push(fc.constant<Command>({ kind: 'read', handle: kept }));
  if (set.edit) choices.push(valuesOf(set, editedFields(set)).map((values): Command => ({ kind: 'edit', handle: kept, values })));
  return fc.array(fc.oneof(...choices), { minLength: 0, maxLength: 3 });
}

/**
 * A sequence over a set's operations: a fixed skeleton that reaches every rule the set's operations
 * allow (create, list, read, read again; a second create; an edit and what shows it; a delete and
 * what shows it), with generated values, then generated extra commands. A set without a delete makes
 * two records, which stay, as the round trip's do: two, so that two records given one id show.
 */
export function sequenceFor(set: RecordSet, seed: number): Command[] {
  const created = valuesOf(set, [...set.text, ...set.numbers]);
  const edited = valuesOf(set, editedFields(set));
  const drawn = fc.tuple(created, created, edited, extras(set));
  const [first, second, edit, more] = sampleOne(drawn, seed);
  const read = (handle: Handle): Command[] => (set.detail ? [{ kind: 'read', handle }] : []);
  const list: Command = { kind: 'list' };
  if (!set.delete)
    return [
      { kind: 'create', handle: 'a', values: first },
      list,
      ...read('a'),
      list,
      { kind: 'create', handle: 'b', values: second },
      list,
      ...read('b'),
      ...more,
    ];
  return [
    { kind: 'create', handle: 'a', values: first },
    list,
    ...read('a'),
    list,
    { kind: 'create', handle: 'b', values: second },
    list,
    ...(set.edit ? [{ kind: 'edit', handle: 'a', values: edit } as const, ...read('a'), list] : []),
    { kind: 'delete', handle: 'a' },
    list,
    ...read('a'),
    ...more,
  ];
}

/** A command as evidence names it: "create a", "list", "edit b". */
export const commandName = (command: Command): string => (command.kind === 'list' ? 'list' : `${command.kind} ${command.handle}`);
