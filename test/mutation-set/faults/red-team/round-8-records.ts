/**
 * Red team round 8, records across answers: a delete that happens and is answered as not found,
 * characters beyond the BMP lost to a three-byte character set, a lookup by id that searches only
 * the list's first page, and a created order whose generated id is never read back.
 */
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, dataFault, json, misreadFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { sendText, succeeded } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** A character outside the BMP: four bytes in UTF-8, more than MySQL's utf8 (utf8mb3) holds. */
const BEYOND_BMP = /[\u{10000}-\u{10FFFF}]/gu;

/** Each string field as a utf8mb3 connection stores it: every character beyond the BMP replaced by "?". */
const asStoredInUtf8mb3 = (payload: Json): Json =>
  Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, typeof value === 'string' ? value.replace(BEYOND_BMP, '?') : value]));

/** How many bank cards the list's service method returns when asked for no page: its default, 20. */
const DEFAULT_PAGE_SIZE = 20;

/** How far above an id the lookup still looks for newer cards: ids are handed out across every kind of record. */
const ID_SPAN = 10_000;

/** Whether the card is among the newest DEFAULT_PAGE_SIZE, the list's first page: fewer than that many cards have a higher id. */
function onFirstPage(id: number, cardExists: (id: number) => boolean): boolean {
  let newer = 0;
  for (let other = id + 1; other <= id + ID_SPAN && newer < DEFAULT_PAGE_SIZE; other += 1) if (cardExists(other)) newer += 1;
  return newer < DEFAULT_PAGE_SIZE;
}

const idOf = (payload: unknown, field: string): number | undefined => (isPlainObject(payload) ? wholeNumber(payload[field]) : undefined);

export const round8Records: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'demand-deleted-but-answered-not-found',
    description:
      'The delete mapper returns nothing, and the service learns the rows it affected from a separate SELECT ROW_COUNT(), which the pool runs on another connection, where it is -1: every delete that happened is answered as one that found no demand',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #3: delDemand takes "demandId" and answers an "empty object" as data; 7 rule 1: "Results and errors are carried in the envelope fields status, code, message and error": an error says the delete did not happen',
      observable:
        'Request class: delDemand of a demand the list shows. It answers status "fail", code "404", "no custom demand has the id", yet the demand is gone from the list (#1) and from totalPage; sent again it answers the same',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const demandId = idOf(payload, 'demandId');
      if (!succeeded(clean) || demandId === undefined) return json(clean);
      return json(envelope('full', notFound('demandId', `no custom demand has the id ${demandId}`)));
    },
  }),
  planted(misreadFault, {
    name: 'astral-characters-stored-as-question-marks',
    description:
      'The consignment table and the JDBC connection use MySQL\'s utf8, which is utf8mb3 (three bytes a character at most); under a non-strict sql_mode a character beyond the BMP is stored as "?" with only a warning, and the publish succeeds',
    operationId: 'consignment-publish',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #5: publish takes "productName", "level", "pack"; #6 answers the consignment as "one purchase order record shape (2.7)", with "productCname | string": the name read back is the name published',
      observable:
        'Request class: a publish whose productName holds a character beyond the BMP (四丁基溴化𬭩, 𬭩 U+2CB69, the "onium" of onium salts). It succeeds, and delConsignment (#6) answers productCname "四丁基溴化?"; names within the BMP come back as sent',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    misreads: asStoredInUtf8mb3,
  }),
  planted(socketFault, {
    name: 'card-by-id-searches-first-page-only',
    description: `bankCardInfoById was written against the list's service method: it calls listBankCards(memberId) with no page, which pages by its default of ${DEFAULT_PAGE_SIZE}, and picks the id out of what came back`,
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #8: bankCardInfoById takes "id" and answers the card in the "consignee record shape (2.9)"; #7 bankCardList lists the member\'s cards (2.8 "id | integer"): a card the list shows is found by its id',
      observable: `Request class: bankCardInfoById of a card on page 2 or later of bankCardList (id 3, listed on page 20 at pageSize 10). It answers code "404", no bank card has the id; the ${DEFAULT_PAGE_SIZE} newest cards (ids 200 to 181) are found`,
    },
    expect: { check: 'listed-record-found', severity: 'warning' },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const id = idOf(payload, 'id');
      const cardExists = (other: number) => succeeded(answerTo({ id: other }) as Json);
      if (!succeeded(clean) || id === undefined || onFirstPage(id, cardExists)) return sendText(res, JSON.stringify(clean));
      sendText(res, JSON.stringify(envelope('full', notFound('id', `no bank card has the id ${id}`))));
    },
  }),
  planted(dataFault, {
    name: 'created-order-id-not-read-back',
    description:
      'The INSERT of the order mapper lacks useGeneratedKeys (keyProperty="soId"), so the id MySQL generates is never copied back into the entity, whose soId is a primitive long: the answer is built from the entity as it was before the insert',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '2.3: "The order returned by the two create-order operations has the same fields" as the order of the list, "soId | integer" among them: the soId #14 answers is the one getAlphaOrders (#13) lists the order under',
      observable:
        'Request class: createAlphaOrders, then getAlphaOrders. The create answers "soId":0; the list shows the same order, same soNo, under soId 201, and no order has the id 0',
    },
    expect: { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
    // A refusal carries no order.
    rewrite: (data) => (isPlainObject(data) && typeof data.soId === 'number' ? { ...data, soId: 0 } : data),
  }),
];
