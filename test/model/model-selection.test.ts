import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { skippedFlowsOf } from '../../src/run/part-flows.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { modelFlowsToRun, modelRules, statefulRunsOf } from '../../src/model/index.js';
import { selfCheckOperations } from '../mutation-set/run-against.js';
import { modelFaults } from '../mutation-set/faults/records/model.js';
import { modelAgainst } from './model-run.js';

const mappedFlows = readOperationMap(referenceOperationMapFile).flows;
const selection = { stateful: true, operations: selfCheckOperations.map((op) => op.id), mappedFlows, seed: 1 };

describe("the model's flows are switched as flows are", () => {
  it('one per set of records, in the group of its create, after the group’s flows', () => {
    expect(modelFlowsToRun('member-account', selection).map((flow) => flow.id)).toEqual(['model-invoice-profile', 'model-bank-card', 'model-consignee']);
    expect(statefulRunsOf('custom-demand', selection).map((flow) => flow.id)).toEqual(['flow-demand-lifecycle', 'model-custom-demand']);
  });

  it('none with the flows off (--no-stateful, and --read-only, which resolves to it), nor where a set’s operation is not called', () => {
    expect(modelFlowsToRun('custom-demand', { ...selection, stateful: false })).toEqual([]);
    expect(modelFlowsToRun('custom-demand', { ...selection, operations: ['custom-demand-list', 'custom-demand-create'] })).toEqual([]);
  });

  it('none where --checks or --exclude-checks leave out every rule of the model', () => {
    expect(modelFlowsToRun('custom-demand', { ...selection, excludedChecks: modelRules.map((rule) => rule.id) })).toEqual([]);
  });

  it('left out so, each is listed among the skipped flows as left out', () => {
    const args = ['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN-for-tests', '--exclude-checks', modelRules.map((rule) => rule.id).join(',')];
    const config = resolveRunConfig(args, {}, mkdtempSync(join(tmpdir(), 'otp-model-')));
    const skipped = skippedFlowsOf(config, [], { kind: 'finished' }).find((flow) => flow.flowId === 'model-custom-demand');
    expect(skipped?.reason).toBe('left out by --exclude-checks');
  });

  it('a rule left out reports nothing, and the model goes on to the others', async () => {
    const fault = modelFaults.find((candidate) => candidate.name === 'invoice-profile-delete-deletes-nothing');
    expect(fault).toBeDefined();
    if (!fault) return;
    const { deviations } = await modelAgainst({ fault }, 1, ['model-deleted-gone']);
    expect(deviations.filter((deviation) => deviation.check === 'model-deleted-gone')).toEqual([]);
  });
});
