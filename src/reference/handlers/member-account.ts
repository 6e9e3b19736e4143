/** Member account (section 1): #7 to #12, bank cards, consignees, and send-code and login, a sandbox. */
import type { BankCardEntry, Consignee, ReferenceState } from '../records.js';
import { done, type Handler, notFound, type Outcome } from './answer.js';
import { A_WHOLE_NUMBER, BY_ID, LIST_REQUEST, mobile, nonEmptyText, required, wholeNumber, withRequest } from './request.js';
import { pageOf, removeWhere } from './state.js';

/** 2.8 gives a bank card no status, so a given `status` is checked but has nothing to filter. */
function listBankCards(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1 }) =>
    done(
      pageOf(
        state.bankCards.map((entry) => entry.record),
        pageSize,
        pageNo,
      ),
    ),
  );
}

/** #8 answers the "consignee record shape (2.9)", as written: the card's holder and opening branch fill it. */
function bankCardAsConsignee({ record, reservedMobile, branch, isDefault }: BankCardEntry): Consignee {
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

function bankCardById(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) => {
    const entry = state.bankCards.find((card) => card.record.id === id);
    return entry ? done(bankCardAsConsignee(entry)) : notFound('id', `no bank card has the id ${id}`);
  });
}

function consigneeById(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) => {
    const consignee = state.consignees.find((candidate) => candidate.id === id);
    return consignee ? done(consignee) : notFound('id', `no consignee has the id ${id}`);
  });
}

function deleteConsignee(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) =>
    removeWhere(state.consignees, (consignee) => consignee.id === id) ? done({}) : notFound('id', `no consignee has the id ${id}`),
  );
}

export const A_MOBILE = 'an 11-digit mobile number';

function sendCode(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), source: required(wholeNumber, A_WHOLE_NUMBER) }, () => done({}));
}

/** Any 11-digit mobile and non-empty password log in: the reference server is a sandbox. */
function login(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), password: required(nonEmptyText, 'a non-empty string') }, () => done({}));
}

export const memberAccountHandlers: Readonly<Record<string, Handler>> = {
  'bank-card-list': listBankCards,
  'bank-card-by-id': bankCardById,
  'consignee-by-id': consigneeById,
  'consignee-delete': deleteConsignee,
  'send-code': sendCode,
  login: login,
};
