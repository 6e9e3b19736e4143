/**
 * Requests written at once on a connection of their own (client/pipeline.ts): every request on the
 * wire before any answer, the answers read in the order they come, and no wait for a request the
 * server left unanswered.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WireRequest } from '../../src/client/conversation.js';
import { pipeline } from '../../src/client/pipeline.js';
import { readRequests } from '../support/raw-requests.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on 127.0.0.1 that hands `answer` the requests it has read on a connection each time one more comes. */
async function rawServer(answer: (socket: Socket, heads: readonly string[]) => void): Promise<string> {
  const server = createServer((socket) => {
    const heads: string[] = [];
    readRequests(socket, (head) => {
      heads.push(head);
      answer(socket, heads);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const json = (text: string, fields: readonly string[] = []) =>
  [`HTTP/1.1 200 OK`, 'content-type: application/json', `content-length: ${Buffer.byteLength(text)}`, ...fields, '', text].join('\r\n');

const first: WireRequest = { method: 'POST', path: '//pc/send_code', headers: { authorization: 'bearerT0KEN' }, body: '{"mobile":"13812345678"}' };
const second: WireRequest = { method: 'POST', path: '//pc/send_code', headers: {}, body: '{"mobile":"13812345678"}' };
const options = (origin: string) => ({ origin, timeoutMs: 2000, maxBytes: 1 << 20 });

describe('requests pipelined on one connection', () => {
  it('both on the wire before any answer; the answers taken in the order they came', async () => {
    const origin = await rawServer((socket, heads) => {
      // Answered only once both have come, the second's answer first, as a server that answers in completion order writes them.
      if (heads.length === 2) socket.write(json('{"code":"401"}') + json('{"code":"200"}'));
    });
    const [one, two, ...none] = await pipeline([first, second], options(origin));
    expect([one!.response?.bodyText, two!.response?.bodyText, none]).toEqual(['{"code":"401"}', '{"code":"200"}', []]);
    expect(one!.request.headers).toEqual(first.headers);
  });

  it('a server that closes after the first answer leaves the second without a transcript, announced or not, and holds nothing', async () => {
    for (const fields of [[], ['connection: close']]) {
      const origin = await rawServer((socket, heads) => {
        if (heads.length === 1) socket.end(json('{"code":"200"}', fields));
      });
      const answered = await pipeline([first, second], options(origin));
      expect(answered.map((transcript) => transcript.response?.status)).toEqual([200]);
    }
    // Connection: close said, the connection kept: the second is not waited for.
    const origin = await rawServer((socket, heads) => {
      if (heads.length === 1) socket.write(json('{"code":"200"}', ['connection: close']));
    });
    const started = performance.now();
    expect(await pipeline([first, second], { ...options(origin), timeoutMs: 60_000 })).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a server that never answers the second: a timeout; none answering at all: a reset; an abandoned pipeline sends nothing', async () => {
    const silentAfterOne = await rawServer((socket, heads) => {
      if (heads.length === 1) socket.write(json('{"code":"200"}'));
    });
    const [answered, timedOut] = await pipeline([first, second], { ...options(silentAfterOne), timeoutMs: 100 });
    expect([answered!.response?.status, timedOut!.failure?.kind]).toEqual([200, 'timeout']);
    const closing = await rawServer((socket) => socket.destroy());
    expect((await pipeline([first, second], options(closing))).map((transcript) => transcript.failure?.kind)).toEqual(['connection-reset']);
    const cut = await pipeline([first, second], { ...options(silentAfterOne), abandon: AbortSignal.abort() });
    expect(cut.map((transcript) => transcript.failure?.kind)).toEqual(['aborted', 'aborted']);
  });
});
