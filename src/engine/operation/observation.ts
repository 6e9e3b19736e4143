import { probeOf, servedRecords } from '../../checks/auth/probes.js';
import { succeeded } from '../../checks/call-record.js';
import type { CallRecord } from '../../checks/types.js';

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

export function describeProbe(call: CallRecord): Observation {
  const outcome: Observation['outcome'] =
    call.status === undefined ? 'no response' : servedRecords(call) ? 'served records' : succeeded(call) ? 'accepted' : 'refused';
  const code = call.envelope?.code;
  return {
    operation: call.operation.path,
    kind: 'auth-probe',
    probe: probeOf(call) ?? call.path,
    status: call.status,
    code: typeof code === 'string' ? code : undefined,
    outcome,
  };
}
