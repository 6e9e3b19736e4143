import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import { plannedCreates } from '../../src/flows/_internals/round-trip-plan.js';
import { demandLifecycle } from '../../src/flows/demand-lifecycle.js';
import type { Flow, FlowContext, FlowOutcome, WalkedList } from '../../src/flows/flow.js';
import { mappedFlows } from '../../src/flows/index.js';
import { differences, sameValue } from '../../src/flows/records.js';
import { roundTripNumbers, textFamilies } from '../../src/generators/coverage/round-trip.js';
import { findSelfCheckOperation } from '../mutation-set/run-against.js';
import { handle } from '../../src/reference/handlers.js';
import type { Json } from '../../src/reference/json.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { seedState } from '../../src/reference/seed.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { pageOf } from '../../src/reference/handlers/_internals/state.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';

/** What the flow's call sent and what came back; `body` undefined: no answer (a timeout). */
type Answer = (operationId: string, payload: Record<string, unknown>, clean: () => Json) => Json | undefined;

function exchangeFor(operationId: string, payload: Record<string, unknown>, body: Json | undefined): Exchange {
  const operation = findSelfCheckOperation(operationId)!;
  const request = { method: operation.method, url: `http://127.0.0.1:9${operation.path}`, headers: {}, body: JSON.stringify(payload) };
  const base = { operation, payload, intent: 'flow' as const, path: 'flow:test', request, durationMs: 1 };
  if (body === undefined) return { ...base, failure: { kind: 'timeout', message: 'no response in 2000 ms' } } as Exchange;
  const bodyText = JSON.stringify(body);
  return { ...base, response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText, json: { ok: true, value: JSON.parse(bodyText) } } };
}

const unauthorized: Json = { data: {}, status: 'fail', code: '401', message: 'no token', error: { reason: 'unauthorized' } };

/** What the server makes of a call without a token: refused, or refused after the work was done. */
type TokenCheck = 'refuses' | 'refuses-after-the-work';

/**
 * The reference server's handlers, in-process, each answer passed through `answer` (the clean one
 * by default); a call without a token refused as the clean server refuses it, unless told; each
 * answer with the entity tag `etagOf` gives it.
 */
function referenceServer(
  answer: Answer = (_id, _payload, clean) => clean(),
  { tokenCheck = 'refuses', etagOf }: { tokenCheck?: TokenCheck; etagOf?: (operationId: string, payload: Record<string, unknown>) => string } = {},
): FlowContext & { readonly sent: string[] } {
  const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
  const sent: string[] = [];
  return {
    seed: 7,
    mappedBody: () => undefined,
    secret: () => undefined,
    sent,
    async call(operationId, payload, form) {
      sent.push(form === 'without-token' ? `${operationId} without a token` : operationId);
      const clean = () => handle(operationId, payload, state, HANDLER_CONTEXT) as Json;
      if (form === 'without-token') {
        if (tokenCheck === 'refuses-after-the-work') clean();
        return exchangeFor(operationId, payload, unauthorized);
      }
      const exchange = exchangeFor(operationId, payload, answer(operationId, payload, clean));
      const etag = etagOf?.(operationId, payload);
      return etag && exchange.response ? { ...exchange, response: { ...exchange.response, headers: { ...exchange.response.headers, etag } } } : exchange;
    },
  };
}

const map = readOperationMap(referenceOperationMapFile);
const flows: readonly Flow[] = [demandLifecycle, ...mappedFlows(map.flows, 7)];
const flow = (id: string) => flows.find((candidate) => candidate.id === id)!;
const verdicts = (outcome: FlowOutcome) => outcome.findings.map((finding) => `${finding.exchange.operation.id} ${finding.instancePath}: ${finding.actual}`);

const records = (body: Json, rewrite: (record: Json) => Json): Json => {
  const data = body.data as Json;
  return { ...body, data: Array.isArray(data.list) ? { ...data, list: (data.list as Json[]).map(rewrite) } : rewrite(data) };
};

