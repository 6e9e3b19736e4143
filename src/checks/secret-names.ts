/**
 * Member names of secrets, compared in lower case without `_` and `-`: a password or PIN with its
 * hash or salt (`password`, `payPwd`, `passwordHash`, `salt`), a secret or key, a token, and a
 * one-time code sent to prove a phone or mailbox (`verifyCode`, `smsCode`, `otp`, `captcha`).
 */
const PASSWORD = /(?:password|passwd|pwd|passcode)(?:hash|hashed|digest|salt)?$|^salt$/;
const KEY = /(?:secret|secretkey|privatekey|apikey)$/;
const TOKEN = /token$/;
const ONE_TIME_CODE = /(?:verify|verification|sms|otp|captcha|auth)code$|^otp$|^captcha$/;

const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** Whether a member's name says it holds a password (or its hash or salt). */
export const namesAPassword = (name: string): boolean => PASSWORD.test(plain(name));

/** Whether a member's name says it holds a secret: a password, a key, a one-time code, and a token unless `tokensAllowed`. */
export function namesASecret(name: string, tokensAllowed = false): boolean {
  const text = plain(name);
  return PASSWORD.test(text) || KEY.test(text) || ONE_TIME_CODE.test(text) || (!tokensAllowed && TOKEN.test(text));
}
