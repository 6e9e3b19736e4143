import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/**
 * A field name with one of these words as a hyphen-separated part: what debugging and profiling
 * tools name the fields they add (X-Debug-Token and X-Debug-Token-Link of Symfony's profiler,
 * X-Debugbar-Id, X-Profiler-Token), and nothing an API in production sends.
 */
const DEBUGGING = /(^|-)(debug|debugbar|profiler)(-|$)/i;

export const debugFields: ExchangeCheck<'response'> = {
  id: 'debug-fields',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['owasp-api8-logging-features'],
  severity: 'warning',
  title: 'Response fields of a debugging or profiling tool',
  description:
    'Header fields named for debugging or profiling (a name with "debug", "debugbar" or "profiler" as one of its hyphen-separated parts: X-Debug-Token, X-Debug-Token-Link, X-Debugbar-Id, X-Profiler-Token): a debugging feature left on, which records the requests it sees, credentials among them, and often serves them at the link it names ("Unnecessary features are enabled (e.g. HTTP verbs, logging features)", OWASP API8). A warning: the spec says nothing of headers.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const named = Object.keys(exchange.response.headers).filter((name) => DEBUGGING.test(name));
    if (named.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'no field of a debugging or profiling tool',
        // The names say it; their values (a token, a link with the host and port of the run) are in the evidence.
        actual: `fields ${named.join(', ')}`,
      },
    ];
  },
};
