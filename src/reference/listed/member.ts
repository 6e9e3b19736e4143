import { badRequest, done } from '../handlers/answer.js';
import { optional, type RequestOf, withRequest } from '../handlers/request.js';
import type { AccountProfile } from '../records.js';
import { AN_EMAIL, email, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH, shortText, upTo } from './_internals/fields.js';
import type { ListedHandlers } from './_internals/types.js';

const named = optional(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH));

/** The fields a member changes; each where given. */
const PROFILE_CHANGE = {
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

function givenFields(change: ProfileChange): Partial<AccountProfile> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

export const memberHandlers: ListedHandlers = {
  'member-change-profile': (payload, state) =>
    withRequest(payload, PROFILE_CHANGE, (change) => {
      const given = givenFields(change);
      if (Object.keys(given).length === 0) return badRequest('body', `names none of the profile fields ${Object.keys(PROFILE_CHANGE).join(', ')}`);
      Object.assign(state.account, given);
      return done({});
    }),
  /** GET: the member the token stands for, whose mobile is the credentials' user name. */
  'member-basic-info': (_payload, state, { credentials }) => {
    const { id, ...profile } = state.account;
    return done({ id, mobile: credentials.mobile, ...profile });
  },
};
