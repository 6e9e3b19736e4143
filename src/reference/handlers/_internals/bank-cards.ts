/** Bank cards (2.8) as the member-account operations read and write them. */
import type { BankCardEntry, Consignee, ReferenceState } from '../../records.js';
import type { EditedRecords } from './edits.js';
import { accountNumber, AN_ACCOUNT_NUMBER, EDITED_ID, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH } from './fields.js';
import { A_MOBILE, flag, mobile, optional, required, type RequestOf } from './request.js';

/** Without `id` a new card; with it, a change to that card. The card's fields are those of 2.8. */
export const BANK_CARD_EDIT = {
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
export function editedBankCard(id: number, before: BankCardEntry | undefined, edit: BankCardEdit): BankCardEntry {
  const branchName = edit.branchName ?? before?.branch.name ?? edit.bankName;
  return {
    record: { id, accountName: edit.accountName, bankName: edit.bankName, bankAccount: edit.bankAccount, createdAt: null },
    reservedMobile: edit.reservedMobile ?? before?.reservedMobile ?? '',
    branch: { ...(before?.branch ?? { province: '', city: '', county: '', areaCode: '', phone: '' }), name: branchName },
    isDefault: edit.isDefault ?? before?.isDefault ?? 0,
  };
}

export const bankCardRecords = (state: ReferenceState): EditedRecords<BankCardEntry> => ({
  records: state.bankCards,
  idOf: (entry) => entry.record.id,
  noun: 'bank card',
});

/** #8 answers the "consignee record shape (2.9)", as written: the card's holder and opening branch fill it. */
export function bankCardAsConsignee({ record, reservedMobile, branch, isDefault }: BankCardEntry): Consignee {
  return {
    id: record.id,
    consigneeName: record.accountName,
    mobile: reservedMobile,
    phone: branch.phone,
    province: branch.province,
    city: branch.city,
    county: branch.county,
    address: branch.name,
    isDefault,
    remark: `${record.bankName} ${record.bankAccount}`,
    createdAt: record.createdAt,
  };
}
