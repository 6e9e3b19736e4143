import fc from 'fast-check';
import { KitError } from '../errors.js';
import { extend } from '../objects.js';
import {
  brandId,
  casNumber,
  chineseAddress,
  grade,
  landlineNumber,
  mobileNumber,
  note,
  orderQuantity,
  pack,
  pageNo,
  pageSize,
  password,
  personName,
  price,
  productCode,
  productName,
  purchaseOrderNumber,
  recordId,
  statusCode,
  typeCode,
} from './fields.js';

/*
 * One arbitrary per operation of section 4, producing exactly the properties of its request schema
 * (schemas/requests/<id>.schema.json) with the schema's types: "number" fields get numbers,
 * "integer" fields integers, "string" fields strings, even where a number is written as text.
 */

type Payload = Record<string, unknown>;

/** "pageSize (number), status (number)" (#1, #7). */
const pageOfStatus: fc.Arbitrary<Payload> = fc.record({ pageSize, status: statusCode });

/** "id" of #8, #9 and #10: "numeric in the sample". */
const byRecordId: fc.Arbitrary<Payload> = fc.record({ id: recordId });

/** A positive quantity written as text, e.g. "2" or "2.5": `num (string)` of #14 and #15. */
const quantityText = orderQuantity.map(String);

/** The header fields #14 and #15 share; province, city and street come from one address. */
const orderHeader = fc
  .record({
    soCusPo: purchaseOrderNumber,
    soCaName: personName,
    soCaMobile: mobileNumber,
    soCaPhone: landlineNumber,
    address: chineseAddress,
    soNote: note,
  })
  // Members named one by one, here and in consignment-publish: a rest pattern (`...contact`) copies
  // through the runtime, and cost more than generating the rest of the header.
  .map(({ soCusPo, soCaName, soCaMobile, soCaPhone, address, soNote }) => ({
    soCusPo,
    soCaName,
    soCaMobile,
    soCaPhone,
    soCaProvince: address.province,
    soCaCity: address.city,
    soCaStreet: address.street,
    soNote,
  }));

/** An order of 1–5 lines: a line per product, so pCode is unique within the order. */
function order<Item extends { pCode: string }>(item: fc.Arbitrary<Item>): fc.Arbitrary<Payload> {
  const items = fc.uniqueArray(item, { minLength: 1, maxLength: 5, selector: (line) => line.pCode });
  return fc.tuple(orderHeader, items).map(([header, lines]) => extend(header, { items: lines }));
}

/** `hasCas` is 1 with a CAS number, or 0 with cas "" (schema comment of #5). */
const casDeclaration = fc.oneof(
  casNumber.map((cas) => ({ hasCas: 1, cas })),
  fc.constant({ hasCas: 0, cas: '' }),
);

/** Valid, realistic request bodies, keyed by operation id (src/catalogue/operations.ts). */
export const validPayloads: Readonly<Record<string, fc.Arbitrary<Payload>>> = {
  'custom-demand-list': pageOfStatus,
  'custom-demand-create': fc.record({ type: typeCode, cas: casNumber, level: grade, nums: orderQuantity, pack, price }),
  'custom-demand-delete': fc.record({ demandId: recordId }),
  'purchase-order-list': fc.record({ pageSize, status: statusCode, cusType: typeCode.map(String) }),
  'consignment-publish': fc
    .record({ id: recordId, type: typeCode, declared: casDeclaration, productName, level: grade, nums: orderQuantity, pack, price })
    .map((fields) => ({
      id: fields.id,
      type: fields.type,
      hasCas: fields.declared.hasCas,
      cas: fields.declared.cas,
      productName: fields.productName,
      level: fields.level,
      nums: fields.nums,
      pack: fields.pack,
      price: fields.price,
    })),
  // "cid (string in the sample)".
  'consignment-delete': fc.record({ cid: recordId.map(String) }),
  'bank-card-list': pageOfStatus,
  'bank-card-by-id': byRecordId,
  'consignee-by-id': byRecordId,
  'consignee-delete': byRecordId,
  'send-code': fc.record({ mobile: mobileNumber, source: typeCode }),
  login: fc.record({ mobile: mobileNumber, password }),
  'alpha-orders-list': fc.record({ pageSize, pageNo }),
  'alpha-order-create': order(fc.record({ pCode: productCode, num: quantityText, siCusNote: note, siSendNote: note })),
  'beta-order-create': order(fc.record({ pCode: productCode, brandId: brandId.map(String), num: quantityText })),
  'beta-products-by-brand': fc.record({ brandId, pageSize, pageNo }),
};

/** The payload arbitrary of one operation; throws a KitError (OTP_UNKNOWN_OPERATION) on an id the catalogue does not know. */
export function validPayload(operationId: string): fc.Arbitrary<Payload> {
  const payload = Object.hasOwn(validPayloads, operationId) ? validPayloads[operationId] : undefined;
  if (!payload) {
    const known = Object.keys(validPayloads).join(', ');
    throw new KitError('OTP_UNKNOWN_OPERATION', `No operation "${operationId}" in the catalogue; use one of: ${known}.`);
  }
  return payload;
}
