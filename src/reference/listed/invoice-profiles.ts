import { badRequest, done, notFound, type Outcome } from '../handlers/answer.js';
import { BY_ID, flag, optional, required, type RequestOf, withRequest } from '../handlers/request.js';
import { pageOf } from '../handlers/state.js';
import { INVOICE_TYPE_TEXT } from '../seeding/data.js';
import type { InvoiceProfile, ReferenceState } from '../records.js';
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
  PC_PAGE,
  shortText,
  taxNumber,
  upTo,
} from './_internals/fields.js';
import { deleteEdited, type EditedRecords, saveEdit } from './_internals/edits.js';
import type { ListedHandlers } from './_internals/types.js';

/** Without `id` a new invoice profile; with it, a change to that one. */
const INVOICE_PROFILE_EDIT = {
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

function edited(id: number, before: InvoiceProfile | undefined, { id: _id, ...edit }: InvoiceProfileEdit): InvoiceProfile {
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
function missingSpecialField(profile: InvoiceProfile): Outcome | undefined {
  const missing = profile.invoiceType === 2 ? SPECIAL_INVOICE_FIELDS.find((field) => profile[field] === '') : undefined;
  return missing === undefined ? undefined : badRequest(missing, 'is required for a VAT special invoice (invoiceType 2)');
}

const invoiceProfiles = (state: ReferenceState): EditedRecords<InvoiceProfile> => ({
  records: state.invoiceProfiles,
  idOf: (profile) => profile.id,
  noun: 'invoice profile',
});

export const invoiceProfileHandlers: ListedHandlers = {
  'invoice-profile-edit': (payload, state) =>
    withRequest(payload, INVOICE_PROFILE_EDIT, (edit) =>
      saveEdit(state, invoiceProfiles(state), edit.id, (id, before) => edited(id, before, edit), missingSpecialField),
    ),
  'invoice-profile-delete': (payload, state) => withRequest(payload, BY_ID, ({ id }) => deleteEdited(invoiceProfiles(state), id)),
  'invoice-profile-list': (payload, state) =>
    withRequest(payload, PC_PAGE, ({ pageSize, pageNo = 1 }) => done(pageOf(state.invoiceProfiles, pageSize, pageNo))),
  'invoice-profile-detail': (payload, state) =>
    withRequest(payload, BY_ID, ({ id }) => {
      const profile = state.invoiceProfiles.find((candidate) => candidate.id === id);
      return profile ? done(profile) : notFound('id', `no invoice profile has the id ${id}`);
    }),
};
