/**
 * A reference server given a clock writes the Date of its answers by it, as it stamps the records it
 * creates: an order placed "now" reads as placed at the moment of the answer that lists it, whatever
 * day the run is on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SELF_CHECK_CLOCK_MS } from '../mutation-set/run-against.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { field, listOf, postTo } from '../support/raw-http.js';
import { FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { ALPHA_ORDER, documentedHeaders } from '../support/sample-bodies.js';

const TOKEN = 'server-clock-token';
const HEADERS = documentedHeaders(TOKEN);
let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the reference server's one clock", () => {
  it('writes the Date of every answer by the clock it stamps records with', async () => {
    server = await startReferenceServer({ token: TOKEN, now: () => SELF_CHECK_CLOCK_MS });
    const created = await postTo(server, pathOf('alpha-order-create'), ALPHA_ORDER, HEADERS);
    const listed = await postTo(server, pathOf('alpha-orders-list'), FIRST_PAGE, HEADERS);
    const refused = await postTo(server, '//no/such/path', {}, HEADERS);
    for (const reply of [created, listed, refused]) expect(field(reply, 'date')).toBe('Sun, 22 Nov 2026 02:00:00 GMT');
    expect(listOf(listed)[0]!.soCtime).toBe(SELF_CHECK_CLOCK_MS / 1000);
  });
});
