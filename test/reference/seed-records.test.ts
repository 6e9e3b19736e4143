import { describe, expect, it } from 'vitest';
import type { RecordSchema } from '../../src/catalogue/operations.js';
import { seedState } from '../../src/reference/seed.js';
import { recordSchemaId, sharedValidator } from '../../src/validation/validator.js';

/** The reference server's seed records must themselves conform: every record of section 2 it holds, against schemas/records/. */
describe('the reference seed records conform to schemas/', () => {
  const state = seedState(() => 0);
  const collections: ReadonlyArray<readonly [string, RecordSchema, readonly unknown[]]> = [
    ['customDemands', 'custom-demand', state.customDemands],
    ['purchaseOrders', 'purchase-order', state.purchaseOrders.map((entry) => entry.record)],
    ['consignments', 'purchase-order', state.consignments],
    ['bankCards', 'bank-card', state.bankCards.map((entry) => entry.record)],
    ['consignees', 'consignee', state.consignees],
    ['alphaOrders', 'order', state.alphaOrders.map((stored) => stored.order)],
    ['betaOrders', 'order', state.betaOrders.map((stored) => stored.order)],
    ['order lines', 'order-line', [...state.alphaOrders, ...state.betaOrders].flatMap((stored) => stored.lines)],
    ['betaProducts', 'beta-product', [...state.betaProducts.values()].flat()],
  ];

  it.each(collections)('%s (%s)', (_, schema, records) => {
    expect(records.length).toBeGreaterThan(0);
    const issues = records.flatMap((record, index) =>
      sharedValidator()
        .validate(recordSchemaId(schema), record)
        .map((issue) => ({ index, ...issue })),
    );
    expect(issues).toEqual([]);
  });
});
