import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** Shapes of stack frames and source paths of the common server runtimes. */
const leaks: ReadonlyArray<readonly [string, RegExp]> = [
  ['a Node.js stack frame', /\bat [\w$.<>[\] ]+ \((?:\/|[A-Za-z]:\\|file:|node:)[^)\n]*:\d+:\d+\)/],
  ['a Java stack frame', /\bat [\w$]+(?:\.[\w$<>]+)+\([\w$]+\.(?:java|kt|scala):\d+\)/],
  ['a Python traceback', /Traceback \(most recent call last\)|File "[^"\n]+\.py", line \d+/],
  ['a PHP error location', /\bin (?:\/[\w.-]+)+\.php(?: on line |:)\d+/],
  ['a .NET stack frame', /\bat [\w.`<>]+\([^)\n]*\) in [^\n]+:line \d+/],
  ['a Go panic', /goroutine \d+ \[running\]:/],
  [
    'a source file path',
    /(?:\/(?:home|usr|var|opt|srv|app|root)(?:\/[\w.@-]+)+|[A-Za-z]:\\(?:[\w.@ -]+\\)+[\w.@-]+)\.(?:js|mjs|cjs|ts|py|java|php|rb|go|cs)\b/,
  ],
];

/**
 * Cheap test first: every pattern above needs one of these (a frame ends in `:line)`, a Python or
 * .NET location says `line N`), and most bodies have none. Not " at ", which ordinary text is full
 * of ("store at 2–8 °C").
 */
const maybeLeak = /:\d+\)|line \d|Traceback|goroutine|\.php|\.(?:js|mjs|cjs|ts|py|java|rb|go|cs)\b/;

export const stackTraceLeak: ExchangeCheck<'response'> = {
  id: 'stack-trace-leak',
  scope: 'exchange',
  ...clause('errors-in-envelope'),
  standards: ['owasp-api8-error-details'],
  severity: 'warning',
  title: 'Response leaks a stack trace or source path',
  description: 'A response that shows a stack trace or a source path: it tells an attacker how the server is built.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const body = exchange.response?.bodyText ?? '';
    if (!maybeLeak.test(body)) return [];
    for (const [what, pattern] of leaks) {
      const excerpt = pattern.exec(body)?.[0].slice(0, 120);
      if (excerpt !== undefined) return [{ instancePath: '', expected: 'no internals in the response', actual: `${what}: ${JSON.stringify(excerpt)}` }];
    }
    return [];
  },
};
