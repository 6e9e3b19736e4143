import { describe, expect, it } from 'vitest';
import { httpStatus } from '../../src/checks/transport/http-status.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { exchangeOf } from '../support/exchange.js';
import { reportAgainst } from '../support/report.js';
import { runCheck } from '../support/run-check.js';

describe('a deviation carries the values its check compared, as params', () => {
  it('report.json: a schema issue of the data carries Ajv params, on the deviation and on each sample', async () => {
    const report = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'));
    const written = JSON.parse(JSON.stringify(report, null, 2)) as { deviations: Array<Record<string, unknown>> };
    const deviation = written.deviations.find((candidate) => candidate.check === 'data-schema');
    expect(deviation?.params).toEqual({ type: 'integer' });
    for (const sample of (deviation?.samples ?? []) as Array<Record<string, unknown>>) expect(sample.params).toEqual({ type: 'integer' });
  });

  it('http-status names the status received and the one documented', () => {
    const [finding] = runCheck(httpStatus, exchangeOf('custom-demand-list', { status: 503 }));
    expect(finding?.params).toEqual({ status: 503, documentedStatus: 200 });
  });
});
