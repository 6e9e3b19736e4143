import { afterAll, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { faults } from '../../src/reference/faults/catalogue.js';
import { deviationsAgainst, line } from '../support/run-all.js';

const escaped: string[] = [];
let requests = 0;
const started = performance.now();

describe('mutation testing: every injected fault is reported at its operation with its severity', () => {
  it('has at least 30 distinct faults', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(30);
  });

  it('the clean reference server shows no deviation at all', async () => {
    const { deviations, requests: sent } = await deviationsAgainst({});
    requests += sent;
    expect(deviations.map(line)).toEqual([]);
  });

  for (const fault of faults) {
    const operation = findOperation(fault.operationId)!;
    it(`${fault.name}: ${fault.description} → ${fault.expect.severity} ${fault.expect.check} at ${operation.path}`, async () => {
      const { deviations, requests: sent } = await deviationsAgainst({ fault }, [fault.operationId]);
      requests += sent;
      const caught = deviations.some(
        (d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path,
      );
      if (!caught) escaped.push(fault.name);
      expect(deviations.map((d) => `${d.severity} ${d.check} at ${d.operation}`)).toContain(
        `${fault.expect.severity} ${fault.expect.check} at ${operation.path}`,
      );
    });
  }

  afterAll(() => {
    const detected = faults.length - escaped.length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `mutation score: ${detected}/${faults.length} faults detected in ${seconds} s, ${requests} requests` +
        (escaped.length ? `; escaped: ${escaped.join(', ')}` : ''),
    );
  });
});
