import { describe, expect, it } from 'vitest';
import { modelAgainst } from './model-run.js';

describe('what the model leaves on the server', () => {
  it('the records of the sets without a delete, listed as left with their ids; nothing of the sets with one', async () => {
    const { flows } = await modelAgainst({}, 3);
    const left = Object.fromEntries(
      flows.map((flow) => [flow.flowId, (flow.leftOnServer ?? []).map(({ kind, operation, reason }) => ({ kind, operation, reason }))]),
    );
    expect(left['model-alpha-order']).toEqual([
      { kind: 'order', operation: 'alpha-order-create', reason: 'no delete documented' },
      { kind: 'order', operation: 'alpha-order-create', reason: 'no delete documented' },
    ]);
    // Each beta order answered, by the soNo its create's answer gave: three one after another, two at once.
    expect(left['model-beta-order']?.map((record) => record.kind)).toEqual(['order', 'order', 'order', 'order', 'order']);
    expect(flows.find((flow) => flow.flowId === 'model-beta-order')?.leftOnServer?.every((record) => record.id?.startsWith('SO'))).toBe(true);
    expect(left['model-purchase-order']?.map((record) => record.kind)).toEqual(['purchase order', 'purchase order']);
    // An order is named by its soNo where the list showed it.
    expect(flows.find((flow) => flow.flowId === 'model-alpha-order')?.leftOnServer?.every((record) => record.id?.startsWith('SO'))).toBe(true);
    for (const flowId of ['model-custom-demand', 'model-bank-card', 'model-consignee', 'model-invoice-profile', 'model-consignment', 'model-member-profile'])
      expect(left[flowId], flowId).toEqual([]);
  });
});
