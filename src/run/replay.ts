import { createClient } from '../client/client.js';
import type { RunConfig } from '../config/resolve.js';
import { replayCall } from '../engine/schedule/replay.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import { Redactor } from '../redaction/redactor.js';
import type { ReferenceServer } from '../reference/server.js';
import { failsRun } from '../report/report.js';
import { sharedValidator } from '../validation/validator.js';
import type { RunIo, RunOutcome } from './io.js';
import { probeTarget } from './probe.js';
import { baseSettings, secretsOfRunWith, startTarget, tokenFor } from './target.js';

/** Re-sends one call of an earlier run and prints what the checks find now. */
export async function replay(text: string, settings: RunSettings, io: RunIo): Promise<RunOutcome> {
  const client = createClient(settings);
  try {
    const result = await replayCall(text, settings, client, sharedValidator());
    io.log(`Replayed ${result.path} of ${result.operation} (seed ${settings.seed})`);
    io.log(`Repro: ${result.repro}`);
    for (const deviation of result.deviations) {
      io.log(`${deviation.severity.toUpperCase()} ${deviation.check}${deviation.instancePath ? ` ${deviation.instancePath}` : ''}`);
      io.log(
        deviation.message
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n'),
      );
    }
    io.log(result.deviations.length === 0 ? 'No deviation: the call now conforms.' : `${result.deviations.length} deviations.`);
    return { exitCode: failsRun(result.deviations, settings.failOn) ? 1 : 0 };
  } finally {
    await client.close();
  }
}

/** Where re-sent calls go: the target probed and its token obtained, or a fresh embedded server when the run had none. */
export interface ReplayTarget {
  readonly settings: RunSettings;
  readonly redactor: Redactor;
  /** The embedded server started for the replay, if any. */
  readonly server: ReferenceServer | undefined;
}

/** Runs `use` against the replay target, and stops the embedded server it may have started. */
export async function withReplayTarget<T>(config: RunConfig, use: (target: ReplayTarget) => Promise<T>): Promise<T> {
  const target = await startTarget(config);
  try {
    const base = baseSettings(config, target);
    await probeTarget(base.baseUrl, Math.min(base.timeoutMs, 5000), config.transport);
    const token = await tokenFor(config, base, target.server?.token);
    const secrets = secretsOfRunWith(token, base.secrets, config);
    return await use({ settings: { ...base, token, secrets }, redactor: new Redactor(secrets), server: target.server });
  } finally {
    await target.server?.close();
  }
}
