/**
 * How the kit keeps the header section of an answer: one value per field name, the field lines of
 * one name joined by ", " as RFC 9110 §5.3 recombines them. Not Set-Cookie's: "the %x2C (",")
 * character is used by Set-Cookie in a way that conflicts with such folding" (RFC 6265 §3), so its
 * lines are joined by a line feed, which no field value holds (RFC 9110 §5.5: CR, LF and NUL are
 * invalid there, and the kit's HTTP client refuses them). One line that holds two cookies is then
 * told from two lines: the server's folding from the kit's joining.
 */

/** What stands between two Set-Cookie field lines in the value the kit keeps. */
export const SET_COOKIE_LINE_SEPARATOR = '\n';

/** The separator of the field lines of one name, as the kit joins them. */
const separatorOf = (name: string): string => (name.toLowerCase() === 'set-cookie' ? SET_COOKIE_LINE_SEPARATOR : ', ');

/** The field lines of one name as one value: joined by ", ", or by a line feed for Set-Cookie. */
export function joinFieldLines(name: string, values: readonly string[]): string {
  return values.join(separatorOf(name));
}

/** Adds one field line to the values kept so far, under `name` as given: after its earlier lines, if any. */
export function addFieldLine(headers: Record<string, string>, name: string, value: string): void {
  const earlier = headers[name];
  headers[name] = earlier === undefined ? value : `${earlier}${separatorOf(name)}${value}`;
}

/**
 * The field lines a kept value stands for, as they came: a Set-Cookie value split where the kit
 * joined its lines; any other value is one line (its list joined by ", " is not taken apart).
 */
export function fieldLinesOf(name: string, value: string): string[] {
  return name.toLowerCase() === 'set-cookie' ? value.split(SET_COOKIE_LINE_SEPARATOR) : [value];
}
