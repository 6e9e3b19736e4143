import { describe, expect, it } from 'vitest';
import { leftOnServerLine } from '../../src/report/console.js';

/** The console says in one line what the run left on the server; report.json's leftOnServer holds the records. */
describe('what the run left on the server', () => {
  it('counted by kind and reason, in the order they were left', () => {
    const line = leftOnServerLine([
      { kind: 'order', operation: 'alpha-order-create', id: 'SO202611220001', reason: 'no delete documented' },
      { kind: 'order', operation: 'beta-order-create', id: 'SO202611220002', reason: 'no delete documented' },
      { kind: 'order', operation: 'beta-order-create', id: 'SO202611220003', reason: 'no delete documented' },
      { kind: 'custom demand', operation: 'custom-demand-create', reason: 'not found on page 1 of custom-demand-list' },
    ]);
    expect(line).toBe(
      'Left on the server: 3 orders (no delete documented), 1 custom demand (not found on page 1 of custom-demand-list); see leftOnServer in report.json',
    );
  });
});