describe('what a round trip compares: as text, numbers as numbers', () => {
  it('takes a number back as a number or a numeric string, and decimal text back as the number it spells', () => {
    expect(sameValue('2147483647.00', 2147483647)).toBe(true);
    expect(sameValue(2.5, '2.50')).toBe(true);
    expect(sameValue('2147483648.00', 2147483647)).toBe(false);
    // Digits that are an identifier are text: a leading zero lost, or more digits than a double holds, is a difference.
    expect(sameValue(200004509200123456, '0200004509200123456')).toBe(false);
    expect(sameValue(6225881234567890, '6225881234567890')).toBe(false);
  });

  it('takes text back in another normalisation form of the same characters, and nothing else', () => {
    expect(sameValue('Café', 'Cafe\u0301')).toBe(true);
    expect(sameValue('Ångström a\u0323\u0308\u0301', 'Ångström a\u0308\u0301\u0323')).toBe(true);
    expect(sameValue('fi', 'ﬁ')).toBe(false);
    expect(sameValue('实验室‍ 试剂', '实验室🧪👩‍🔬 试剂')).toBe(false);
    expect(sameValue('AR ', 'AR')).toBe(false);
    expect(sameValue('ar', 'AR')).toBe(false);
  });

  it('shows long text by its start and its length', () => {
    expect(differences({ productCname: 'A'.repeat(255) }, { productCname: 'A'.repeat(10_000) })).toEqual([
      `productCname "${'A'.repeat(40)}…" (255 characters) (sent "${'A'.repeat(40)}…" (10,000 characters))`,
    ]);
  });
});

describe('the creates of a round trip', () => {
  it('sends every value of every text family once, spread over the text fields, and each number alone in each number field', () => {
    const plan = plannedCreates(['productName', 'level'], ['nums', 'price']);
    expect(plan).toHaveLength(textFamilies.length + 2 * roundTripNumbers.length);
    for (const [index, family] of textFamilies.entries()) {
      const sent = Object.values(plan[index]!.values).join(' ');
      for (const value of family.values) expect(sent).toContain(value);
    }
    expect(plan.slice(textFamilies.length).map((create) => create.values)).toEqual([
      { nums: 2.5 },
      { nums: 2147483647 },
      { nums: 2147483648 },
      { price: 2.5 },
      { price: 2147483647 },
      { price: 2147483648 },
    ]);
  });

  it('are the same on every run: the seed changes the marker and the base payload, not the values', () => {
    expect(plannedCreates(['level'], ['price'])).toEqual(plannedCreates(['level'], ['price']));
  });
});

