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

/** Names read so far, at most KNOWN_NAMES: every call of an operation sends and answers the same few names. */
const passwordNames = new Map<string, boolean>();
const KNOWN_NAMES = 4096;

/** Whether a member's name says it holds a password (or its hash or salt). */
export function namesAPassword(name: string): boolean {
  let known = passwordNames.get(name);
  if (known === undefined) {
    known = PASSWORD.test(plain(name));
    // Hostile calls make up names without end: the names kept are bounded, not the names read.
    if (passwordNames.size >= KNOWN_NAMES) passwordNames.clear();
    passwordNames.set(name, known);
  }
  return known;
}

/** Whether a member's name says it holds a secret: a password, a key, a one-time code, and a token unless `tokensAllowed`. */
export function namesASecret(name: string, tokensAllowed = false): boolean {
  const text = plain(name);
  return PASSWORD.test(text) || KEY.test(text) || ONE_TIME_CODE.test(text) || (!tokensAllowed && TOKEN.test(text));
}
