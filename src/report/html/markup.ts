/**
 * Markup that is already safe to place in a document. Only `html` and `raw` make one, so every
 * string that reaches the page from a report goes through `escapeHtml` unless code says otherwise.
 */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  // The pattern matches only the five characters entities names.
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** Trusted markup written by this module, never data: the style sheet, the script. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

type Interpolation = SafeHtml | string | number | boolean | undefined | null | readonly Interpolation[];

function interpolate(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template: the literal parts are markup, every interpolated value is escaped (arrays are
 * joined, `SafeHtml` is kept, `undefined`, `null` and `false` print nothing). Attribute values must
 * be quoted in the template: `<td data-check="${id}">`.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  // A tagged template has one more literal part than values: the parts and the values interleave.
  return new SafeHtml(strings.map((part, i) => (i === 0 ? part : interpolate(values[i - 1]) + part)).join(''));
}
