/** Consignees (2.9) as the member-account operations write them. */
import type { Consignee, ReferenceState } from '../../records.js';
import type { EditedRecords } from './edits.js';
import { A_LANDLINE, EDITED_ID, filledText, filledUpTo, landline, LINE_LENGTH, NAME_LENGTH, shortText, upTo } from './fields.js';
import { A_MOBILE, flag, mobile, optional, required, type RequestOf } from './request.js';

const place = required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH));

/** Without `id` a new consignee; with it, a change to that one. The fields are those of 2.9. */
export const CONSIGNEE_EDIT = {
  id: EDITED_ID,
  consigneeName: required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  mobile: required(mobile, A_MOBILE),
  phone: optional(landline, A_LANDLINE),
  province: place,
  city: place,
  county: place,
  address: required(filledText(LINE_LENGTH), filledUpTo(LINE_LENGTH)),
  isDefault: optional(flag, '0 or 1'),
  remark: optional(shortText(LINE_LENGTH), upTo(LINE_LENGTH)),
};

type ConsigneeEdit = RequestOf<typeof CONSIGNEE_EDIT>;

/** The record with the edit applied; fields the edit does not give keep their value (or "" and 0 when new). */
export function editedConsignee(id: number, before: Consignee | undefined, { id: _id, ...edit }: ConsigneeEdit): Consignee {
  return {
    id,
    consigneeName: edit.consigneeName,
    mobile: edit.mobile,
    phone: edit.phone ?? before?.phone ?? '',
    province: edit.province,
    city: edit.city,
    county: edit.county,
    address: edit.address,
    isDefault: edit.isDefault ?? before?.isDefault ?? 0,
    remark: edit.remark ?? before?.remark ?? '',
    createdAt: null,
  };
}

export const consigneeRecords = (state: ReferenceState): EditedRecords<Consignee> => ({
  records: state.consignees,
  idOf: (consignee) => consignee.id,
  noun: 'consignee',
});
