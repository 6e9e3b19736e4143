import { randomBytes } from 'node:crypto';
import { KitError } from '../errors.js';
import { demoFaults, findDemoFault } from '../reference/faults/demo.js';
import { startReferenceServer } from '../reference/server.js';
import type { Latency } from '../reference/latency.js';
import { findVariant, variants } from '../reference/variants.js';

export type { Latency };

export interface ReferenceOptions {
  /** The token it accepts as `authorization: bearer<TOKEN>`; random when absent (read it back from the server). */
  readonly token?: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** 127.0.0.1 unless told otherwise. */
  readonly host?: string;
  /** A deliberate fault, by name (see faultNames), so a test can see the kit catch it. */
  readonly fault?: string;
  /** Other choices where the spec leaves the answer open, by name (see variantNames). */
  readonly variant?: string;
  /** Delay added to its answers, as a distant, uneven server's: `{ addedMs: 50 }`, `{ addedMs: { min: 0, max: 60 }, slow: { every: 50, ms: 1500 } }`. */
  readonly latency?: Latency;
}

export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:43121 */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

/** The faults the reference server can answer with, one of each kind a user meets first, as `serve --inject list` shows them. */
export const faultNames: readonly string[] = demoFaults.map((fault) => fault.name);
/** The variants it can take, as `serve --variant list` shows them. */
export const variantNames: readonly string[] = variants.map((variant) => variant.name);

/** Starts the kit's reference server of the whole API (as `otp-conformance serve` does); close it when done. */
export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const fault = options.fault === undefined ? undefined : findDemoFault(options.fault);
  if (options.fault !== undefined && !fault) throw new KitError('OTP_BAD_OPTION', `No fault "${options.fault}"; one of: ${faultNames.join(', ')}.`);
  const variant = options.variant === undefined ? undefined : findVariant(options.variant);
  if (options.variant !== undefined && !variant) throw new KitError('OTP_BAD_OPTION', `No variant "${options.variant}"; one of: ${variantNames.join(', ')}.`);
  const server = await startReferenceServer({
    token: options.token ?? randomBytes(16).toString('hex'),
    port: options.port ?? 0,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(fault ? { fault } : {}),
    ...(variant ? { variant } : {}),
    ...(options.latency ? { latency: options.latency } : {}),
  });
  return { url: server.url, token: server.token, close: () => server.close() };
}
