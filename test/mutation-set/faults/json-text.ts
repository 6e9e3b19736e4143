import type { Json } from '../../../src/reference/json.js';
import { answerFault, dataFault, json } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

const APPLICATION_JSON = 'application/json; charset=utf-8';

/**
 * Java's "modified UTF-8" (DataOutput.writeUTF, JNI): each UTF-16 unit encoded on its own, so a
 * character beyond the BMP becomes two three-byte sequences for its surrogates (as CESU-8 does).
 */
function modifiedUtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0) bytes.push(0xc0, 0x80);
    else if (unit < 0x80) bytes.push(unit);
    else if (unit < 0x800) bytes.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    else bytes.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
  }
  return Buffer.from(bytes);
}

/** The clean answer's JSON text, rewritten. */
const rewritten = (body: unknown, rewrite: (text: string) => string) => ({ contentType: APPLICATION_JSON, body: rewrite(JSON.stringify(body)) });

/** Answers whose JSON text breaks RFC 8259, RFC 7493 or RFC 3629 (section 1: "body and response are JSON"). */
export const jsonTextFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'json-body', severity: 'error' }, answerFault, [
    {
      name: 'nan-for-a-price',
      breaks: ['rfc8259-6-number-grammar'],
      description: "writes NaN for a price it could not compute, as Python's json.dumps does unless told not to",
      operationId: 'beta-products-by-brand',
      answer: (body) => rewritten(body, (text) => text.replace(/"price":[-\d.eE+]+/, '"price":NaN')),
    },
    {
      name: 'python-none-for-null',
      breaks: ['rfc8259-3-literals'],
      description: 'writes null as None, as a Python dict turned into text with str() does',
      operationId: 'purchase-order-list',
      answer: (body) => rewritten(body, (text) => text.replaceAll(':null', ':None')),
    },
    {
      name: 'raw-line-break-in-string',
      breaks: ['rfc8259-7-escapes-required'],
      description: 'writes a line break inside a remark as it is, not as \\n, as JSON put together from strings does',
      operationId: 'custom-demand-list',
      answer: (body) => rewritten(body, (text) => text.replaceAll('"remark":"', '"remark":"见附件\n')),
    },
  ]),
  ...caughtBy({ check: 'json-unicode', severity: 'error' }, answerFault, [
    {
      name: 'modified-utf-8',
      breaks: ['rfc3629-3-surrogates'],
      description: "writes its JSON in Java's modified UTF-8, a character beyond the BMP as two encoded surrogates",
      operationId: 'consignee-delete',
      answer: (body) => ({ contentType: APPLICATION_JSON, body: modifiedUtf8(JSON.stringify({ ...(body as Json), message: '操作成功 🧪' })) }),
    },
  ]),
  ...caughtBy({ check: 'json-charset', severity: 'warning' }, answerFault, [
    {
      name: 'charset-gbk-label',
      breaks: ['rfc8259-11-no-charset'],
      description: 'labels its UTF-8 JSON application/json; charset=GBK',
      operationId: 'bank-card-list',
      answer: (body) => ({ ...json(body), contentType: 'application/json; charset=GBK' }),
    },
  ]),
  ...caughtBy({ check: 'json-bom', severity: 'error' }, answerFault, [
    {
      name: 'utf8-bom',
      breaks: ['rfc8259-8.1-no-bom', 'rfc3629-6-bom'],
      description: "writes a UTF-8 byte order mark before its JSON, as .NET's Encoding.UTF8 does",
      operationId: 'bank-card-by-id',
      answer: (body) => rewritten(body, (text) => `\uFEFF${text}`),
    },
  ]),
  ...caughtBy({ check: 'json-duplicate-names', severity: 'warning' }, answerFault, [
    {
      name: 'code-written-twice',
      breaks: ['rfc8259-4-unique-names', 'rfc7493-2.3-unique-names'],
      description: 'writes `code` twice in the envelope, a wrapper’s "0" before the handler’s own',
      operationId: 'custom-demand-delete',
      answer: (body) => rewritten(body, (text) => text.replace('"code":', '"code":"0","code":')),
    },
  ]),
  ...caughtBy({ check: 'json-number-precision', severity: 'warning' }, answerFault, [
    {
      name: 'price-past-double',
      breaks: ['rfc8259-6-interoperable-numbers', 'rfc7493-2.2-numbers'],
      description: 'writes prices worked out in decimal arithmetic to 20 places (128.33333333333333333333), more digits than a double keeps',
      operationId: 'beta-products-by-brand',
      answer: (body) => rewritten(body, (text) => text.replace(/"price":(\d+)(?:\.\d+)?/g, (_price, whole: string) => `"price":${whole}.${'3'.repeat(20)}`)),
    },
  ]),
  ...caughtBy({ check: 'json-code-points', severity: 'warning' }, dataFault, [
    {
      name: 'emoji-cut-in-half',
      breaks: ['rfc8259-8.2-unpaired-surrogates', 'rfc7493-2.1-code-points'],
      description: 'cuts a remark to a length counted in UTF-16 units, through the middle of an emoji: a lone surrogate',
      operationId: 'bank-card-by-id',
      rewrite: (data) => (typeof data.remark === 'string' ? { ...data, remark: `${data.remark} 🧪`.slice(0, -1) } : data),
    },
  ]),
];
