/**
 * Member account (section 1): #7 to #12, and the fourteen operations 4.1 lists of the group:
 * register, log out, passwords, the profile, bank cards, consignees and invoice profiles.
 */
import type { ReferenceState } from '../records.js';
import { ALREADY_REGISTERED, FORGOT_REQUEST, givenProfileFields, isRegistered, PROFILE_CHANGE, REGISTER_REQUEST, RESET_REQUEST } from './_internals/account.js';
import { badRequest, done, type GroupHandlers, notFound, type Outcome } from './_internals/answer.js';
import { BANK_CARD_EDIT, bankCardAsConsignee, bankCardRecords, editedBankCard } from './_internals/bank-cards.js';
import { CONSIGNEE_EDIT, consigneeRecords, editedConsignee } from './_internals/consignees.js';
import { deleteEdited, saveEdit } from './_internals/edits.js';
import { PC_PAGE } from './_internals/fields.js';
import { editedInvoiceProfile, INVOICE_PROFILE_EDIT, invoiceProfileRecords, missingSpecialInvoiceField } from './_internals/invoice-profiles.js';
import { A_MOBILE, A_WHOLE_NUMBER, BY_ID, LIST_REQUEST, mobile, nonEmptyText, required, wholeNumber, withRequest } from './_internals/request.js';
import { sameSecret } from './_internals/secret.js';
import { nowSeconds, pageOf, removeWhere, takeId } from './_internals/state.js';

/** 2.8 gives a bank card no status, so a given `status` is checked but has nothing to filter. */
function listBankCards(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1 }) =>
    done(
      pageOf(
        state.bankCards.map((entry) => entry.record),
        pageSize,
        pageNo,
        state.listOrder,
      ),
    ),
  );
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

function sendCode(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), source: required(wholeNumber, A_WHOLE_NUMBER) }, () => done({}));
}

/** Any 11-digit mobile and non-empty password log in: the reference server is a sandbox. */
function login(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), password: required(nonEmptyText, 'a non-empty string') }, () => done({}));
}

export const memberAccountHandlers: GroupHandlers = {
  'bank-card-list': listBankCards,
  'bank-card-by-id': bankCardById,
  'consignee-by-id': consigneeById,
  'consignee-delete': deleteConsignee,
  'send-code': sendCode,
  login: login,
  // The sandbox keeps no passwords (login, #12, takes any) and never changes the configured
  // credentials: a password reset answers as it would, and the next run still gets its token.
  'account-register': (payload, state, context) =>
    withRequest(payload, REGISTER_REQUEST, (request) => {
      if (isRegistered(state, context, request.mobile)) return badRequest('mobile', ALREADY_REGISTERED);
      const id = takeId(state);
      state.members.unshift({
        id,
        mobile: request.mobile,
        realName: request.realName ?? '',
        companyName: request.companyName ?? '',
        registeredAt: nowSeconds(state),
      });
      return done({ id });
    }),
  // Log out answers success and leaves the token valid: the sandbox has one token for every run.
  'account-logout': () => done({}),
  'account-reset-password': (payload, _state, { credentials }) =>
    withRequest(payload, RESET_REQUEST, ({ oldPassword }) =>
      sameSecret(oldPassword, credentials.password) ? done({}) : badRequest('oldPassword', 'is not the current password'),
    ),
  'account-forgot-password': (payload, state, context) =>
    withRequest(payload, FORGOT_REQUEST, (request) =>
      isRegistered(state, context, request.mobile) ? done({}) : notFound('mobile', 'no member has this mobile number'),
    ),
  'member-change-profile': (payload, state) =>
    withRequest(payload, PROFILE_CHANGE, (change) => {
      const given = givenProfileFields(change);
      if (Object.keys(given).length === 0) return badRequest('body', `names none of the profile fields ${Object.keys(PROFILE_CHANGE).join(', ')}`);
      Object.assign(state.account, given);
      return done({});
    }),
  /** GET: the member the token stands for, whose mobile is the credentials' user name. */
  'member-basic-info': (_payload, state, { credentials }) => {
    const { id, ...profile } = state.account;
    return done({ id, mobile: credentials.mobile, ...profile });
  },
  'bank-card-edit': (payload, state) =>
    withRequest(payload, BANK_CARD_EDIT, (edit) => saveEdit(state, bankCardRecords(state), edit.id, (id, before) => editedBankCard(id, before, edit))),
  'bank-card-delete': (payload, state) => withRequest(payload, BY_ID, ({ id }) => deleteEdited(bankCardRecords(state), id)),
  'consignee-edit': (payload, state) =>
    withRequest(payload, CONSIGNEE_EDIT, (edit) => saveEdit(state, consigneeRecords(state), edit.id, (id, before) => editedConsignee(id, before, edit))),
  'invoice-profile-edit': (payload, state) =>
    withRequest(payload, INVOICE_PROFILE_EDIT, (edit) =>
      saveEdit(state, invoiceProfileRecords(state), edit.id, (id, before) => editedInvoiceProfile(id, before, edit), missingSpecialInvoiceField),
    ),
  'invoice-profile-delete': (payload, state) => withRequest(payload, BY_ID, ({ id }) => deleteEdited(invoiceProfileRecords(state), id)),
  'invoice-profile-list': (payload, state) =>
    withRequest(payload, PC_PAGE, ({ pageSize, pageNo = 1 }) => done(pageOf(state.invoiceProfiles, pageSize, pageNo, state.listOrder))),
  'invoice-profile-detail': (payload, state) =>
    withRequest(payload, BY_ID, ({ id }) => {
      const profile = state.invoiceProfiles.find((candidate) => candidate.id === id);
      return profile ? done(profile) : notFound('id', `no invoice profile has the id ${id}`);
    }),
  'consignee-list': (payload, state) =>
    withRequest(payload, PC_PAGE, ({ pageSize, pageNo = 1 }) => done(pageOf(state.consignees, pageSize, pageNo, state.listOrder))),
};
