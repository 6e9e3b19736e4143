import { connect } from 'node:net';
import { request } from 'undici';
import { samplePayload } from './exchange.js';

/** One answer as the client got it: status and body, or how the request failed. */
export interface ClientAnswer {
  readonly status?: number;
  readonly body?: unknown;
  readonly failed?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const dataOf = (answer: ClientAnswer): Json => (isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : {});
const listOf = (answer: ClientAnswer): Json[] => (Array.isArray(dataOf(answer).list) ? (dataOf(answer).list as unknown[]).filter(isObject) : []);

/**
 * A client of the trading platform as a web front end would be written: it gets a token from the
 * token operation, logs in, reads lists page by page up to the totalPage they give (and one page
 * past it, as infinite scrolling does), opens records it listed, creates and deletes. Where the
 * documented header is refused it tries the call again with `Bearer <token>`, as a client written
 * against a stock middleware would; one list it reads before the token is attached. The same calls every time.
 */
export async function tradingSession(baseUrl: string, credentials: { readonly mobile: string; readonly password: string }): Promise<number> {
  let calls = 0;
  let token = '';
  const send = async (path: string, body: unknown, authorization: string | undefined): Promise<ClientAnswer> => {
    calls++;
    try {
      const response = await request(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.body.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the client keeps the text.
      }
      return { status: response.statusCode, body: parsed };
    } catch (error) {
      return { failed: (error as Error).message };
    }
  };
  const call = async (path: string, body: unknown): Promise<ClientAnswer> => {
    const answer = await send(path, body, `bearer${token}`);
    const refused = isObject(answer.body) && answer.body.code === '401';
    return refused ? send(path, body, `Bearer ${token}`) : answer;
  };
  /** Every page up to the totalPage page 1 gives (at most 8, as a client that shows the first few), then the next one. */
  const readAll = async (path: string, asked: Json, pageSize: number): Promise<Json[]> => {
    const first = await call(path, { ...asked, pageSize, pageNo: 1 });
    const records = listOf(first);
    const totalPage = Number(dataOf(first).totalPage);
    const last = Number.isSafeInteger(totalPage) ? Math.min(totalPage, 8) : 1;
    for (let pageNo = 2; pageNo <= last + 1; pageNo++) records.push(...listOf(await call(path, { ...asked, pageSize, pageNo })));
    return records;
  };

  const issued = await send('//auth/get_token', credentials, undefined);
  token = String(dataOf(issued).token ?? '');
  await call('//pc/auth/login', credentials);
  await send('//pc/customer/bankCardList', { pageSize: 10, status: null }, undefined);
  const demands = await readAll('//pc/custom_demand/list', { status: 1 }, 20);
  await call('//pc/purchase_order/list', { pageSize: 10, status: 1, cusType: '1' });
  const cards = listOf(await call('//pc/customer/bankCardList', { pageSize: 10, status: null }));
  if (cards[0]) await call('//pc/customer/bankCardInfoById', { id: cards[0].id });
  const consignees = await readAll('//pc/customer/consigneeList', {}, 10);
  if (consignees[0]) await call('//pc/customer/consigneeInfoById', { id: consignees[0].id });
  await readAll('/openapi/alpha/orders/getAlphaOrders', {}, 20);
  await readAll('/openapi/beta/products/getProductsByBrandId', { brandId: 1 }, 10);
  await readAll('//pc/consignmentorder/consignmentList', { status: 1 }, 10);
  await call('/openapi/alpha/orders/createAlphaOrders', samplePayload('alpha-order-create'));
  await call('//pc/custom_demand/create', samplePayload('custom-demand-create'));
  if (demands[0]) await call('//pc/custom_demand/delDemand', { demandId: demands[0].id });
  if (consignees[1]) await call('//pc/customer/deleteConsignee', { id: consignees[1].id });
  await call('//auth/send_code', samplePayload('send-code'));
  // A form field the client forgot to turn into a number.
  await call('//pc/custom_demand/list', { pageSize: 'twenty', status: 1 });
  return calls;
}

/**
 * One request over a socket of its own (`Connection: close`), and every byte that came back until
 * the connection closed: status line, headers, framing and body, as a client receives them.
 */
export function rawExchange(
  baseUrl: string,
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  body: string,
): Promise<{ bytes: Buffer; closedBy: string }> {
  const url = new URL(baseUrl);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => socket.end(`${head.join('\r\n')}\r\n\r\n${body}`));
    let closedBy = 'end';
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (closedBy = error.code ?? error.message));
    socket.on('close', () => resolve({ bytes: Buffer.concat(chunks), closedBy }));
  });
}