describe('round trips against the reference server', () => {
  it.each(flows.map((candidate) => candidate.id))('%s: nothing to report, and what it created is deleted where it can be', async (id) => {
    const server = referenceServer();
    const outcome = await flow(id).run(server);
    expect(outcome).toEqual({ completed: true, findings: [] });
    const remove = flow(id).operations.find((operation) => /delete/.test(operation));
    const creates = server.sent.filter((operation) => operation === flow(id).operations[0]).length;
    expect(creates).toBeGreaterThan(3);
    if (remove) expect(server.sent.filter((operation) => operation === remove).length).toBeGreaterThan(0);
  });

  it('a create the server refuses is not compared (the reference caps bank card names at 64 characters: the long text is refused)', async () => {
    const server = referenceServer();
    const outcome = await flow('flow-bank-card-lifecycle').run(server);
    expect(outcome.completed).toBe(true);
    // Each accepted one, then one of them again, which the server refuses: it is gone.
    expect(server.sent.filter((operation) => operation === 'bank-card-delete')).toHaveLength(textFamilies.length - 1 + 1);
  });

  it('an edit the server answers and does not keep: the list and the detail show the old text', async () => {
    const ignoresEdits: Answer = (id, payload, clean) =>
      id === 'bank-card-edit' && payload.id !== undefined ? { data: { id: payload.id }, status: 'success', code: '200', message: 'ok', error: {} } : clean();
    const outcome = await flow('flow-bank-card-lifecycle').run(referenceServer(ignoresEdits));
    expect(verdicts(outcome)).toEqual([expect.stringMatching(/^bank-card-list \/data\/list\/\d+: listed with bankName "/)]);
    const [finding] = outcome.findings;
    expect(finding!.steps!.map((step) => step.operation.id)).toEqual(['bank-card-edit', 'bank-card-list']);
  });

  it('a detail that answers no record for an id the list shows, and one that still answers once deleted', async () => {
    let deleted = false;
    const detailOff: Answer = (id, _payload, clean) => {
      if (id === 'consignee-delete') deleted = true;
      if (id !== 'consignee-by-id') return clean();
      return deleted
        ? { data: { id: 1, consigneeName: 'x' }, status: 'success', code: '200', message: 'ok', error: {} }
        : { data: {}, status: 'fail', code: '404', message: 'no', error: { field: 'id' } };
    };
    const outcome = await flow('flow-consignee-lifecycle').run(referenceServer(detailOff));
    expect(new Set(verdicts(outcome).map((verdict) => verdict.replace(/\d+/g, 'n')))).toEqual(
      new Set(['consignee-by-id /data: no record: an error result', 'consignee-by-id /data: still answered']),
    );
    const still = outcome.findings.find((finding) => finding.actual === 'still answered')!;
    expect(still.steps!.map((step) => step.operation.id)).toEqual(['consignee-delete', 'consignee-by-id']);
  });

  it('a delete refused for a record the list shows: the flow goes on, and the record still listed is the finding, with the refusal as its step', async () => {
    const refuseDeletes: Answer = (id, _payload, clean) =>
      id === 'custom-demand-delete' ? { data: {}, status: 'fail', code: '404', message: 'no such demand', error: { field: 'demandId' } } : clean();
    const outcome = await flow('flow-demand-lifecycle').run(referenceServer(refuseDeletes));
    expect(outcome.completed).toBe(true);
    const still = outcome.findings.filter((finding) => finding.actual.startsWith('still listed'));
    expect(still.length).toBeGreaterThan(0);
    expect(still[0]!.actual).toBe('still listed; custom-demand-delete answered an error result for it');
    expect(still[0]!.steps!.map((step) => step.operation.id)).toEqual(['custom-demand-delete', 'custom-demand-list']);
  });

  it('a delete answered "not found" that deletes all the same: the answer is the finding, with the lists as its steps', async () => {
    const deletesThenDenies: Answer = (id, _payload, clean) => {
      if (id !== 'custom-demand-delete') return clean();
      clean();
      return { data: {}, status: 'fail', code: '404', message: 'no such demand', error: { field: 'demandId' } };
    };
    const outcome = await flow('flow-demand-lifecycle').run(referenceServer(deletesThenDenies));
    const denied = outcome.findings.filter((finding) => finding.instancePath === '/code');
    expect(denied.length).toBeGreaterThan(0);
    expect(denied[0]!.actual).toMatch(/^answered an error result \(code "404"\), yet id \d+ is gone from the lists$/);
    expect(denied[0]!.steps![0]!.operation.id).toBe('custom-demand-delete');
  });

  it('a delete of a record already gone, refused, that takes another: the list counted a record short is the finding, with the refusal among its steps', async () => {
    let refused = 0;
    const takesTheLast: Answer = (id, _payload, clean) => {
      const body = clean();
      if (id === 'consignee-delete' && body.code === '404') refused++;
      if (id !== 'consignee-list' || refused === 0) return body;
      // Counted from page 1's totalPage and the last page: the last page one short shows a record gone.
      return records({ ...body, data: { ...(body.data as Json), list: ((body.data as Json).list as Json[]).slice(0, -1) } }, (record) => record);
    };
    const outcome = await flow('flow-consignee-lifecycle').run(referenceServer(takesTheLast));
    expect(refused).toBe(1);
    expect(verdicts(outcome)).toEqual([
      expect.stringMatching(/^consignee-list \/data\/list: \d+ records after it was refused \(HTTP 200, code "404"\): the refused delete took a record$/),
    ]);
    expect(outcome.findings[0]!.steps!.map((step) => step.operation.id)).toEqual([
      'consignee-list',
      'consignee-list',
      'consignee-delete',
      'consignee-list',
      'consignee-list',
    ]);
  });

  it('an edit written over the other records: the other created record listed with what the edit sent is the finding, with the edit as its step', async () => {
    let edit: Json | undefined;
    const writtenOver: Answer = (id, payload, clean) => {
      if (id === 'consignee-edit' && payload.id !== undefined) edit = payload as Json;
      const body = clean();
      if (id !== 'consignee-list' || !edit) return body;
      const { id: edited, isDefault: _flag, ...fields } = edit;
      return records(body, (record) => (record.id === edited ? record : { ...record, ...fields }));
    };
    const outcome = await flow('flow-consignee-lifecycle').run(referenceServer(writtenOver));
    const over = outcome.findings.filter((finding) => finding.actual.startsWith('listed with what that edit sent'));
    expect(over).toHaveLength(1);
    expect(over[0]!.actual).toMatch(/^listed with what that edit sent: consigneeName "otp-[^"]+-\d+" \(its own "otp-[^"]+-\d+"\)/);
    expect(over[0]!.steps!.map((step) => step.operation.id)).toEqual(['consignee-edit', 'consignee-edit', 'consignee-list']);
  });

  it('a delete without a token: refused, the record stays and nothing is reported; refused after the work, the record gone is the finding', async () => {
    const clean = referenceServer();
    expect(await flow('flow-consignee-lifecycle').run(clean)).toEqual({ completed: true, findings: [] });
    expect(clean.sent.filter((operation) => operation.endsWith('without a token'))).toEqual(['consignee-delete without a token']);
    const late = await flow('flow-consignee-lifecycle').run(referenceServer(undefined, { tokenCheck: 'refuses-after-the-work' }));
    expect(verdicts(late)).toEqual([
      expect.stringMatching(/^consignee-delete : refused \(HTTP 200, code "401"\), yet gone: the call did its work before its token was checked$/),
    ]);
  });

  it('the same page before and after the deletes under one strong entity tag: reported once; a tag of the content, or a weak one, is not', async () => {
    const ofRequest = (operationId: string, payload: Record<string, unknown>) => `"${operationId}-${JSON.stringify(payload).length}"`;
    const stale = await flow('flow-demand-lifecycle').run(referenceServer(undefined, { etagOf: ofRequest }));
    expect(verdicts(stale)).toEqual([
      expect.stringMatching(
        /^custom-demand-list : ETag "custom-demand-list-\d+" on custom-demand-list \{.*\} before and after the deletes, with other content$/,
      ),
    ]);
    const weak = await flow('flow-demand-lifecycle').run(referenceServer(undefined, { etagOf: (id, payload) => `W/${ofRequest(id, payload)}` }));
    expect(weak.findings).toEqual([]);
  });

  it('a list that shows a number rounded: the create and the list are the evidence', async () => {
    const float32: Answer = (id, _payload, clean) =>
      id === 'consignment-list' ? records(clean(), (record) => ({ ...record, salePrice: Math.fround(Number(record.salePrice)).toFixed(2) })) : clean();
    const outcome = await flow('flow-consignment-lifecycle').run(referenceServer(float32));
    expect(verdicts(outcome)).toEqual([expect.stringContaining('listed with salePrice "2147483648.00" (sent 2147483647)')]);
    expect(outcome.findings[0]!.steps!.map((step) => step.operation.id)).toEqual(['consignment-publish', 'consignment-list']);
  });

  it("a create that writes two of its fields into each other's columns: the record is found by its marker where it stands, and listed otherwise", async () => {
    const swapped: Answer = (id, _payload, clean) =>
      id === 'custom-demand-list' ? records(clean(), (record) => ({ ...record, productLevel: record.productPack, productPack: record.productLevel })) : clean();
    const outcome = await flow('flow-demand-lifecycle').run(referenceServer(swapped));
    expect(outcome.completed).toBe(true);
    const listed = verdicts(outcome).filter((verdict) => verdict.includes('listed with'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).toMatch(/listed with productLevel "(otp-7-\d+)" \(sent .*\), productPack .* \(sent "\1"\)$/);
  });

  it('values stored in a form the comparison allows (NFC, other decimals, numbers as strings): nothing to report', async () => {
    const normalised: Answer = (id, _payload, clean) => {
      const body = clean();
      if (!/list|by-id|detail/.test(id) || (body.code !== '200' && body.code !== undefined)) return body;
      return records(body, (record) =>
        Object.fromEntries(
          Object.entries(record).map(([field, value]) => [
            field,
            typeof value === 'string' ? value.normalize('NFC') : typeof value === 'number' && field !== 'id' ? String(value) : value,
          ]),
        ),
      );
    };
    for (const id of ['flow-demand-lifecycle', 'flow-consignment-lifecycle', 'flow-invoice-profile-lifecycle']) {
      expect(await flow(id).run(referenceServer(normalised)), id).toEqual({ completed: true, findings: [] });
    }
  });

  it('records created by others with the same values and marker: found, compared and deleted by id, never reported', async () => {
    // Another client of the account sends each create just before the flow does, to the same state.
    const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
    const shared: FlowContext = {
      seed: 7,
      mappedBody: () => undefined,
      secret: () => undefined,
      call: async (operationId, payload, form) => {
        if (form === 'without-token') return exchangeFor(operationId, payload, unauthorized);
        if (operationId === 'custom-demand-create' || operationId === 'consignment-publish') handle(operationId, payload, state, HANDLER_CONTEXT);
        return exchangeFor(operationId, payload, handle(operationId, payload, state, HANDLER_CONTEXT) as Json);
      },
    };
    for (const id of ['flow-demand-lifecycle', 'flow-consignment-lifecycle']) expect(await flow(id).run(shared), id).toEqual({ completed: true, findings: [] });
    // The other client's records stay, each with a marker the flows used.
    const demands = state.customDemands.filter((demand) => demand.productPack.startsWith('otp-'));
    expect(demands.length).toBeGreaterThan(3);
  });

  it('a step with no answer ends the flow without a verdict', async () => {
    const listTimesOut: Answer = (id, _payload, clean) => (id === 'consignment-list' ? undefined : clean());
    expect(await flow('flow-consignment-lifecycle').run(referenceServer(listTimesOut))).toMatchObject({ completed: false, findings: [] });
  });

  it('a list that keeps only its newest records: a demand the detail answers is on no page once the creates push it off', async () => {
    const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
    const every = (status: unknown) => (handle('custom-demand-list', { pageSize: 1_000_000, pageNo: 1, status }, state, HANDLER_CONTEXT) as Json).data as Json;
    const seeded = (every(null).list as Json[]).map((demand) => `id:${String(demand.id)}`);
    const walked: WalkedList = {
      operation: 'custom-demand-list',
      body: { status: null },
      pageSize: 40,
      pages: Math.ceil(seeded.length / 40),
      keys: new Set(seeded),
      lookUp: (key) => ({ operation: 'custom-demand-detail', payload: { demandId: Number(key.slice('id:'.length)) } }),
    };
    const newestFirst = (a: Json, b: Json) => Number(b.id) - Number(a.id);
    const capped = (cap: number): FlowContext => ({
      seed: 7,
      mappedBody: () => undefined,
      secret: () => undefined,
      walked: async (list) => (list === walked.operation ? walked : undefined),
      call: async (operationId, payload, form) => {
        if (form === 'without-token') return exchangeFor(operationId, payload, unauthorized);
        const clean = handle(operationId, payload, state, HANDLER_CONTEXT) as Json;
        if (operationId !== 'custom-demand-list') return exchangeFor(operationId, payload, clean);
        const kept = (every(null).list as Json[]).sort(newestFirst).slice(0, cap);
        const ofStatus = kept.filter((demand) => payload.status === null || payload.status === undefined || demand.status === payload.status);
        const page = pageOf(ofStatus, Number(payload.pageSize), Number(payload.pageNo ?? 1), 'newest-first');
        return exchangeFor(operationId, payload, { ...clean, data: page as unknown as Json });
      },
    });
    const outcome = await demandLifecycle.run(capped(seeded.length));
    expect(verdicts(outcome)).toEqual([
      expect.stringMatching(/^custom-demand-list \/data\/list: \d+ records on \d+ pages: id \d+ is on none, yet custom-demand-detail answers it$/),
    ]);
    const everyOne = await demandLifecycle.run(capped(Number.MAX_SAFE_INTEGER));
    expect(everyOne).toEqual({ completed: true, findings: [] });
  });
});
