import type { LatencyFigures, SlowRequest } from '../../src/engine/operation/latency.js';
import type { GatedDeviation } from '../../src/gate/gate.js';
import { checkInfos, type OperationSummary, type Report, slowestRequests } from '../../src/report/report.js';

/** Markup a hostile server could put anywhere in its answer; the HTML report must show it as text. */
export const hostileScript = '<script>window.__pwned = 1</script>';
export const hostileImage = '"><img src=x onerror="window.__pwned=2">';

const base = 'http://127.0.0.1:8080';
const requestHeaders = { 'content-type': 'application/json', authorization: 'bearer[REDACTED]' };
const jsonHeaders = { 'content-type': 'application/json' };

function deviation(
  fields: Partial<GatedDeviation> & Pick<GatedDeviation, 'severity' | 'operation' | 'operationId' | 'group' | 'check' | 'rule'>,
): GatedDeviation {
  const expected = fields.expected ?? 'integer';
  const actual = fields.actual ?? 'string "12"';
  const title = checkInfos.find((check) => check.id === fields.check)?.title ?? fields.check;
  return {
    message: `${title}\nReceived: ${actual}\nDocumented: ${expected} (${fields.rule})`,
    instancePath: '',
    expected,
    actual,
    intent: 'conforming',
    request: { method: 'POST', url: `${base}/${fields.operation}`, headers: requestHeaders, body: '{"pageSize":12,"pageNo":2}' },
    response: { status: 200, headers: jsonHeaders, body: '{"code":"200","data":{"total":"12","list":[]}}', bodyTruncated: false },
    seed: 42,
    path: 'conforming:3',
    replay: `--seed 42 --replay ${fields.operationId}:conforming:3`,
    repro: `curl -sS -X POST '${base}/${fields.operation}' -H 'content-type: application/json' -H "authorization: bearer\${OTP_TOKEN}" --data-raw '{"pageSize":12,"pageNo":2}'`,
    occurrences: 1,
    baseline: 'still-present',
    ...fields,
  };
}

const demandList = { operation: '/pc/custom_demand/list', operationId: 'custom-demand-list', group: 'custom-demand' } as const;
const alphaOrders = { operation: '/openapi/alpha/orders/getAlphaOrders', operationId: 'alpha-orders-list', group: 'alpha-orders' } as const;
const betaProducts = { operation: '/openapi/beta/products/getProductsByBrandId', operationId: 'beta-products-by-brand', group: 'beta-products' } as const;

/** The hostile call: the server echoed the markup of the request into its answer. */
const hostileDeviation = deviation({
  ...demandList,
  severity: 'warning',
  check: 'markup-echo',
  rule: '2.1',
  intent: 'hostile',
  input: `injection: demandName: ${hostileScript}`,
  instancePath: '/error/message',
  expected: 'hints as text, markup escaped',
  actual: `markup echoed: ${hostileScript}${hostileImage}`,
  message: `Markup of the request echoed unescaped ${hostileImage}\nReceived: markup echoed: ${hostileScript}\nDocumented: hints as text, markup escaped (2.1)`,
  request: {
    method: 'POST',
    url: `${base}//pc/custom_demand/list?q=${hostileImage}`,
    headers: { ...requestHeaders, 'x-probe': hostileImage },
    body: JSON.stringify({ demandName: hostileScript }),
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-echo': `${hostileScript}${hostileImage}` },
    body: JSON.stringify({ code: '400', error: { message: `bad demandName ${hostileScript} ${hostileImage}` } }),
    bodyTruncated: true,
  },
  path: 'hostile:7:0:1',
  replay: '--seed 42 --replay custom-demand-list:hostile:7:0:1',
  repro: `curl -sS -X POST '${base}//pc/custom_demand/list' --data-raw '{"demandName":"<script>window.__pwned = 1</script>"}'`,
});

