/**
 * Requests on a connection of their own (client/conversation.ts): each answer framed as RFC 9112 frames it,
 * and what only the connection shows — a close no answer announced, octets after an answer's end.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { converse, type WireRequest } from '../../src/client/conversation.js';
import { readRequests } from '../support/raw-requests.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on 127.0.0.1 that answers each request it reads (by its request line) with what `answer` writes. */
async function rawServer(answer: (socket: Socket, requestLine: string, index: number) => void): Promise<string> {
  const server = createServer((socket) => readRequests(socket, (head, _body, index) => answer(socket, head.split('\r\n')[0]!, index)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const json = (text: string, fields: readonly string[] = []) =>
  [`HTTP/1.1 200 OK`, 'content-type: application/json', `content-length: ${Buffer.byteLength(text)}`, ...fields, '', text].join('\r\n');

const post: WireRequest = { method: 'POST', path: '//pc/custom_demand/list', headers: { 'content-type': 'application/json' }, body: '{"pageSize":10}' };
const head: WireRequest = { method: 'HEAD', path: '//pc/custom_demand/list', headers: { connection: 'close' }, body: undefined };
const options = (origin: string) => ({ origin, timeoutMs: 2000, maxBytes: 1 << 20 });

describe('a conversation on one connection', () => {
  it('reads each answer in turn, and learns nothing more of a server that keeps the connection and closes when asked', async () => {
    const origin = await rawServer((socket, line) => {
      if (line.startsWith('HEAD')) socket.end(['HTTP/1.1 200 OK', 'content-length: 11', 'connection: close', '', ''].join('\r\n'));
      else socket.write(json('{"data":{}}'));
    });
    const [first, second] = await converse([post, head], options(origin));
    expect(first).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}', json: { ok: true } } });
    expect(second).toMatchObject({ request: { method: 'HEAD' }, response: { status: 200, bodyText: '' } });
    expect([first!.connection, second!.connection]).toEqual([undefined, undefined]);
  });

  it('a close the answer did not announce: marked on that answer, and the next request sent on a new connection', async () => {
    const origin = await rawServer((socket, line) => {
      if (line.startsWith('HEAD')) socket.end(['HTTP/1.1 200 OK', 'connection: close', '', ''].join('\r\n'));
      else socket.end(json('{"data":{}}', ['connection: keep-alive']));
    });
    const [first, second] = await converse([post, head], options(origin));
    expect(first!.connection).toEqual({ closedUnannounced: true });
    expect(second!.response?.status).toBe(200);
  });

  it('a close the answer announced is no finding: Connection: close, or HTTP/1.0 without keep-alive', async () => {
    for (const answer of [json('{"data":{}}', ['connection: close']), json('{"data":{}}').replace('HTTP/1.1', 'HTTP/1.0')]) {
      const origin = await rawServer((socket, line) => {
        if (line.startsWith('HEAD')) socket.end(['HTTP/1.1 200 OK', 'connection: close', '', ''].join('\r\n'));
        else socket.end(answer);
      });
      const [first, second] = await converse([post, head], options(origin));
      expect(first!.connection).toBeUndefined();
      expect(second!.response?.status).toBe(200);
    }
  });

  it('content after the answer to a HEAD: counted as octets after the answer, not read as its body', async () => {
    const refusal = '{"code":"405"}';
    const origin = await rawServer((socket, line) => {
      if (line.startsWith('HEAD')) socket.end([`HTTP/1.1 200 OK`, `content-length: ${refusal.length}`, '', refusal].join('\r\n'));
      else socket.write(json('{"data":{}}'));
    });
    const [, second] = await converse([post, head], options(origin));
    expect(second).toMatchObject({ response: { bodyText: '' }, connection: { octetsAfterAnswer: refusal.length } });
  });

  it('a second answer written with the first: kept on the first, and the next request answered on a new connection', async () => {
    const stray = json('{"code":"500"}').replace('200 OK', '500 Internal Server Error');
    const sockets = new Set<Socket>();
    const origin = await rawServer((socket, line) => {
      sockets.add(socket);
      if (line.startsWith('HEAD')) socket.end(['HTTP/1.1 200 OK', 'connection: close', '', ''].join('\r\n'));
      else if (line.startsWith('TRACE')) socket.write(json('{"trace":1}'));
      // Both in one write, as a handler past its framework writes them: they come together, and the connection stays open.
      else socket.write(json('{"data":{}}') + stray);
    });
    const [first, second, third] = await converse([post, { ...head, method: 'TRACE', headers: {} }, head], options(origin));
    expect(first).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' } });
    expect(first!.connection).toEqual({ octetsAfterAnswer: Buffer.byteLength(stray), statusLineAfterAnswer: 'HTTP/1.1 500 Internal Server Error' });
    expect(second).toMatchObject({ request: { method: 'TRACE' }, response: { status: 200, bodyText: '{"trace":1}' } });
    expect([second!.connection, third!.connection]).toEqual([undefined, undefined]);
    expect(sockets.size).toBe(2);
  });

  it('a second answer after the last, before the close it asked for: kept on the last answer', async () => {
    const stray = json('{"code":"500"}', ['connection: close']);
    const origin = await rawServer((socket) => socket.end(json('{"data":{}}') + stray));
    const [only] = await converse([{ ...post, headers: { ...post.headers, connection: 'close' } }], options(origin));
    expect(only).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' } });
    expect(only!.connection).toEqual({ octetsAfterAnswer: Buffer.byteLength(stray), statusLineAfterAnswer: 'HTTP/1.1 200 OK' });
  });

  it('empty lines after an answer, and interim answers before one, are nothing unasked: the connection goes on', async () => {
    const sockets = new Set<Socket>();
    const origin = await rawServer((socket, line, index) => {
      sockets.add(socket);
      if (line.startsWith('HEAD')) socket.end(['HTTP/1.1 200 OK', 'connection: close', '', ''].join('\r\n'));
      else if (index === 0) socket.write(`${json('{"data":{}}')}\r\n\r\n`);
      else socket.write(`HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n${json('{"data":{}}')}`);
    });
    const [first, second, third] = await converse([post, post, head], options(origin));
    expect(first!.connection).toBeUndefined();
    expect(second!.connection).toEqual({ interimAnswers: [{ status: 103, statusLine: 'HTTP/1.1 103 Early Hints' }] });
    expect(third).toMatchObject({ response: { status: 200 } });
    expect(third!.connection).toBeUndefined();
    expect(sockets.size).toBe(1);
  });

  it('a chunked answer, an interim 100 before it, and an answer framed by the close', async () => {
    const origin = await rawServer((socket, line, index) => {
      if (index === 0)
        socket.write(['HTTP/1.1 100 Continue', '', 'HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', '5', '{"a":', '3', '12}', '0', '', ''].join('\r\n'));
      else socket.end(['HTTP/1.1 200 OK', '', '{"b":2}'].join('\r\n'));
      void line;
    });
    const [first, second] = await converse([post, { ...post, headers: { connection: 'close' } }], options(origin));
    expect(first).toMatchObject({ response: { status: 200, bodyText: '{"a":12}' } });
    expect(first!.connection).toEqual({ interimAnswers: [{ status: 100, statusLine: 'HTTP/1.1 100 Continue' }] });
    expect(second).toMatchObject({ response: { bodyText: '{"b":2}' } });
    expect(second!.connection).toBeUndefined();
  });

  it('a server that never answers: a timeout, no later request sent; an abandoned conversation sends nothing', async () => {
    let heard = 0;
    const origin = await rawServer(() => heard++);
    const [only, ...rest] = await converse([post, head], { ...options(origin), timeoutMs: 100 });
    expect(only!.failure?.kind).toBe('timeout');
    expect(rest).toEqual([]);
    const abandon = AbortSignal.abort();
    const cut = await converse([post, head], { ...options(origin), abandon });
    expect(cut.map((transcript) => transcript.failure?.kind)).toEqual(['aborted', 'aborted']);
    expect(heard).toBe(1);
  });

  it('a connection that brings more than the cap is cut: content framed by the close fails, content after a HEAD counts as more than the cap', async () => {
    const flood = (socket: Socket) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pour = () => {
        while (!socket.destroyed && socket.write(chunk));
        if (!socket.destroyed) socket.once('drain', pour);
      };
      pour();
    };
    const origin = await rawServer((socket, line) => {
      socket.write(line.startsWith('HEAD') ? 'HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n' : 'HTTP/1.1 200 OK\r\n\r\n');
      flood(socket);
    });
    const [body] = await converse([post], { ...options(origin), maxBytes: 256 * 1024 });
    expect(body!.failure?.kind).toBe('body-too-large');
    const [afterHead] = await converse([head], { ...options(origin), maxBytes: 256 * 1024 });
    expect(afterHead!.connection).toMatchObject({ octetsAfterAnswer: 256 * 1024, octetsAfterAnswerBeyondCap: true });
  });

  it('a server that keeps the connection it was asked to close holds the conversation a moment, not a timeout', async () => {
    const origin = await rawServer((socket) => socket.write(['HTTP/1.1 200 OK', 'content-length: 0', '', ''].join('\r\n')));
    const started = performance.now();
    const [only] = await converse([head], { ...options(origin), timeoutMs: 60_000 });
    expect(only!.response?.status).toBe(200);
    expect(only!.connection).toEqual({ keptOpenAfterClose: true });
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('a status line of another major version is read as HTTP/1.1 frames it, and kept as it came', async () => {
    const origin = await rawServer((socket) => socket.write(json('{"data":{}}').replace('HTTP/1.1 200 OK', 'HTTP/2.0 200 OK')));
    const [only] = await converse([post], options(origin));
    expect(only).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' }, connection: { malformedStatusLine: 'HTTP/2.0 200 OK' } });
  });

  it('a request in HTTP/1.0: its request line names the version, its transcript says so, and a server that keeps the connection holds nothing', async () => {
    let requestLine = '';
    const origin = await rawServer((socket, line) => {
      requestLine = line;
      socket.write(
        json('{"data":{}}', ['connection: keep-alive', 'transfer-encoding: chunked'])
          .replace(/content-length: \d+\r\n/, '')
          .replace('{"data":{}}', 'b\r\n{"data":{}}\r\n0\r\n\r\n'),
      );
    });
    const started = performance.now();
    const [only] = await converse([{ ...post, httpVersion: '1.0' }], { ...options(origin), timeoutMs: 60_000 });
    expect(requestLine).toBe('POST //pc/custom_demand/list HTTP/1.0');
    expect(only).toMatchObject({
      request: { httpVersion: '1.0' },
      response: { status: 200, bodyText: '{"data":{}}', headers: { 'transfer-encoding': 'chunked' } },
    });
    expect(only!.connection).toBeUndefined();
    // No Connection: close asked, so no wait for the server's close after the answer.
    expect(performance.now() - started).toBeLessThan(500);
    const [plain] = await converse([post], options(origin));
    expect(requestLine).toBe('POST //pc/custom_demand/list HTTP/1.1');
    expect(plain!.request.httpVersion).toBeUndefined();
  });

  it('what is no HTTP answer is invalid-http', async () => {
    const origin = await rawServer((socket) => socket.end('{"data":{}}\r\n\r\n'));
    const [only] = await converse([post], options(origin));
    expect(only!.failure?.kind).toBe('invalid-http');
  });
});

/** An HTTP server on 127.0.0.1 whose answer to an Expect: 100-continue is `expecting`'s; it keeps each body it read. */
async function expectingServer(expecting: (request: IncomingMessage, response: ServerResponse, answer: () => void) => void) {
  const bodies: string[] = [];
  const answer = (request: IncomingMessage, response: ServerResponse) => () => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
  };
  const server = createHttpServer((request, response) => answer(request, response)());
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => expecting(request, response, answer(request, response)));
  servers.push(server as unknown as Server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, bodies };
}

describe('a request that expects 100-continue', () => {
  const expecting: WireRequest = { ...post, headers: { ...post.headers, expect: '100-continue' } };

  it('sends its content after the 100 (Continue), which its transcript keeps', async () => {
    const { origin, bodies } = await expectingServer((_request, response, answer) => {
      response.writeContinue();
      answer();
    });
    const [only] = await converse([expecting], options(origin));
    expect(only).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' } });
    expect(only!.connection).toEqual({ interimAnswers: [{ status: 100, statusLine: 'HTTP/1.1 100 Continue' }] });
    expect(bodies).toEqual([post.body]);
  });

  it('sends its content without a 100 where none comes, after a moment, not a timeout', async () => {
    const { origin, bodies } = await expectingServer((_request, _response, answer) => answer());
    const [only] = await converse([expecting], { ...options(origin), timeoutMs: 60_000 });
    expect(only).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' } });
    expect(only!.connection).toBeUndefined();
    expect(bodies).toEqual([post.body]);
  });

  it('keeps its content where a final answer comes first, and sends the next request on a new connection', async () => {
    const { origin, bodies } = await expectingServer((_request, response) => response.writeHead(417, { 'content-type': 'text/html' }).end('<h1>417</h1>'));
    const [refused, next] = await converse([expecting, post], options(origin));
    expect(refused).toMatchObject({ response: { status: 417, bodyText: '<h1>417</h1>' }, connection: { contentWithheld: true } });
    expect(next).toMatchObject({ response: { status: 200, bodyText: '{"data":{}}' } });
    expect(next!.connection).toBeUndefined();
    expect(bodies).toEqual([post.body]);
  });
});

describe('a request whose Transfer-Encoding names chunked', () => {
  const chunked: WireRequest = { ...post, headers: { ...post.headers, 'transfer-encoding': 'chunked' }, body: '{"keyword":"丙酮","pageSize":10}' };

  it('sends its content in chunks of octets and the last chunk, without a Content-Length: a server that decodes the coding reads it whole', async () => {
    const { origin, bodies } = await expectingServer(() => undefined);
    const [only] = await converse([chunked], options(origin));
    expect(only).toMatchObject({ request: { headers: { 'transfer-encoding': 'chunked' } }, response: { status: 200, bodyText: '{"data":{}}' } });
    expect(bodies).toEqual([chunked.body]);
  });

  it('on the wire: the head without Content-Length, the content in two chunks sized in octets', async () => {
    const received: string[] = [];
    const server = createServer((socket) =>
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk.toString('latin1'));
        if (received.join('').endsWith('0\r\n\r\n')) socket.end(json('{"data":{}}'));
      }),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await converse([chunked], options(`http://127.0.0.1:${(server.address() as { port: number }).port}`));
    const message = received.join('');
    const headEnd = message.indexOf('\r\n\r\n');
    expect(message.slice(0, headEnd)).toMatch(/^transfer-encoding: chunked$/m);
    expect(message.slice(0, headEnd)).not.toMatch(/^content-length:/im);
    const octets = Buffer.from(chunked.body!);
    const half = Math.ceil(octets.length / 2);
    const chunk = (part: Buffer) => `${part.length.toString(16)}\r\n${part.toString('latin1')}\r\n`;
    expect(message.slice(headEnd + 4)).toBe(`${chunk(octets.subarray(0, half))}${chunk(octets.subarray(half))}0\r\n\r\n`);
  });
});
