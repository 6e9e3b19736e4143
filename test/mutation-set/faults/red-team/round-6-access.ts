/**
 * Red team round 6, access: page links that carry the caller's token in their query, and a delete
 * that never asks whose record the id names, or whether it named one at all.
 */
import { envelope, done } from '../../../../src/reference/handlers/_internals/answer.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText } from './_internals/answers.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The token after the word bearer, with or without a space. */
const BEARER = /^bearer ?(.+)$/i;

/** The Link field of a page: the next and the last pages, each a URL that signs in as the caller. */
function pageLinks(path: string, pageSize: number, pageNo: number, totalPage: number, token: string): string {
  const target = (page: number) => `<${path}?pageSize=${pageSize}&pageNo=${page}&access_token=${encodeURIComponent(token)}>`;
  const next = pageNo < totalPage ? [`${target(pageNo + 1)}; rel="next"`] : [];
  return [...next, `${target(totalPage)}; rel="last"`].join(', ');
}

export const round6Access: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'page-links-carry-access-token',
    description:
      "The pagination helper was shared with the web pages, which sign in by an access_token query parameter: it builds the next and last page links with the caller's token appended, so the token lands in every log, history and Referer that keeps the URL",
    operationId: 'bank-card-list',
    redTeam: {
      round: 6,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Sends sensitive authentication details, such as auth tokens and passwords in the URL"',
      observable:
        'Every page of bankCardList carries Link: <http://HOST//pc/customer/bankCardList?pageSize=10&pageNo=2&access_token=TOKEN>; rel="next", …: the bearer token of the call, in a URL',
    },
    expect: { check: 'token-echo', severity: 'warning' },
    respond(res, body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const token = BEARER.exec(res.req.headers.authorization ?? '')?.[1];
      const text = JSON.stringify(clean);
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1 || token === undefined) {
        return sendText(res, text);
      }
      const path = `http://${res.req.headers.host ?? '127.0.0.1'}${pathOf('bank-card-list')}`;
      sendText(res, text, { link: pageLinks(path, Number(payload.pageSize), Number(data.pageNo), data.totalPage, token) });
    },
  }),
  planted(answerFault, {
    name: 'consignee-delete-any-id-succeeds',
    description:
      "The delete runs DELETE FROM consignee WHERE id = ? with neither the member's id in the condition nor a look at the rows it affected: any id is answered as deleted, another member's consignee deleted for real",
    operationId: 'consignee-delete',
    redTeam: {
      round: 6,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "every API endpoint that receives an ID of an object, and performs any action on the object, should implement object-level authorization checks"',
      observable:
        "Request class: deleteConsignee of an id none of the member's consignees has (999999, or one just deleted). It answers success, where the clean server answers that no consignee has the id",
    },
    expect: {
      unseen:
        'not judged, on purpose: a delete of an id no record holds answered as done is what an idempotent delete answers (RFC 9110 §9.2.2), and the spec shows no behaviour beyond shapes',
    },
    answer: (body) => {
      const clean = body as Json;
      return json(clean.code === '404' ? envelope('full', done({})) : clean);
    },
  }),
];
