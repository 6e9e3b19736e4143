import { describe, expect, it } from 'vitest';
import { statusText } from '../../src/checks/data/status-text.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf, samplePayload } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

type Json = Record<string, unknown>;
const context = { validator: createValidator() };

/** The purchase order list the clean server answers, each record's status and text replaced in turn. */
function listWith(pairs: readonly (readonly [number, string])[]) {
  const payload = samplePayload('purchase-order-list');
  const body = cleanBody('purchase-order-list', payload);
  const data = body.data as Json;
  const list = (data.list as Json[]).slice(0, pairs.length).map((record, index) => ({ ...record, status: pairs[index]![0], statusText: pairs[index]![1] }));
  expect(list).toHaveLength(pairs.length);
  return exchangeOf('purchase-order-list', { payload, body: { ...body, data: { ...data, list } } });
}

describe('status-text: a display text that follows its status (3)', () => {
  it('one text for three status values is one finding, at the text field of every record', () => {
    const findings = runCheck(
      statusText,
      listWith([
        [0, '待确认'],
        [1, '待确认'],
        [2, '待确认'],
        [3, '待确认'],
      ]),
      context,
    );
    expect(findings).toEqual([
      { instancePath: '/data/list/*/statusText', expected: 'a display text of each status', actual: 'statusText "待确认" for status 0, 1, 2, 3' },
    ]);
  });

  it('stays quiet where each value has its text, where two values share a wording, and on the clean server', () => {
    expect(
      runCheck(
        statusText,
        listWith([
          [0, '待确认'],
          [1, '已确认'],
          [2, '已完成'],
          [1, '已确认'],
        ]),
        context,
      ),
    ).toEqual([]);
    expect(
      runCheck(
        statusText,
        listWith([
          [1, '处理中'],
          [2, '处理中'],
          [3, '已完成'],
        ]),
        context,
      ),
    ).toEqual([]);
    for (const operationId of ['purchase-order-list', 'custom-demand-list']) expect(runCheck(statusText, exchangeOf(operationId), context)).toEqual([]);
  });
});