/** Seven deviations over three operations and a flow: 2 errors, 4 warnings (1 waived), 1 info. */
export const sampleDeviations: readonly GatedDeviation[] = [
  deviation({ ...demandList, severity: 'error', check: 'data-schema', rule: '2.2–2.9, 4', instancePath: '/data/total' }),
  deviation({
    ...alphaOrders,
    severity: 'error',
    check: 'data-schema',
    rule: '2.2–2.9, 4',
    instancePath: '/data/list/0/soCtime',
    actual: 'string "2026-11-22 10:00:00"',
    baseline: 'new',
    occurrences: 12,
    response: {
      status: 200,
      headers: jsonHeaders,
      body: '{"code":"200","data":{"total":1,"list":[{"soCtime":"2026-11-22 10:00:00","big":9007199254740993}]}}',
      bodyTruncated: false,
    },
  }),
  deviation({
    ...demandList,
    severity: 'warning',
    check: 'json-content-type',
    rule: '1',
    expected: 'application/json',
    actual: 'text/plain',
    waived: { reason: 'vendor ticket OTP-12, fixed in 2.4', expires: '2026-12-31' },
  }),
  hostileDeviation,
  deviation({
    ...alphaOrders,
    severity: 'warning',
    check: 'sample-types',
    rule: '2.3',
    instancePath: '/data/list/0/soCaMobile',
    actual: 'string "13800138000"',
  }),
  deviation({
    ...demandList,
    severity: 'warning',
    check: 'flow-demand-lifecycle',
    rule: '1',
    intent: 'flow',
    expected: 'the created demand listed',
    actual: 'not listed',
    path: 'flow:flow-demand-lifecycle:2',
  }),
  deviation({
    ...betaProducts,
    severity: 'info',
    check: 'operation-verified',
    rule: '4',
    expected: 'at least one call answered with data',
    actual: 'every call answered with an error result',
    response: undefined,
    replay: undefined,
  }),
];

const tally = (evaluated: number, passed: number, skipped = 0) => ({ evaluated, passed, skipped });
const common = {
  'response-received': tally(55, 55),
  'http-status': tally(55, 55),
  'json-body': tally(55, 55),
  envelope: tally(55, 55),
  'stack-trace-leak': tally(30, 30),
  'markup-echo': tally(30, 30),
};

/** Answer times of a server some 40 ms away whose slowest answer took `maxMs`. */
const latency = (maxMs: number): LatencyFigures => ({ requests: 55, meanMs: 48.2, p50Ms: 41.5, p95Ms: 97.3, maxMs });

/** The run's slowest calls: two per operation, the slowest of each having sent hostile markup. */
const slowCalls: SlowRequest[] = [demandList, alphaOrders, betaProducts].flatMap((op, index) => {
  const repro = (path: string) =>
    `curl -sS -X POST '${base}/${op.operation}?q=${hostileImage}' -H "authorization: bearer\${OTP_TOKEN}" --data-raw '{"n":"${path}"}'`;
  const slowestMs = index === 2 ? 1500 : 1600;
  return [
    { operation: op.operation, operationId: op.operationId, path: 'hostile:7', durationMs: slowestMs, outcome: 'HTTP 200', repro: repro('hostile:7') },
    { operation: op.operation, operationId: op.operationId, path: 'coverage:3', durationMs: 120.4, outcome: 'timeout', repro: repro('coverage:3') },
  ];
});

function summary(
  op: { operation: string; operationId: string; group: string },
  byCheck: OperationSummary['byCheck'],
  counts: [number, number, number],
): OperationSummary {
  const tallies = Object.values(byCheck);
  const sum = (pick: (t: (typeof tallies)[number]) => number) => tallies.reduce((total, t) => total + pick(t), 0);
  return {
    id: op.operationId,
    operation: op.operation,
    group: op.group,
    requests: 55,
    checks: sum((t) => t.evaluated),
    passed: sum((t) => t.passed),
    skipped: sum((t) => t.skipped),
    byCheck,
    errors: counts[0],
    warnings: counts[1],
    infos: counts[2],
    status: 'verified',
    latency: latency(1500 + counts[0] * 100),
  };
}

