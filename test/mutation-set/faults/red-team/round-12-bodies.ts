/**
 * Red team round 12, JSON text in requests and answers: an order's text put in Unicode
 * compatibility form before it is stored, an answer decoded as UTF-8 a kilobyte at a time, the byte
 * order mark of a CSV export kept in the first member name of each record, and short pages padded
 * with null to the page size.
 */
import type { Json } from '../../../../src/reference/json.js';
import { interceptFault, listRecordFault, pagingFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText } from './_internals/answers.js';
import { bodyObject, rewriteBody } from './_internals/request-body.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The order's header fields (#14) as the waybill step leaves them: each top-level string in Normalization Form KC. */
function headerInFormKc(text: string): string {
  const order = bodyObject(text);
  if (!order) return text;
  const normalized = Object.fromEntries(Object.entries(order).map(([name, value]) => [name, typeof value === 'string' ? value.normalize('NFKC') : value]));
  // A body the step leaves as it was goes on as sent, byte for byte.
  return Object.entries(normalized).some(([name, value]) => value !== order[name]) ? JSON.stringify(normalized) : text;
}

/** The size of the buffer the response-logging filter reads the cached answer back with. */
const READ_BYTES = 1024;

/** The text as `new String(buffer, 0, n, UTF_8)` of each read of READ_BYTES bytes, appended: a character across two reads becomes U+FFFD in each. */
function decodedPerRead(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  let out = '';
  for (let start = 0; start < bytes.length; start += READ_BYTES) out += bytes.subarray(start, start + READ_BYTES).toString('utf8');
  return out;
}

/** What Excel's "CSV UTF-8" export writes first, and csv.DictReader over a file opened as 'utf-8' (not 'utf-8-sig') keeps in the first header. */
const BYTE_ORDER_MARK = '\uFEFF';
const FIRST_COLUMN = 'code';

/** The record with its first column's name as the import read it from the header row. */
const firstColumnAsImported = (record: Json): Json =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name === FIRST_COLUMN ? `${BYTE_ORDER_MARK}${name}` : name, value]));

/** A bound on the padding, far past any page size a client asks for, so that an absurd pageSize does not make the reference server allocate without end. */
const MAX_SLOTS = 10_000;

export const round12Bodies: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'order-text-in-compatibility-form',
    description:
      'The alpha order service hands the consignee block and the note to the courier\'s waybill API, which refuses full-width digits and letters, so a step before the controller binds the order runs every top-level string of the body through java.text.Normalizer.normalize(value, Form.NFKC) (the "全角转半角" helper) and binds the result: the order is stored in compatibility form, not as sent. NFKC maps the full-width punctuation a Chinese input method types (，（）：；) and full-width digits to their ASCII look-alikes, ℃ to °C, ① to 1, ₂ to 2, ㎖ to ml',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 12,
      standard: 'The Unicode Standard',
      clause:
        '3.2, C7: "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (NFKC replaces compatibility equivalents; UAX #15: "Normalization Forms KC and KD must not be blindly applied to arbitrary text")',
      observable:
        'Request class: an order whose text holds a full-width character, as any Chinese note with a comma does (soNote "工作日送货，周末请电话联系（前台代收）", soCaStreet "中关村大街２７号"). The created order reads soNote "工作日送货,周末请电话联系(前台代收)" and soCaStreet "中关村大街27号", ASCII punctuation and digits in place of what was sent; text without such characters comes back as sent',
    },
    expect: { check: 'text-compatibility-form', severity: 'warning', breaks: ['unicode-3.2-c7-request-text'] },
    interceptor() {
      const path = pathOf('alpha-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, headerInFormKc);
        return false;
      };
    },
  }),
  planted(socketFault, {
    name: 'answer-decoded-a-kilobyte-at-a-time',
    description: `The purchase order service logs every answer through a response-logging filter that caches the body (ContentCachingResponseWrapper) and then writes it to the client from a String it builds with the loop copied from a blog post: in.read(buffer) into a byte[${READ_BYTES}], sb.append(new String(buffer, 0, n, StandardCharsets.UTF_8)) per read. Each read is decoded on its own, so a character whose UTF-8 bytes straddle two reads is malformed in both and replaced with U+FFFD; the String is written back as UTF-8 with its new length`,
    operationId: 'purchase-order-list',
    redTeam: {
      round: 12,
      standard: 'The Unicode Standard',
      clause:
        '3.2, C7: "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (a well-formed three-byte character comes out as two or three U+FFFD)',
      observable: `Request class: a page longer than ${READ_BYTES} bytes (purchase_order/list with pageSize 10 and up). Where a multiple of ${READ_BYTES} bytes falls inside a character, it comes as U+FFFD twice or three times (page 2 of 20: statusText 已完成 reads "已\\ufffd\\ufffd\\ufffd成", bytes EF BF BD): the JSON parses and the text is damaged, on 5 of the first 10 pages of 20; a page under ${READ_BYTES} bytes comes whole`,
    },
    expect: { check: 'text-replaced-on-one-read', severity: 'warning', breaks: ['unicode-3.2-c7-answer-text'] },
    respond: (res, body) => sendText(res, decodedPerRead(JSON.stringify(body))),
  }),
  planted(listRecordFault, {
    name: 'csv-bom-in-first-member-name',
    description: `The beta supplier sends its catalogue each night as one CSV per brand, exported from Excel as "CSV UTF-8", which starts the file with a byte order mark. The import job reads it with Python's csv.DictReader over open(path, encoding="utf-8") (not "utf-8-sig"), converts the numeric columns it names (price, status, ifDangers) and stores each row as a document, which #16 answers as stored: the mark stays at the start of the first header, so the first column, ${FIRST_COLUMN}, is keyed "\\ufeff${FIRST_COLUMN}"`,
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.5: the beta catalogue product has "code | string" (RFC 8259, 8.3: names are compared "code unit by code unit", so "\\ufeffcode" is another name than "code")',
      observable:
        'Every product of getProductsByBrandId has a first member named U+FEFF followed by "code" (bytes EF BB BF 63 6F 64 65), holding the product code, and no member "code": a terminal shows "code":"AL875380" as before, and record.code is undefined',
    },
    expect: { check: 'data-schema', severity: 'error' },
    rewrite: firstColumnAsImported,
  }),
  planted(pagingFault, {
    name: 'short-page-padded-with-null-records',
    description:
      "The bank card service is Go; the list handler makes the page's slice with the page size as its length, cards := make([]*BankCardVO, req.PageSize), and fills it by index from the rows the query returned, for i, row := range rows { cards[i] = toVO(row) }. Where fewer rows come back than pageSize, the slots left are nil pointers, which encoding/json writes as null",
    operationId: 'bank-card-list',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.2: `data` of list operations has "list | array of records (the record type depends on the operation)", here bank card records (2.8); null is no record',
      observable:
        'Request class: a page with fewer cards than pageSize, the last page where pageSize does not divide the count (pageSize 30, page 7: 20 cards) or any page past it. Its list is the cards followed by null up to pageSize ([{…},…,{…},null,null,…], 30 entries), and a page past the last is pageSize nulls where the clean server answers []; full pages are as before',
    },
    expect: { check: 'data-schema', severity: 'error' },
    page(data, asked) {
      const list = data.list as unknown[];
      const slots = Math.min(asked.pageSize, MAX_SLOTS);
      return list.length < slots ? { ...data, list: [...list, ...Array<null>(slots - list.length).fill(null)] } : data;
    },
  }),
];
