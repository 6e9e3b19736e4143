import { roundTripNumbers, textFamilies } from '../../generators/coverage/round-trip.js';

/** One create of a round trip: the values it puts in the body's text and number fields, and how findings name them. */
export interface PlannedCreate {
  /** "characters beyond the BMP: …", "int32-max 2147483647 in price". */
  readonly label: string;
  /** Index into `textFamilies` for a create of text; undefined for a create of one number. */
  readonly family?: number;
  /** Body field → value, laid over the body the step's template gives. */
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * A family's values spread over the text fields in turn; a field that gets several holds them
 * joined by a space, so every value is sent in one create however few text fields there are.
 */
export function textValues(family: number, fields: readonly string[]): Record<string, string> {
  const values = textFamilies[family]?.values ?? [];
  return Object.fromEntries(
    fields.flatMap((field, at) => {
      const its = values.filter((_value, index) => index % fields.length === at);
      return its.length === 0 ? [] : [[field, its.join(' ')]];
    }),
  );
}

/**
 * The creates of a round trip, the same on every run: one per text family (when the body has text
 * fields), then one per number and number field, the number alone in its field so that a server
 * refusing it in one field (a quantity over its stock) still shows how it stores it in another.
 */
export function plannedCreates(text: readonly string[], numbers: readonly string[]): PlannedCreate[] {
  const ofText: PlannedCreate[] =
    text.length === 0 ? [] : textFamilies.map((family, index) => ({ label: family.title, family: index, values: textValues(index, text) }));
  const ofNumbers = numbers.flatMap((field) =>
    roundTripNumbers.map(({ classId, value }) => ({ label: `${classId} ${value} in ${field}`, values: { [field]: value } })),
  );
  return [...ofText, ...ofNumbers];
}

/**
 * The body with the planned values laid over it. A number goes in as the template writes that
 * field: a JSON number, or its digits where the template has a string ("num": "2").
 */
export function withValues(body: Readonly<Record<string, unknown>>, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const laid = Object.entries(values).map(([field, value]) => [field, typeof value === 'number' && typeof body[field] === 'string' ? String(value) : value]);
  return { ...body, ...Object.fromEntries(laid) };
}
