import { A_MOBILE } from '../handlers/member-account.js';
import { BY_ID, flag, mobile, optional, required, type RequestOf, withRequest } from '../handlers/request.js';
import type { BankCardEntry, ReferenceState } from '../records.js';
import { accountNumber, AN_ACCOUNT_NUMBER, EDITED_ID, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH } from './_internals/fields.js';
import { deleteEdited, type EditedRecords, saveEdit } from './_internals/edits.js';
import type { ListedHandlers } from './_internals/types.js';

/** Without `id` a new card; with it, a change to that card. The card's fields are those of 2.8. */
const BANK_CARD_EDIT = {
  id: EDITED_ID,
  accountName: required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  bankName: required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  bankAccount: required(accountNumber, AN_ACCOUNT_NUMBER),
  branchName: optional(filledText(LINE_LENGTH), filledUpTo(LINE_LENGTH)),
  reservedMobile: optional(mobile, A_MOBILE),
  isDefault: optional(flag, '0 or 1'),
};

type BankCardEdit = RequestOf<typeof BANK_CARD_EDIT>;

/** The card with the edit applied; a card added on the platform knows its branch by name only. */
function savedCard(id: number, before: BankCardEntry | undefined, edit: BankCardEdit): BankCardEntry {
  const branchName = edit.branchName ?? before?.branch.name ?? edit.bankName;
  return {
    record: { id, accountName: edit.accountName, bankName: edit.bankName, bankAccount: edit.bankAccount, createdAt: null },
    reservedMobile: edit.reservedMobile ?? before?.reservedMobile ?? '',
    branch: { ...(before?.branch ?? { province: '', city: '', county: '', areaCode: '', phone: '' }), name: branchName },
    isDefault: edit.isDefault ?? before?.isDefault ?? 0,
  };
}

const bankCards = (state: ReferenceState): EditedRecords<BankCardEntry> => ({ records: state.bankCards, idOf: (entry) => entry.record.id, noun: 'bank card' });

export const bankCardHandlers: ListedHandlers = {
  'bank-card-edit': (payload, state) =>
    withRequest(payload, BANK_CARD_EDIT, (edit) => saveEdit(state, bankCards(state), edit.id, (id, before) => savedCard(id, before, edit))),
  'bank-card-delete': (payload, state) => withRequest(payload, BY_ID, ({ id }) => deleteEdited(bankCards(state), id)),
};
