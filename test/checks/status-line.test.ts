import { describe, expect, it } from 'vitest';
import { statusLine } from '../../src/checks/transport/status-line.js';
import type { CheckContext, Exchange } from '../../src/checks/types.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const context = {} as CheckContext;
const withStatusLine = (line: string): Exchange => ({
  ...exchangeOf('consignee-by-id', { intent: 'http-probe', path: 'http-probe:persistent' }),
  connection: { malformedStatusLine: line },
});

describe('status-line', () => {
  it('names the version rule for a status line of another major version, and the grammar for one that breaks it', () => {
    expect(runCheck(statusLine, withStatusLine('HTTP/2.0 200 OK'), context)).toEqual([
      { instancePath: '', expected: 'HTTP/1.1 or HTTP/1.0, of the major version the request was in (RFC 9112 §2.3)', actual: 'status line "HTTP/2.0 200 OK"' },
    ]);
    expect(runCheck(statusLine, withStatusLine('HTTP/1.1 200'), context)).toEqual([
      { instancePath: '', expected: 'HTTP/1.1 SP status-code SP [ reason-phrase ] (RFC 9112 §4)', actual: 'status line "HTTP/1.1 200"' },
    ]);
  });
});
