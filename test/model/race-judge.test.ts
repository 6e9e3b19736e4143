import { describe, expect, it } from 'vitest';
import { keepStep } from '../../src/checks/kept-exchange.js';
import type { Command } from '../../src/model/commands.js';
import { type HeldRecords, judgeRace, notAnEnvelope, type Sent } from '../../src/model/race-judge.js';
import type { RecordSet } from '../../src/model/record-set.js';
import { exchangeOf } from '../support/exchange.js';

/** A set of records whose edits set a note and a place, named by `id`, told by `name`. */
const set: RecordSet = {
  id: 'demand',
  group: 'custom-demand',
  create: { operation: 'custom-demand-create', body: {} },
  list: { operation: 'custom-demand-list', body: {} },
  detail: { operation: 'custom-demand-list', body: {} },
  edit: { operation: 'custom-demand-create', body: {} },
  delete: { operation: 'custom-demand-delete', body: {} },
  match: 'name',
  idField: 'id',
  predicted: { name: 'name', note: 'note', place: 'place' },
  text: ['note', 'place'],
  numbers: [],
};

const envelope = (data: object) => ({ data, status: 'success', code: '200', message: 'ok', error: {} });
const refusal = { data: {}, status: 'fail', code: '404', message: 'no such record', error: { reason: 'not found' } };

function sent(command: Exclude<Command, { readonly kind: 'list' }>, body: unknown, sets: Record<string, unknown> = {}): Sent {
  const exchange = exchangeOf('custom-demand-delete', { body });
  return { command, exchange, kept: keepStep(exchange), sets };
}

const before = (): HeldRecords =>
  new Map([
    ['a', { handle: 'a', marker: 'm-a', id: { value: 7, text: '7' }, values: { name: 'm-a', note: 'old', place: 'here' }, exists: true }],
    ['b', { handle: 'b', marker: 'm-b', id: { value: 8, text: '8' }, values: { name: 'm-b', note: 'other', place: 'there' }, exists: true }],
  ]);
const edit = (note: string, place: string) => sent({ kind: 'edit', handle: 'a', values: { note, place } }, envelope({}), { note, place });
const read = (handle: 'a' | 'b', record: object | undefined) => sent({ kind: 'read', handle }, record ? envelope(record) : refusal);
const remove = (outcome: 'success' | 'refused') => sent({ kind: 'delete', handle: 'a' }, outcome === 'success' ? envelope({}) : refusal);

describe('the judge of commands raced', () => {
  it('explains two edits and a read by the order that gives every answer, and leaves the state that order leaves', () => {
    const verdict = judgeRace(
      set,
      before(),
      [edit('one', 'x1'), edit('two', 'x2'), read('a', { id: 7, name: 'm-a', note: 'one', place: 'x1' })],
      [read('a', { id: 7, name: 'm-a', note: 'two', place: 'x2' })],
      undefined,
    );
    expect('explained' in verdict && verdict.explained.get('a')?.values).toEqual({ name: 'm-a', note: 'two', place: 'x2' });
  });

  it('finds no order for two edits that leave a record with the values of neither, and lists the orders tried', () => {
    const verdict = judgeRace(set, before(), [edit('one', 'x1'), edit('two', 'x2')], [read('a', { id: 7, name: 'm-a', note: 'two', place: 'x1' })], undefined);
    expect('furthest' in verdict && verdict.tried).toEqual([
      expect.stringMatching(/^order 1 2: read a answered place "x1"/),
      expect.stringMatching(/^order 2 1: read a answered note "two"/),
    ]);
  });

  it('finds no order for two deletes of one record both answered with success, where a delete of a deleted record is refused', () => {
    const verdict = judgeRace(
      set,
      before(),
      [remove('success'), remove('success'), read('b', { id: 8, name: 'm-b', note: 'other', place: 'there' })],
      [remove('refused')],
      'refused',
    );
    expect('furthest' in verdict && verdict.furthest.why).toMatch(/^delete a answered with success where the record was gone/);
  });

  it('explains them where this server answers a delete of a deleted record with success too', () => {
    const verdict = judgeRace(set, before(), [remove('success'), remove('success')], [remove('success'), read('a', undefined)], 'success');
    expect('explained' in verdict && verdict.explained.get('a')?.exists).toBe(false);
  });

  it('explains a read raced with a delete whether it came before or after it, and not a read of the record as it never was', () => {
    const shownBefore = { id: 7, name: 'm-a', note: 'old', place: 'here' };
    expect('explained' in judgeRace(set, before(), [remove('success'), read('a', shownBefore)], [], 'refused')).toBe(true);
    expect('explained' in judgeRace(set, before(), [remove('success'), read('a', undefined)], [], 'refused')).toBe(true);
    expect('furthest' in judgeRace(set, before(), [remove('success'), read('a', { ...shownBefore, note: 'new' })], [], 'refused')).toBe(true);
  });

  it('takes an envelope of 2.1 as one, and tells what came instead', () => {
    expect(notAnEnvelope(exchangeOf('custom-demand-delete', { body: refusal, status: 400 }))).toBeUndefined();
    expect(notAnEnvelope(exchangeOf('custom-demand-delete', { body: 'Deadlock found', status: 500 }))).toBe('HTTP 500 with a body that is not JSON');
    expect(notAnEnvelope(exchangeOf('custom-demand-delete', { body: { data: {}, code: 200 } }))).toBe(
      'an envelope with error absent, status absent, code 200, message absent',
    );
  });
});
