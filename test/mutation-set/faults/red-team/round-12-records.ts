/**
 * Red team round 12, records read across answers: order lines zipped by position with products
 * fetched in index order, a page count guessed from a slice, a delete of a missing id that removes
 * the last address of the book, and two lookups that share one cache.
 */
import { BY_ID, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { interceptFault, pagingFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { watchBody } from './_internals/request-body.js';
import { idIn, INTERNAL_ERROR, noteWithLines, SharedLookupCache, withLines, zippedWithSortedProducts } from './_internals/round-12-records.js';
import { listedPathOf } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/**
 * Ids a delete tries, from 1, to find the consignee at the end of the book: more than a run of the kit
 * creates. Each try is a call of the delete's handler on the thread every server of a mutation run
 * shares, and a refused delete on an emptied book tries them all: the search is kept short.
 */
const HIGHEST_ID_SEARCHED = 5_000;

const isNotFound = (body: unknown): boolean => isPlainObject(body) && body.code === '404';

export const round12Records: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'beta-order-lines-zipped-with-sorted-products',
    description:
      "createBetaOrders fetches the products of the order in one query, productMapper.selectList(Wrappers.<Product>lambdaQuery().in(Product::getPCode, codes)), and builds line i from items.get(i) and products.get(i). MySQL answers an IN over the unique index on p_code in index order, by code, not in the order of the list, so each line keeps its item's code and quantity and takes its product id, names, CAS, grade, delivery term, price and discount from the product at its place in code order; the lines are stored so, and totals counted from them. Items already in code order, and one-item orders, come out right; two items of one code leave fewer products than items, and products.get(i) throws",
    operationId: 'beta-order-create',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #15: createBetaOrders takes "items: array of {pCode (string), brandId (string), num (string)}" and answers the "Order with items (2.3, 2.4)"; 2.4: an order line carries "siPrice", "pId", "pCode", "pCnName", "pLevel", "cCas": of the one product its pCode names, as the catalogue (#16, 2.5: "code", "cas", "level", "price") lists it',
      observable:
        'Request class: createBetaOrders (#15) of two or more items not in code order (AL875380, then AL104523). Line 1 reads pCode AL875380 with the price, pId, pCnName, pLevel and cCas of AL104523, and line 2 the other way round, each siAmount and soTotal counted from the swapped prices, where the same items ordered one by one (or in code order) answer each code with its own; the dispatch note (4.1) names the swapped products too; two items of one code are answered code "500"',
    },
    expect: { check: 'flow-beta-order-lines', severity: 'warning', at: 'beta-order-create' },
    interceptor() {
      const create = pathOf('beta-order-create');
      const note = listedPathOf('beta-order-dispatch-note');
      const storedLines = new Map<string, Json[]>();
      return (req, res) => {
        if (req.url === create) {
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const order = body?.data;
            if (!body || !succeeded(body) || !isPlainObject(order) || !Array.isArray(order.items)) return send(held);
            const lines = zippedWithSortedProducts(order.items as Json[]);
            if (!lines) return send(withJson(held, INTERNAL_ERROR));
            storedLines.set(String(order.soNo), lines);
            send(withJson(held, { ...body, data: withLines(order, lines) }));
          });
        }
        if (req.url === note) {
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const dispatch = body?.data;
            const lines = isPlainObject(dispatch) ? storedLines.get(String(dispatch.soNo)) : undefined;
            send(body && lines && isPlainObject(dispatch) ? withJson(held, { ...body, data: noteWithLines(dispatch, lines) }) : held);
          });
        }
        return false;
      };
    },
  }),
  planted(pagingFault, {
    name: 'total-page-guessed-from-a-slice',
    description:
      "The brand's product page moved from Page<Product> to Spring Data's Slice<Product> when COUNT(*) over the product table began to time out under the catalogue's load: a Slice fetches pageSize + 1 rows and knows only whether another page follows. The mapper to the open API's page fills totalPage as slice.hasNext() ? pageNo + 1 : pageNo, which the mall's endless scroll reads correctly",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.2: "totalPage | integer (total number of pages)"; 4 rule 2: "In list operations … the response carries totalPage, pageNo and list": the same number on every page of one list, the number of pages its records fill',
      observable:
        'totalPage is one past the page asked on every page but the last: brand 1 at pageSize 10 reads totalPage 2 on page 1, 3 on page 2, and the true count only on its last page, so a client that takes totalPage from page 1 stops after page 2; a page past the last reads totalPage equal to the pageNo asked (page 9 of 5: totalPage 9), and a brand without products totalPage 1 where the clean server says 0; every list is as the clean server sends it',
    },
    expect: { check: 'page-total-steady', severity: 'warning' },
    page: (data, asked, pageAt) => {
      const more = (pageAt(asked.pageSize, asked.pageNo + 1).list as Json[]).length > 0;
      return { ...data, totalPage: more ? asked.pageNo + 1 : asked.pageNo };
    },
  }),
  planted(socketFault, {
    name: 'missing-consignee-delete-removes-the-last',
    description:
      "The member's consignee addresses live in one document per member (a JSON column of the member's address book), newest first, which the Node service edits in memory and writes back: deleteConsignee runs book.splice(book.findIndex((c) => c.id === id), 1), saves the book, and only then answers not found where the index was -1. splice(-1, 1) removes the last element, the member's oldest address. A retried delete, a double click, or an id the client's list showed before another device deleted it, each take one address",
    operationId: 'consignee-delete',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #10: deleteConsignee takes "id" and answers an "empty object"; 1: the member manages "consignee addresses"; 7 rule 1: "Results and errors are carried in the envelope fields": a delete answered as having found no consignee with the id has deleted nothing, and consigneeInfoById (#9) of every other id answers as before',
      observable:
        'Request class: deleteConsignee (#10) of an id no consignee has (999999, or the same id deleted a second time). It answers code "404" as from the clean server, yet consigneeInfoById (#9) of the oldest consignee (id 1) then answers "404" too, and the consignee list (4.1) ends one short; each such delete takes the next oldest; deletes of ids that exist remove their own consignee only',
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning', at: 'consignee-list' },
    respond(res, body, payload, answerTo) {
      if (isNotFound(body) && readRequest(payload, BY_ID).ok) {
        // The index of -1 reaches splice: the consignee at the end of the book (the smallest id) goes.
        for (let id = 1; id <= HIGHEST_ID_SEARCHED; id += 1) if (!isNotFound(answerTo({ id }))) break;
      }
      sendText(res, JSON.stringify(body));
    },
  }),
  planted(interceptFault, {
    name: 'card-and-consignee-lookups-share-a-cache',
    description:
      'bankCardInfoById was written by copying consigneeInfoById, since section 4 gives both the consignee record shape, and the copy kept its annotations: both service methods carry @Cacheable(cacheNames = "consignee", key = "#id") over one Redis cache, and the edits and deletes of both @CacheEvict(cacheNames = "consignee", key = "#id"). Each lookup alone answers right; whichever of the two is asked first for an id fills the entry the other then answers',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #8: bankCardInfoById takes "id" and answers the "consignee record shape (2.9)" of that bank card (2.8: "accountName", "bankName", "bankAccount"); #9: consigneeInfoById answers the "consignee record (2.9)" of that consignee: a bank card and a consignee of one id are two records',
      observable:
        'Request class: the two lookups of one id, one after the other. consigneeInfoById (#9) of 3 then bankCardInfoById (#8) of 3 answers consignee 3 (consigneeName, mobile, address of the address book) where the clean server answers the card, its holder and "bank account" remark; #8 first makes #9 answer the card; a lookup of an id the other never asked, and any lookup after an edit or delete of its id, are as from the clean server',
    },
    expect: { check: 'flow-lookups-apart', severity: 'warning', at: 'bank-card-by-id' },
    interceptor() {
      const lookups = new Set([pathOf('bank-card-by-id'), pathOf('consignee-by-id')]);
      const writes = new Set([listedPathOf('consignee-edit'), pathOf('consignee-delete'), listedPathOf('bank-card-edit'), listedPathOf('bank-card-delete')]);
      const cache = new SharedLookupCache();
      return (req, res) => {
        const url = req.url ?? '';
        if (lookups.has(url) || writes.has(url)) {
          const asked = watchBody(req);
          const id = () => idIn(asked());
          if (lookups.has(url)) cache.lookup(res, id);
          else cache.evictAfter(res, id);
        }
        return false;
      };
    },
  }),
];
