import { jsonBody } from '../checks/preconditions.js';
import { probeOf, servedRecords, succeeded } from '../checks/auth/probes.js';
import type { Exchange } from '../checks/types.js';

/**
 * What the server did where the spec does not say what it must do. Recorded in the report, not
 * counted as a deviation: "Behaviour on a missing or invalid token: not shown" (5).
 */
export interface Observation {
  readonly operation: string;
  readonly kind: 'auth-probe';
  readonly probe: string;
  readonly status: number | undefined;
  /** The envelope's code, where one came. */
  readonly code: string | undefined;
  readonly outcome: 'refused' | 'accepted' | 'served records' | 'no response';
}

export function describeProbe(exchange: Exchange): Observation {
  const body = jsonBody(exchange) as { code?: unknown } | undefined;
  const outcome: Observation['outcome'] = !exchange.response
    ? 'no response'
    : servedRecords(exchange)
      ? 'served records'
      : succeeded(exchange)
        ? 'accepted'
        : 'refused';
  return {
    operation: exchange.operation.path,
    kind: 'auth-probe',
    probe: probeOf(exchange) ?? exchange.path,
    status: exchange.response?.status,
    code: body && typeof body.code === 'string' ? body.code : undefined,
    outcome,
  };
}
