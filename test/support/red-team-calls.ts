import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import type { ReferenceServer } from '../../src/reference/server.js';
import { dataOf, type Headers, type Json, listOf, postTo, type Reply } from './raw-http.js';

/** Page 1 of ten records: the list call the demonstrations start from. */
export const FIRST_PAGE = { pageSize: 10, pageNo: 1 };
/** The id the first record created on a fresh server gets: the seed's records hold 1 to 200. */
export const FIRST_CREATED_ID = 201;

/** An operation's path as section 4 writes it on the wire (the doubled slash before /pc and /auth). */
export const pathOf = (operationId: string): string => wirePath(findOperation(operationId)!);

/** The calls a round's demonstrations send: a POST of an operation, by default with `headers`, and every page of a list. */
export function documentedCalls(headers: Headers) {
  const post = (server: ReferenceServer, operationId: string, payload: unknown, sent: Headers = headers): Promise<Reply> =>
    postTo(server, pathOf(operationId), payload, sent);

  /** Every page of a list of `pageSize`, from 1 to the totalPage the first page gives. */
  async function walk(server: ReferenceServer, operationId: string, asked: Json): Promise<{ totalPage: number; pages: Json[][] }> {
    const first = dataOf(await post(server, operationId, { ...asked, pageNo: 1 }));
    const totalPage = first.totalPage as number;
    const pages = [first.list as Json[]];
    for (let pageNo = 2; pageNo <= totalPage; pageNo += 1) pages.push(listOf(await post(server, operationId, { ...asked, pageNo })));
    return { totalPage, pages };
  }

  return { post, walk };
}
