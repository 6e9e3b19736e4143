import fc from 'fast-check';
import { sampleOne } from '../generators/sample-one.js';
import type { RecordSet } from './record-set.js';

/**
 * The records a sequence makes: a, the one written; b, the one beside it; c and d, one create sent
 * twice (d as c); e, made once the newest records are deleted.
 */
export type Handle = 'a' | 'b' | 'c' | 'd' | 'e';

/** What a create or an edit lays over its body's template: body field → generated value. */
export type Values = Readonly<Record<string, string | number>>;

/** One call the model makes and predicts the answer of. */
export type Command =
  /** `as`: the create of that record sent again as it was, its marker included. */
  | { readonly kind: 'create'; readonly handle: Handle; readonly values: Values; readonly as?: Handle }
  /** `pageOf`: only the page at one record a page where the last list showed that record. */
  | { readonly kind: 'list'; readonly pageOf?: Handle }
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
 * allow, with generated values, then generated extra commands. Record a is read, listed, then has
 * three records made after it (b, and c sent twice as d, both to be listed), so that at one record a
 * page it sits on page 4, which its page is read at before and after its writes: a cache of later
 * pages kept past a write shows there. a is edited twice in a row; then a, c and d (the newest) are
 * deleted and e is made, so that an id given again shows on e. A set without a delete makes two
 * records, which stay, as the round trip's do: two, so that two records given one id show.
 */
export function sequenceFor(set: RecordSet, seed: number): Command[] {
  const created = valuesOf(set, [...set.text, ...set.numbers]);
  const edited = valuesOf(set, editedFields(set));
  const drawn = fc.tuple(created, created, edited, extras(set), created, created, edited);
  const [first, second, edit, more, twin, last, editAgain] = sampleOne(drawn, seed);
  const read = (handle: Handle): Command[] => (set.detail ? [{ kind: 'read', handle }] : []);
  const list: Command = { kind: 'list' };
  const page: Command = { kind: 'list', pageOf: 'a' };
  // a made, listed, read and listed again; then b made.
  const opening: Command[] = [{ kind: 'create', handle: 'a', values: first }, list, ...read('a'), list, { kind: 'create', handle: 'b', values: second }];
  if (!set.delete) return [...opening, list, ...read('b'), ...more];
  const edits: Command[] = set.edit ? [{ kind: 'edit', handle: 'a', values: edit }, { kind: 'edit', handle: 'a', values: editAgain }, ...read('a'), list] : [];
  return [
    ...opening,
    { kind: 'create', handle: 'c', values: twin },
    { kind: 'create', handle: 'd', values: twin, as: 'c' },
    list,
    page,
    ...edits,
    { kind: 'delete', handle: 'a' },
    { kind: 'delete', handle: 'c' },
    { kind: 'delete', handle: 'd' },
    { kind: 'create', handle: 'e', values: last },
    list,
    page,
    ...read('a'),
    ...more,
  ];
}

/** A command as evidence names it: "create a", "create d as c", "list", "page a", "edit b". */
export function commandName(command: Command): string {
  if (command.kind === 'list') return command.pageOf ? `page ${command.pageOf}` : 'list';
  return command.kind === 'create' && command.as ? `create ${command.handle} as ${command.as}` : `${command.kind} ${command.handle}`;
}
