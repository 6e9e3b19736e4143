import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/client.js';
import type { Transcript } from '../../src/client/exchange.js';
import { RESPONSE_EXCERPT_CHARS } from '../../src/engine/judging/evidence.js';
import { type HarBodies, type LoggedExchange, loggingClient } from '../../src/engine/schedule/exchange-log.js';
import { Redactor } from '../../src/redaction/redactor.js';

const secret = 'pass/word+"9x&';
/** The forms a secret is written in (docs/secrets.md): as is, upper-cased, JSON-escaped, URL-encoded, base64. */
const forms = [secret, secret.toUpperCase(), JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
/** An answer longer than an excerpt, every form of the secret past its first 2,048 characters. */
const bodyText = `{"data":{"list":[${Array.from({ length: 60 }, (_, index) => `{"id":${index},"note":"${'x'.repeat(40)}"}`).join(',')}],"echo":${JSON.stringify(forms.join(' '))}}}`;

const scratch = mkdtempSync(join(tmpdir(), 'otp-exchange-log-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A client that answers every call with `bodyText`. */
const answering: Client = {
  send: (request) =>
    Promise.resolve<Transcript>({
      request: { method: request.method, url: `http://127.0.0.1:9${request.wirePath}`, headers: {}, body: undefined },
      response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText, json: { ok: true, value: JSON.parse(bodyText) } },
      durationMs: 1,
    }),
  converse: () => Promise.resolve(undefined),
  pipeline: () => Promise.resolve(undefined),
  close: () => Promise.resolve(),
};

async function logged(bodies: HarBodies): Promise<LoggedExchange> {
  const dir = mkdtempSync(join(scratch, `${bodies}-`));
  await loggingClient(answering, dir, new Redactor([secret]), bodies).send({
    method: 'POST',
    wirePath: '//pc/custom_demand/list',
    body: undefined,
    headers: {},
  });
  const [file = ''] = readdirSync(dir);
  return JSON.parse(readFileSync(join(dir, file), 'utf8').trim()) as LoggedExchange;
}

describe('the bodies of the exchange log (--har-bodies)', () => {
  it('whole: every character kept but the secret, redacted in every form', async () => {
    expect(bodyText.indexOf('"echo"')).toBeGreaterThan(RESPONSE_EXCERPT_CHARS);
    const body = (await logged('whole')).response?.body;
    expect(body).toMatchObject({ truncated: false, length: bodyText.length });
    for (const form of forms) expect(body?.text).not.toContain(form);
    expect(body?.text).toContain('"id":59');
    expect(body?.text.match(/\[REDACTED\]/g)).toHaveLength(forms.length);
  });

  it('excerpt (the default): cut to the first 2,048 characters, and says so', async () => {
    const body = (await logged('excerpt')).response?.body;
    expect(body).toMatchObject({ truncated: true, length: bodyText.length });
    expect(body?.text.length).toBeLessThanOrEqual(RESPONSE_EXCERPT_CHARS);
  });
});
