/** IMF-fixdate, the one form a sender may write an HTTP-date in (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** The obsolete forms a recipient must read and a sender must not write: RFC 850's and asctime's. */
const OBSOLETE =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$|^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** What is wrong with an HTTP-date as written, or undefined when it is an IMF-fixdate. */
export function dateProblem(value: string): string | undefined {
  if (IMF_FIXDATE.test(value)) return undefined;
  return OBSOLETE.test(value) ? 'an obsolete date form, which a sender must not write' : 'not an HTTP-date';
}

/** The instant an IMF-fixdate names, in ms since the epoch; undefined for any other text. */
export function imfFixdateMs(value: string): number | undefined {
  if (!IMF_FIXDATE.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
