import { TOOL_NAME } from '../version.js';

/*
 * The options of `proxy` and `check` as --help lists them: kept apart from their parsing, so that
 * the CLI's usage text loads nothing else.
 */

/** The port `proxy` listens on unless told: beside `serve`'s 8080, so both can run at once. */
export const DEFAULT_PROXY_PORT = 8081;

/** The options `proxy` and `check` share, as --help lists them. */
const sharedOptions = `  --report-dir DIR              where report.json, junit.xml, summary.md and report.html go (default reports)
  --operation-map FILE          the paths of the operations of 4.1 the traffic calls, so that they are judged too
  --allow-unverified            operations whose answers could not be checked do not make the verdict incomplete
  --quiet                       no line per exchange`;

export const proxyOptions = `  --target URL                  the server the requests go on to: the base URL the client would call (required)
  --port N                      port to listen on (default ${DEFAULT_PROXY_PORT}; 0 picks a free one, printed)
  --host HOST                   address to listen on (default 127.0.0.1)
  --max-time DURATION           end the session after this long, e.g. 10m
  --max-requests N              end the session once N requests have arrived
  --report-every DURATION       rewrite the reports this often while the session lasts, e.g. 30s
  --timeout MS                  judge an answer that takes longer a timeout (default 10000; the client still waits)
  --max-body BYTES              judge at most this much of each body (default 5242880; the client gets all of it)
${sharedOptions}`;

export const checkOptions = sharedOptions;

export const proxyUsage = `Usage: ${TOOL_NAME} proxy --target URL [options]
A reverse proxy on this machine: point a client at it, and every exchange passes to the target and
back unchanged while the kit judges a copy by every check that applies. Ctrl-C, --max-time or
--max-requests end the session and write the reports.

${proxyOptions}
  --help                        this text`;

export const checkUsage = `Usage: ${TOOL_NAME} check [options] FILE.har…
Judges the exchanges of HAR files (a browser's, a proxy's, or a run's --har), merged in time order,
by every check that applies, and writes the reports.

${checkOptions}
  --help                        this text`;
