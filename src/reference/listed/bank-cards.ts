import { done, notFound } from '../handlers/answer.js';
import { A_MOBILE } from '../handlers/member-account.js';
import { BY_ID, flag, mobile, optional, required, type RequestOf, withRequest } from '../handlers/request.js';
import { removeWhere, takeId } from '../handlers/state.js';
import type { BankCardEntry, ReferenceState } from '../records.js';
import { accountNumber, AN_ACCOUNT_NUMBER, EDITED_ID, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH } from './_internals/fields.js';
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

/** A card added on the platform: its branch is known by name only. */
function newCard(id: number, edit: BankCardEdit): BankCardEntry {
  return {
    record: { id, accountName: edit.accountName, bankName: edit.bankName, bankAccount: edit.bankAccount, createdAt: null },
    reservedMobile: edit.reservedMobile ?? '',
    branch: { province: '', city: '', county: '', areaCode: '', name: edit.branchName ?? edit.bankName, phone: '' },
    isDefault: edit.isDefault ?? 0,
  };
}

function changeCard(entry: BankCardEntry, edit: BankCardEdit): void {
  Object.assign(entry.record, { accountName: edit.accountName, bankName: edit.bankName, bankAccount: edit.bankAccount });
  if (edit.branchName !== undefined) entry.branch.name = edit.branchName;
  if (edit.reservedMobile !== undefined) entry.reservedMobile = edit.reservedMobile;
  if (edit.isDefault !== undefined) entry.isDefault = edit.isDefault;
}

/** One default card at most. */
function keepOneDefault(state: ReferenceState, defaultId: number): void {
  for (const entry of state.bankCards) if (entry.record.id !== defaultId) entry.isDefault = 0;
}

export const bankCardHandlers: ListedHandlers = {
  'bank-card-edit': (payload, state) =>
    withRequest(payload, BANK_CARD_EDIT, (edit) => {
      let id = edit.id;
      if (id === undefined) {
        id = takeId(state);
        state.bankCards.unshift(newCard(id, edit));
      } else {
        const entry = state.bankCards.find((card) => card.record.id === id);
        if (!entry) return notFound('id', `no bank card has the id ${id}`);
        changeCard(entry, edit);
      }
      if (edit.isDefault === 1) keepOneDefault(state, id);
      return done({ id });
    }),
  'bank-card-delete': (payload, state) =>
    withRequest(payload, BY_ID, ({ id }) =>
      removeWhere(state.bankCards, (entry) => entry.record.id === id) ? done({}) : notFound('id', `no bank card has the id ${id}`),
    ),
};
