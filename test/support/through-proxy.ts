import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { mappedOperation } from '../../src/catalogue/operation-map.js';
import { type Operation, operations } from '../../src/catalogue/operations.js';
import type { Deviation } from '../../src/engine/judging/deviation.js';
import { Redactor } from '../../src/redaction/redactor.js';
import type { Fault } from '../../src/reference/faults/fault.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { startReferenceServer } from '../../src/reference/server.js';
import type { ObservedExchange } from '../../src/traffic/observed.js';
import { startTrafficProxy } from '../../src/traffic/proxy-server.js';
import { TrafficJudge } from '../../src/traffic/traffic-judge.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { createValidator } from '../../src/validation/validator.js';
import { ANSWER_GUARD_MS } from '../mutation-set/run-against.js';
import { tradingSession } from './traffic-client.js';

const validator = createValidator();
const referenceMap = readOperationMap(referenceOperationMapFile);
/** The operations of 4.1 at the reference server's paths, as `--operation-map` with its map gives them. */
export const referenceMapped: readonly Operation[] = Object.entries(referenceMap.operations).map(([id, entry]) =>
  mappedOperation(findListedOperation(id)!, entry, entry.body),
);

/** A judge of traffic as the proxy and check commands make one, over the documented operations and the reference map's. */
export function trafficJudge(redactor = new Redactor()): TrafficJudge {
  return new TrafficJudge({ operations: [...operations, ...referenceMapped], validator, redactor, tokenPointer: referenceMap.operations['token-get']!.token! });
}

/** `check id at operation id` of each deviation, sorted and each once: what two judgements of one traffic must agree on. */
export const causesOf = (deviations: readonly Deviation[]): string[] => [...new Set(deviations.map((d) => `${d.check} at ${d.operationId}`))].sort();

/**
 * The trading session driven through the proxy in front of the reference server (with `fault`, if
 * given), judged as it passes: the exchanges seen, in the order they ended, and the judge.
 */
export async function sessionThroughProxy(fault?: Fault): Promise<{ judge: TrafficJudge; exchanges: ObservedExchange[] }> {
  const server = await startReferenceServer({ token: 'traffic-token-6d1f0b', ...(fault ? { fault } : {}) });
  const judge = trafficJudge();
  const exchanges: ObservedExchange[] = [];
  const proxy = await startTrafficProxy({
    target: server.url,
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: 5 * 1024 * 1024,
    // The reference server answers every request: the proxy's wait is only a guard against a hang.
    timeoutMs: ANSWER_GUARD_MS,
    onExchange: (exchange) => {
      exchanges.push(exchange);
      judge.add(exchange);
    },
  });
  try {
    await tradingSession(proxy.url, server.credentials);
  } finally {
    await proxy.stop(1000);
    await server.close();
  }
  return { judge, exchanges };
}
