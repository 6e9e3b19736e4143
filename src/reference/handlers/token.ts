/** Token (section 1): 4.1 "get user auth token". */
import { done, type GroupHandlers, type Outcome, unauthorized } from './_internals/answer.js';
import { required, withRequest } from './_internals/request.js';
import { A_CREDENTIAL, credential } from './_internals/fields.js';
import { sameSecret } from './_internals/secret.js';

/** Seconds a token lives. "Lifetime of tokens … not shown" (5); two hours is the sandbox's. */
export const TOKEN_LIFETIME_SECONDS = 7200;

/** The refusal of credentials that do not match, the same whichever half is wrong. */
export const credentialsRefused = (): Outcome => unauthorized('body', 'the mobile number and password do not match a member');

const TOKEN_REQUEST = { mobile: required(credential, A_CREDENTIAL), password: required(credential, A_CREDENTIAL) };

/**
 * "A token is obtained with the token operation" (5 rule 3): the configured credentials get the
 * configured token. Anything else is refused with code "401", without saying which half was wrong
 * and without echoing either.
 */
export const tokenHandlers: GroupHandlers = {
  'token-get': (payload, _state, { token, credentials }) =>
    withRequest(payload, TOKEN_REQUEST, ({ mobile, password }) => {
      // Both compared, always: the answer's timing does not tell which one was wrong.
      const mobileMatches = sameSecret(mobile, credentials.mobile);
      const passwordMatches = sameSecret(password, credentials.password);
      return mobileMatches && passwordMatches ? done({ token, expiresIn: TOKEN_LIFETIME_SECONDS }) : credentialsRefused();
    }),
};
