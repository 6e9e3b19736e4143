import { resolve } from 'node:path';
import { mappedOperation, type OperationMap } from '../catalogue/operation-map.js';
import type { Operation } from '../catalogue/operations.js';
import { displayUrl, parseBaseUrl } from '../client/target.js';
import { KitError } from '../errors.js';
import { TOOL_NAME } from '../version.js';
import { readOperationMap } from '../validation/operation-map-file.js';
import { type CommandSpec, parseCommandLine } from './command-line.js';
import { placedOperations } from './mapped.js';
import { checkReportDir } from './report-dir.js';
import { duration, wholeNumber } from './resolve.js';
import { DEFAULT_PROXY_PORT } from './traffic-options.js';

/** What `proxy` and `check` share: where the reports go, the operations of 4.1 the traffic may call, and how strict the verdict is. */
interface TrafficConfig {
  readonly reportDir: string;
  /** The operations of 4.1 the operation map places, at its paths (its templates unfilled: traffic brings its own bodies). */
  readonly mapped: readonly Operation[];
  /** Where the token operation's answer holds the token (the map's `token` pointer): that token is a secret too. */
  readonly tokenPointer: string | undefined;
  /** --allow-unverified: operations whose answers could not be checked do not make the verdict incomplete. */
  readonly allowUnverified: boolean;
  /** --quiet: no line per exchange. */
  readonly quiet: boolean;
}

export interface ProxyConfig extends TrafficConfig {
  /** --target as given, less any user:password@. */
  readonly target: string;
  readonly port: number;
  readonly host: string;
  readonly maxTime: { readonly text: string; readonly ms: number } | undefined;
  readonly maxRequests: number | undefined;
  readonly reportEvery: { readonly text: string; readonly ms: number } | undefined;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

export interface CheckConfig extends TrafficConfig {
  /** The HAR files, as given and resolved. */
  readonly files: ReadonlyArray<{ readonly given: string; readonly path: string }>;
}

export const proxyCommand: CommandSpec = {
  name: 'proxy',
  help: `Run ${TOOL_NAME} proxy --help for the options.`,
  valueNames: {
    target: 'URL',
    port: 'N',
    host: 'HOST',
    'report-dir': 'DIR',
    'max-time': 'DURATION',
    'max-requests': 'N',
    'report-every': 'DURATION',
    'operation-map': 'FILE',
    timeout: 'MS',
    'max-body': 'BYTES',
  },
};

export const checkCommand: CommandSpec = {
  name: 'check',
  help: `Run ${TOOL_NAME} check --help for the options.`,
  valueNames: { 'report-dir': 'DIR', 'operation-map': 'FILE' },
};

const sharedOptions = {
  'report-dir': { type: 'string' },
  'operation-map': { type: 'string' },
  'allow-unverified': { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The operations of 4.1 a map places, matched by path in traffic; the token operation's pointer. */
function mappedOf(map: OperationMap | undefined): Pick<TrafficConfig, 'mapped' | 'tokenPointer'> {
  if (!map) return { mapped: [], tokenPointer: undefined };
  const mapped = placedOperations(map).map(({ listed, entry }) => mappedOperation(listed, entry, entry.body));
  return { mapped, tokenPointer: map.operations['token-get']?.token };
}

function sharedConfig(values: { 'report-dir'?: string; 'operation-map'?: string; 'allow-unverified'?: boolean; quiet?: boolean }, cwd: string): TrafficConfig {
  const reportDir = resolve(cwd, values['report-dir'] ?? 'reports');
  checkReportDir(reportDir);
  const mapFile = values['operation-map'];
  return {
    reportDir,
    ...mappedOf(mapFile === undefined ? undefined : readOperationMap(resolve(cwd, mapFile))),
    allowUnverified: values['allow-unverified'] === true,
    quiet: values.quiet === true,
  };
}

/** The options of `proxy`, or `help` when --help was given. */
export function resolveProxyConfig(argv: readonly string[], cwd: string): ProxyConfig | 'help' {
  const { values } = parseCommandLine(proxyCommand, {
    args: [...argv],
    options: {
      ...sharedOptions,
      target: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'max-time': { type: 'string' },
      'max-requests': { type: 'string' },
      'report-every': { type: 'string' },
      timeout: { type: 'string' },
      'max-body': { type: 'string' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  if (values.target === undefined) {
    throw new KitError(
      'OTP_BAD_OPTION',
      `proxy needs --target URL: the base URL of the server the client's requests go on to, e.g. --target http://127.0.0.1:8080.`,
    );
  }
  try {
    parseBaseUrl(values.target);
  } catch (error) {
    throw error instanceof KitError ? new KitError(error.code, error.message.replaceAll('--base-url', '--target')) : error;
  }
  return {
    ...sharedConfig(values, cwd),
    target: displayUrl(values.target).replace(/\/+$/, ''),
    port: wholeNumber('port', values.port ?? String(DEFAULT_PROXY_PORT), 0, 65_535),
    host: values.host ?? '127.0.0.1',
    maxTime: values['max-time'] === undefined ? undefined : duration('max-time', values['max-time']),
    maxRequests: values['max-requests'] === undefined ? undefined : wholeNumber('max-requests', values['max-requests'], 1, 1_000_000_000),
    reportEvery: values['report-every'] === undefined ? undefined : duration('report-every', values['report-every']),
    timeoutMs: wholeNumber('timeout', values.timeout ?? '10000', 1, 3_600_000),
    maxBodyBytes: wholeNumber('max-body', values['max-body'] ?? String(5 * 1024 * 1024), 1, 1024 * 1024 * 1024),
  };
}

/** The options and files of `check`, or `help` when --help was given. */
export function resolveCheckConfig(argv: readonly string[], cwd: string): CheckConfig | 'help' {
  const { values, positionals } = parseCommandLine(checkCommand, { args: [...argv], options: sharedOptions, allowPositionals: true, strict: true });
  if (values.help) return 'help';
  if (positionals.length === 0) {
    throw new KitError(
      'OTP_BAD_OPTION',
      `check needs the HAR files to judge, e.g. ${TOOL_NAME} check session.har (a browser's "Save all as HAR", or a run's --har).`,
    );
  }
  return { ...sharedConfig(values, cwd), files: positionals.map((given) => ({ given, path: resolve(cwd, given) })) };
}
