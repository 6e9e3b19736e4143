import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The kit's bin, as a user runs it. */
export const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));

/** A user's shell: none of the caller's OTP_* variables, and no CI job summary. */
export const userEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY'),
);

export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The CLI in a child process, never in this one (whose server it may be pointed at), with its exit
 * code whatever it is: a user's shell unless `env` says otherwise.
 */
export async function runCli(
  args: readonly string[],
  { cwd, env = userEnv, timeout = 60_000 }: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv; readonly timeout?: number } = {},
): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { ...(cwd ? { cwd } : {}), env, timeout });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
