import { badRequest, done, notFound } from '../handlers/answer.js';
import { A_MOBILE } from '../handlers/member-account.js';
import { mobile, optional, required, withRequest } from '../handlers/request.js';
import { nowSeconds, takeId } from '../handlers/state.js';
import type { ReferenceState } from '../records.js';
import { A_CREDENTIAL, A_NEW_PASSWORD, AN_SMS_CODE, credential, filledText, filledUpTo, NAME_LENGTH, newPassword, smsCode } from './_internals/fields.js';
import { sameSecret } from './_internals/secret.js';
import type { ListedContext, ListedHandlers } from './_internals/types.js';

const REGISTER_REQUEST = {
  mobile: required(mobile, A_MOBILE),
  password: required(newPassword, A_NEW_PASSWORD),
  code: required(smsCode, AN_SMS_CODE),
  realName: optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  companyName: optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
};

const RESET_REQUEST = { oldPassword: required(credential, A_CREDENTIAL), newPassword: required(newPassword, A_NEW_PASSWORD) };

const FORGOT_REQUEST = {
  mobile: required(credential, A_CREDENTIAL),
  code: required(smsCode, AN_SMS_CODE),
  newPassword: required(newPassword, A_NEW_PASSWORD),
};

/** The sandbox's own member signs in with the credentials' user name; the others with their mobile. */
function isRegistered(state: ReferenceState, { credentials }: ListedContext, mobileNumber: string): boolean {
  return mobileNumber === credentials.mobile || state.members.some((member) => member.mobile === mobileNumber);
}

/**
 * The sandbox keeps no passwords (login, #12, takes any) and never changes the configured
 * credentials: a password reset answers as it would, and the next run still gets its token.
 */
export const accountHandlers: ListedHandlers = {
  'account-register': (payload, state, context) =>
    withRequest(payload, REGISTER_REQUEST, (request) => {
      if (isRegistered(state, context, request.mobile)) return badRequest('mobile', 'is already registered');
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
};