const operationSummaries: OperationSummary[] = [
  summary(
    demandList,
    {
      ...common,
      'json-content-type': tally(55, 0),
      'data-schema': tally(25, 24),
      'page-number-echo': tally(25, 25),
      'markup-echo': tally(30, 29),
      'operation-verified': tally(1, 1),
    },
    [1, 2, 0],
  ),
  summary(
    alphaOrders,
    {
      ...common,
      'json-content-type': tally(55, 55),
      'data-schema': tally(25, 13),
      'sample-types': tally(25, 20),
      'page-number-echo': tally(25, 25),
      'page-size-bound': tally(25, 25),
      'operation-verified': tally(1, 1),
    },
    [1, 1, 0],
  ),
  summary(betaProducts, { ...common, 'json-content-type': tally(55, 55), 'data-schema': tally(0, 0, 25), 'operation-verified': tally(1, 0) }, [0, 0, 1]),
];

/** A failing run against a server with a few problems, one of them echoing hostile markup. */
export function sampleReport(): Report {
  const sum = (pick: (s: OperationSummary) => number) => operationSummaries.reduce((total, s) => total + pick(s), 0);
  return {
    tool: 'otp-conformance',
    version: '0.1.0',
    target: { baseUrl: base, embedded: false, authScheme: 'bearer-no-space' },
    startedAt: '2026-11-22T02:50:00.000Z',
    durationMs: 2193,
    seed: 42,
    runs: 25,
    failOn: 'error',
    status: 'fail',
    verdict: 'fail',
    gate: {
      failOn: 'error',
      failOnNew: false,
      baseline: {
        file: 'reports/baseline.json',
        new: 1,
        stillPresent: 6,
        fixed: [{ severity: 'error', operation: '/pc/purchase_order/list', check: 'envelope', instancePath: '/code' }],
      },
      waivers: {
        file: 'waivers.json',
        applied: 1,
        expired: [{ check: 'stack-trace-leak', operation: '/pc/customer/bankCardList', reason: 'vendor fix scheduled', expires: '2026-10-01' }],
      },
      failures: [
        '2 deviations at or above error, not waived',
        'waiver for stack-trace-leak at /pc/customer/bankCardList expired on 2026-10-01 (vendor fix scheduled): renew it with a new date or fix the deviation',
      ],
    },
    checks: checkInfos,
    summary: {
      operations: operationSummaries.length,
      requests: sum((s) => s.requests) + 4,
      checks: sum((s) => s.checks),
      passed: sum((s) => s.passed),
      skipped: sum((s) => s.skipped),
      errors: 2,
      warnings: 4,
      infos: 1,
    },
    operations: operationSummaries,
    coverage: [
      { id: 'custom-demand-list', operation: '/pc/custom_demand/list', group: 'custom-demand', status: 'tested' },
      {
        id: 'custom-demand-create',
        operation: '/pc/custom_demand/create',
        group: 'custom-demand',
        status: 'skipped',
        reason: 'read-only: the operation changes state',
      },
      { id: 'alpha-orders-list', operation: '/openapi/alpha/orders/getAlphaOrders', group: 'alpha-orders', status: 'tested' },
      { id: 'beta-products-by-brand', operation: '/openapi/beta/products/getProductsByBrandId', group: 'beta-products', status: 'tested' },
    ],
    flows: [
      {
        flowId: 'flow-demand-lifecycle',
        group: 'custom-demand',
        title: 'A created custom demand is listed until it is deleted',
        operations: ['/pc/custom_demand/create', '/pc/custom_demand/list', '/pc/custom_demand/delDemand', '/pc/custom_demand/list'],
        exchanges: 4,
        completed: true,
        durationMs: 12,
        errors: 0,
        warnings: 1,
        infos: 0,
      },
    ],
    observations: [
      { operation: '/pc/custom_demand/list', kind: 'auth-probe', probe: 'no-header', status: 200, code: '401', outcome: 'refused' },
      { operation: '/openapi/alpha/orders/getAlphaOrders', kind: 'auth-probe', probe: 'wrong-token', status: 200, code: '200', outcome: 'served records' },
    ],
    deviations: sampleDeviations,
    slowestRequests: slowestRequests(slowCalls),
  };
}
