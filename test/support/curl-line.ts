import { execFileSync } from 'node:child_process';

export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/**
 * The request a repro line makes curl send, without curl (a machine with only Node may not have it):
 * the line is run by the shell with `curl` standing for a function that prints its arguments, so its
 * quoting and `$OTP_TOKEN` expand as they would for a user; the arguments are then read as curl reads
 * the options the kit writes, and any other option is refused.
 */
export function curlRequestOf(line: string, env: NodeJS.ProcessEnv): CurlRequest {
  if (!line.startsWith('curl ')) throw new Error(`Not a curl line: ${line}`);
  const printArguments = `curl() { "$NODE" -e 'process.stdout.write(JSON.stringify(process.argv.slice(1)))' -- "$@"; }`;
  const output = execFileSync('sh', ['-c', `${printArguments}\n${line}`], { env: { ...env, NODE: process.execPath }, encoding: 'utf8' });
  const args = JSON.parse(output) as string[];
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = () => {
      const next = args[++index];
      if (next === undefined) throw new Error(`${arg} without a value in: ${line}`);
      return next;
    };
    // fetch decodes a compressed answer by itself, as curl does with --compressed.
    if (arg === '-sS' || arg === '--compressed') continue;
    if (arg === '-X') method = value();
    else if (arg === '-H') {
      const header = value();
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).toLowerCase()] = header.slice(colon + 1).trimStart();
    } else if (arg === '--data-raw') body = value();
    else if (arg.startsWith('-') || url !== undefined) throw new Error(`Unexpected curl argument ${arg} in: ${line}`);
    else url = arg;
  }
  if (url === undefined) throw new Error(`No URL in: ${line}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}
