import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import { createClient } from '../../src/client/client.js';
import { DOCUMENTED_FORM, type FirstContact, firstContact, preflightOperation, type WireForm } from '../../src/engine/target/first-contact.js';
import { createValidator } from '../../src/validation/validator.js';
import { testSettings } from '../support/kit.js';
import { Redactor } from '../../src/redaction/redactor.js';

const TOKEN = 'first-contact-token-7f3a';
const validator = createValidator();

let server: Server | undefined;
let requests = 0;
async function stopServer(): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
}
afterEach(stopServer);

type Reply = { status?: number; contentType?: string; body: unknown };

/** A server (127.0.0.1) whose every answer is what `answer` gives for the request's path and authorization header. */
async function serverAnswering(answer: (request: { path: string; authorization: string | undefined }) => Reply): Promise<string> {
  requests = 0;
  server = createServer((req: IncomingMessage, res) => {
    requests++;
    req.resume();
    const { status = 200, contentType = 'application/json', body } = answer({ path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(status, { 'content-type': contentType }).end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function contact(url: string, preferred: WireForm = DOCUMENTED_FORM, selected = operations): Promise<FirstContact> {
  const client = createClient(testSettings(url, TOKEN));
  try {
    return await firstContact({ client, token: TOKEN, selected, preferred, seed: 7, redactor: new Redactor([TOKEN]), validator });
  } finally {
    await client.close();
  }
}

const page = { data: { totalPage: 1, pageNo: 1, list: [] }, status: 'ok', code: '200', message: '', error: {} };
const failure = (code: string, reason: string) => ({ data: {}, status: 'fail', code, message: reason, error: { reason } });
const refusedUnless =
  (accepted: (request: { path: string; authorization: string | undefined }) => boolean) => (request: { path: string; authorization: string | undefined }) => ({
    body: accepted(request) ? page : failure('401', 'who are you'),
  });

describe('first contact: the documented form first', () => {
  it('calls a selected read-only operation that takes the token, a documented list first', () => {
    expect(preflightOperation(operations)?.id).toBe('custom-demand-list');
    expect(preflightOperation([findOperation('login')!, findOperation('custom-demand-create')!, findOperation('consignee-by-id')!])?.id).toBe(
      'consignee-by-id',
    );
    expect(preflightOperation([findOperation('login')!, findOperation('custom-demand-create')!])).toBeUndefined();
  });

  it('served in the documented form: the run goes on in the form asked for, nothing to report, one request', async () => {
    const url = await serverAnswering(() => ({ body: page }));
    expect(await contact(url)).toEqual({ kind: 'go-on', form: DOCUMENTED_FORM, deviations: [] });
    expect(requests).toBe(1);
    const preferred: WireForm = { authScheme: 'bearer-space', pathForm: 'documented' };
    expect(await contact(url, preferred)).toEqual({ kind: 'go-on', form: preferred, deviations: [] });
  });

  it('not refused: an error result unlike the anonymous one, a 5xx, or no answer at all: the suites judge them', async () => {
    let url = await serverAnswering(({ authorization }) => ({
      body: authorization ? failure('E_PAGE', 'pageSize too large') : failure('E_AUTH', 'login first'),
    }));
    expect(await contact(url)).toMatchObject({ kind: 'go-on', form: DOCUMENTED_FORM, deviations: [] });
    await stopServer();
    url = await serverAnswering(() => ({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
    expect(await contact(url)).toMatchObject({ kind: 'go-on', deviations: [] });
    await stopServer();
    expect(await contact('http://127.0.0.1:1')).toMatchObject({ kind: 'go-on', deviations: [] });
  });

  it("an answer cut short (a body that never ends) is the server's defect, not a base URL that serves nothing", async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":{},"padding":"');
      const pump = () => {
        while (!res.destroyed && res.write('x'.repeat(64 * 1024)));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    expect(await contact(`http://127.0.0.1:${(server.address() as { port: number }).port}`)).toMatchObject({ kind: 'go-on', deviations: [] });
  });
});

describe("first contact: a form other than the documented one served is the server's deviation, and the run goes on in it", () => {
  it('only Bearer <token>: error auth-documented-header (5 rule 2), the run goes on with bearer-space', async () => {
    const url = await serverAnswering(refusedUnless(({ authorization }) => authorization === `Bearer ${TOKEN}`));
    const found = await contact(url);
    expect(found).toMatchObject({ kind: 'go-on', form: { authScheme: 'bearer-space', pathForm: 'documented' } });
    if (found.kind !== 'go-on') return;
    expect(found.deviations.map((d) => [d.severity, d.check, d.rule, d.operationId])).toEqual([
      ['error', 'auth-documented-header', '5 rule 2', 'custom-demand-list'],
    ]);
    expect(found.deviations[0]!.actual).toContain('Bearer <TOKEN>');
    expect(found.adopted).toContain('Bearer <TOKEN> at //pc/custom_demand/list');
    expect(JSON.stringify(found)).not.toContain(TOKEN);
  });

  it('only bearer <token> or the bare token: the same, with that form', async () => {
    let url = await serverAnswering(refusedUnless(({ authorization }) => authorization === `bearer ${TOKEN}`));
    expect(await contact(url)).toMatchObject({
      kind: 'go-on',
      form: { authScheme: 'bearer-lowercase-space' },
      deviations: [{ check: 'auth-documented-header' }],
    });
    await stopServer();
    url = await serverAnswering(refusedUnless(({ authorization }) => authorization === TOKEN));
    expect(await contact(url)).toMatchObject({ kind: 'go-on', form: { authScheme: 'api-key' }, deviations: [{ check: 'auth-documented-header' }] });
  });

  it('only a single slash before /pc: error documented-path (4), the run goes on with single-slash paths', async () => {
    const url = await serverAnswering(({ path }) =>
      path.startsWith('//') ? { status: 404, contentType: 'text/html', body: `<pre>Cannot POST ${path}</pre>` } : { body: page },
    );
    const found = await contact(url);
    expect(found).toMatchObject({ kind: 'go-on', form: { authScheme: 'bearer-no-space', pathForm: 'single-slash' } });
    if (found.kind !== 'go-on') return;
    expect(found.deviations.map((d) => [d.severity, d.check, d.rule])).toEqual([['error', 'documented-path', '4']]);
  });

  it('both forms other than documented: both deviations', async () => {
    const url = await serverAnswering(refusedUnless(({ path, authorization }) => !path.startsWith('//') && authorization === `Bearer ${TOKEN}`));
    const found = await contact(url);
    expect(found).toMatchObject({ kind: 'go-on', form: { authScheme: 'bearer-space', pathForm: 'single-slash' } });
    if (found.kind !== 'go-on') return;
    expect(found.deviations.map((d) => d.check).sort()).toEqual(['auth-documented-header', 'documented-path']);
  });

  it('--auth-scheme bearer-space given on purpose: tried first after the documented form, and the deviation stays', async () => {
    const url = await serverAnswering(refusedUnless(({ authorization }) => authorization === `Bearer ${TOKEN}`));
    const found = await contact(url, { authScheme: 'bearer-space', pathForm: 'documented' });
    expect(found).toMatchObject({ kind: 'go-on', form: { authScheme: 'bearer-space' }, deviations: [{ check: 'auth-documented-header' }] });
    expect(requests).toBe(2);
  });
});

describe('first contact: what the user must fix', () => {
  it('the token refused in every form: token-refused, one short line leading with what to fix, each form tried and what came back beside it', async () => {
    const url = await serverAnswering(() => ({ body: failure('401', 'token expired') }));
    const found = await contact(url);
    expect(found.kind).toBe('token-refused');
    if (found.kind !== 'token-refused') return;
    expect(found.reason).toMatch(/^Check --token \(or OTP_TOKEN\) and --base-url: /);
    expect(found.reason.length).toBeLessThan(200);
    expect(found.formsTried.map((tried) => tried.form)).toEqual([
      'bearer<TOKEN> at //pc/custom_demand/list',
      'Bearer <TOKEN> at //pc/custom_demand/list',
      'bearer <TOKEN> at //pc/custom_demand/list',
      '<TOKEN> at //pc/custom_demand/list',
      'bearer<TOKEN> at /pc/custom_demand/list',
      'Bearer <TOKEN> at /pc/custom_demand/list',
      'bearer <TOKEN> at /pc/custom_demand/list',
      '<TOKEN> at /pc/custom_demand/list',
    ]);
    expect(found.reason).toContain(`all ${found.formsTried.length} forms tried`);
    expect(found.formsTried[0]?.answer).toContain('code "401", message "token expired"');
  });

  it('refused: HTTP 401 or 403, an envelope code "403", or the error result a call without authorization gets', async () => {
    for (const reply of [{ status: 401, body: { message: 'expired' } }, { status: 403, body: {} }, { body: failure('403', 'forbidden') }] as Reply[]) {
      const url = await serverAnswering(() => reply);
      expect((await contact(url)).kind).toBe('token-refused');
      await stopServer();
    }
    const url = await serverAnswering(() => ({ body: failure('E_AUTH', 'who are you') }));
    expect(await contact(url)).toMatchObject({
      kind: 'token-refused',
      formsTried: expect.arrayContaining([expect.objectContaining({ answer: expect.stringContaining('E_AUTH') })]),
    });
  });

  it('a static file server: not-this-api, asking whether --base-url is right, in under 20 requests', async () => {
    const url = await serverAnswering(() => ({ status: 404, contentType: 'text/html', body: '<html><body>404 Not Found</body></html>' }));
    const found = await contact(url);
    expect(found).toMatchObject({ kind: 'not-this-api', reason: expect.stringContaining('Is --base-url right?') });
    expect(requests).toBeLessThan(20);
  });

  it('an envelope code "404" beside a page ("no records" on a server that says so with 404) is an answer of this API', async () => {
    const url = await serverAnswering(() => ({ body: { ...failure('404', 'no records'), data: { totalPage: 0, pageNo: 1, list: [] } } }));
    expect(await contact(url)).toMatchObject({ kind: 'go-on', deviations: [] });
  });

  it('an envelope code "404" at every operation (a wrong prefix): not-this-api; one operation that answers: the run goes on', async () => {
    let url = await serverAnswering(() => ({ body: failure('404', 'No operation at this path') }));
    expect(await contact(url)).toMatchObject({ kind: 'not-this-api' });
    expect(requests).toBeLessThan(20);
    await stopServer();
    url = await serverAnswering(({ path }) => (path.endsWith('/pc/custom_demand/list') ? { status: 404, body: 'no' } : { body: page }));
    expect(await contact(url)).toMatchObject({ kind: 'go-on', form: DOCUMENTED_FORM, deviations: [] });
  });
});
