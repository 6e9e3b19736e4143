/** The member's account: signing up and in, passwords and the profile, as the sandbox keeps them. */
import type { AccountProfile, ReferenceState } from '../../records.js';
import type { HandlerContext } from './answer.js';
import {
  A_CREDENTIAL,
  A_NEW_PASSWORD,
  AN_EMAIL,
  AN_SMS_CODE,
  credential,
  email,
  filledText,
  filledUpTo,
  LINE_LENGTH,
  NAME_LENGTH,
  newPassword,
  shortText,
  smsCode,
  upTo,
} from './fields.js';
import { A_MOBILE, mobile, optional, required, type RequestOf } from './request.js';

export const REGISTER_REQUEST = {
  mobile: required(mobile, A_MOBILE),
  password: required(newPassword, A_NEW_PASSWORD),
  code: required(smsCode, AN_SMS_CODE),
  realName: optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  companyName: optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
};

export const RESET_REQUEST = { oldPassword: required(credential, A_CREDENTIAL), newPassword: required(newPassword, A_NEW_PASSWORD) };

export const FORGOT_REQUEST = {
  mobile: required(credential, A_CREDENTIAL),
  code: required(smsCode, AN_SMS_CODE),
  newPassword: required(newPassword, A_NEW_PASSWORD),
};

/** Why a registration is refused whose mobile a member already signs in with. */
export const ALREADY_REGISTERED = 'is already registered';

/** The sandbox's own member signs in with the credentials' user name; the others with their mobile. */
export function isRegistered(state: ReferenceState, { credentials }: HandlerContext, mobileNumber: string): boolean {
  return mobileNumber === credentials.mobile || state.members.some((member) => member.mobile === mobileNumber);
}

const named = optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH));

/** The fields a member changes; each where given. */
export const PROFILE_CHANGE = {
  nickname: named,
  realName: named,
  email: optional(email, AN_EMAIL),
  companyName: named,
  department: optional(shortText(NAME_LENGTH), upTo(NAME_LENGTH)),
  province: named,
  city: named,
  county: named,
  address: optional(filledText(LINE_LENGTH), filledUpTo(LINE_LENGTH)),
};

type ProfileChange = RequestOf<typeof PROFILE_CHANGE>;

export function givenProfileFields(change: ProfileChange): Partial<AccountProfile> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
