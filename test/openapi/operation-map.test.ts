import { describe, expect, it } from 'vitest';
import { findListedOperation, listedOperations, operationsWithoutToken } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { TOOL_VERSION } from '../../src/version.js';
import { kitErrorOf } from '../support/kit-error.js';
import { specWirePath } from './spec-tables.js';
import { operationsOf, referenceMap, schemaDocuments, withReferenceMap } from './support.js';

const entries = Object.entries(referenceMap.operations);

describe("with the reference server's operation map, the operations of 4.1 stand at the map's paths", () => {
  it('each mapped operation once, at its path (a doubled slash before /pc and /auth) and its method, marked x-otp-listed', () => {
    const listed = operationsOf(withReferenceMap).filter((entry) => entry.operation['x-otp-listed']);
    expect(listed).toHaveLength(entries.length);
    for (const [id, entry] of entries) {
      const method = (entry.method ?? findListedOperation(id)!.method)!.toLowerCase();
      const found = listed.filter((candidate) => candidate.operation.operationId === id);
      expect(found.map(({ path, method: at }) => `${at} ${path}`)).toEqual([`${method} ${specWirePath(entry.path)}`]);
      expect(found[0]!.operation['x-otp-spec']).toEqual({ section: '4.1' });
    }
  });

  it('the reference map places every operation of 4.1, so all thirty-one are there beside the sixteen of section 4', () => {
    expect(sorted(entries.map(([id]) => id))).toEqual(sorted(listedOperations.map((op) => op.id)));
    expect(operationsOf(withReferenceMap)).toHaveLength(operations.length + listedOperations.length);
  });

  it('the operations called before there is a token take none (security: []); every other one takes the header', () => {
    const tokenless = operationsOf(withReferenceMap).filter((entry) => entry.operation.security !== undefined);
    expect(sorted(tokenless.map((entry) => entry.operation.operationId))).toEqual(sorted([...operationsWithoutToken]));
    expect(tokenless.map((entry) => entry.operation.security)).toEqual(tokenless.map(() => []));
  });

  it('a GET operation has no request body; a POST one the JSON type of the body its map entry sends', () => {
    for (const { method, operation } of operationsOf(withReferenceMap).filter((entry) => entry.operation['x-otp-listed'])) {
      if (method === 'get') expect(operation.requestBody).toBeUndefined();
      else expect(operation.requestBody?.content['application/json']?.schema).toEqual({ type: 'object' });
    }
  });

  it('says how many of 4.1 the map places', () => {
    expect((withReferenceMap.info as { description: string }).description).toContain(`${entries.length} of the ${listedOperations.length} operations`);
  });

  it('refuses a map that puts an operation where another already is, naming both', () => {
    const clash = { operations: { 'alpha-product-list': { path: '/openapi/alpha/orders/getAlphaOrders' } }, flows: [] };
    const error = kitErrorOf(() => openApiDocument({ schemas: schemaDocuments, version: TOOL_VERSION, operationMap: clash }));
    expect(error).toMatchObject({ code: 'OTP_BAD_OPERATION_MAP', message: expect.stringMatching(/"alpha-product-list" .*"alpha-orders-list"/) });
  });
});

function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}
