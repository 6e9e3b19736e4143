/** Invoice profiles as the member-account operations write them: the buyer's details an invoice carries. */
import type { InvoiceProfile, ReferenceState } from '../../records.js';
import { INVOICE_TYPE_TEXT } from '../../seeding/data.js';
import { badRequest, type Outcome } from './answer.js';
import type { EditedRecords } from './edits.js';
import {
  A_LANDLINE,
  A_TAX_NUMBER,
  accountNumber,
  AN_ACCOUNT_NUMBER,
  EDITED_ID,
  filledText,
  filledUpTo,
  invoiceType,
  landline,
  LINE_LENGTH,
  NAME_LENGTH,
  shortText,
  taxNumber,
  upTo,
} from './fields.js';
import { flag, optional, required, type RequestOf } from './request.js';

/** Without `id` a new invoice profile; with it, a change to that one. */
export const INVOICE_PROFILE_EDIT = {
  id: EDITED_ID,
  invoiceType: required(invoiceType, '1 (VAT ordinary invoice) or 2 (VAT special invoice)'),
  invoiceTitle: required(filledText(LINE_LENGTH), filledUpTo(LINE_LENGTH)),
  taxNumber: required(taxNumber, A_TAX_NUMBER),
  bankName: optional(shortText(NAME_LENGTH), upTo(NAME_LENGTH)),
  bankAccount: optional(accountNumber, AN_ACCOUNT_NUMBER),
  registeredAddress: optional(shortText(LINE_LENGTH), upTo(LINE_LENGTH)),
  registeredPhone: optional(landline, A_LANDLINE),
  isDefault: optional(flag, '0 or 1'),
  remark: optional(shortText(LINE_LENGTH), upTo(LINE_LENGTH)),
};

type InvoiceProfileEdit = RequestOf<typeof INVOICE_PROFILE_EDIT>;

/** A VAT special invoice carries the buyer's bank, account, address and telephone. */
const SPECIAL_INVOICE_FIELDS = ['bankName', 'bankAccount', 'registeredAddress', 'registeredPhone'] as const;

export function editedInvoiceProfile(id: number, before: InvoiceProfile | undefined, { id: _id, ...edit }: InvoiceProfileEdit): InvoiceProfile {
  return {
    id,
    invoiceType: edit.invoiceType,
    invoiceTypeText: INVOICE_TYPE_TEXT[edit.invoiceType],
    invoiceTitle: edit.invoiceTitle,
    taxNumber: edit.taxNumber,
    bankName: edit.bankName ?? before?.bankName ?? '',
    bankAccount: edit.bankAccount ?? before?.bankAccount ?? '',
    registeredAddress: edit.registeredAddress ?? before?.registeredAddress ?? '',
    registeredPhone: edit.registeredPhone ?? before?.registeredPhone ?? '',
    isDefault: edit.isDefault ?? before?.isDefault ?? 0,
    remark: edit.remark ?? before?.remark ?? '',
    createdAt: null,
  };
}

/** Refuses a VAT special invoice without one of those fields. */
export function missingSpecialInvoiceField(profile: InvoiceProfile): Outcome | undefined {
  const missing = profile.invoiceType === 2 ? SPECIAL_INVOICE_FIELDS.find((field) => profile[field] === '') : undefined;
  return missing === undefined ? undefined : badRequest(missing, 'is required for a VAT special invoice (invoiceType 2)');
}

export const invoiceProfileRecords = (state: ReferenceState): EditedRecords<InvoiceProfile> => ({
  records: state.invoiceProfiles,
  idOf: (profile) => profile.id,
  noun: 'invoice profile',
});
