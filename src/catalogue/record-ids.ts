/**
 * How a request names a record by its id, and which operations delete the record it names: what
 * the coverage pass, the valid calls of a delete and the model need to send a delete only of a
 * record the run made, or of an id no server shows.
 */

/** A request field whose name reads as a record's id: `id`, `cid` (#6) or a name ending in `Id` (demandId, invoiceId). */
export const ID_NAME = /^c?id$|[a-z]Id$/;

/**
 * The operations that delete a record (#3 delDemand, #6 delConsignment, #10 deleteConsignee, and
 * 4.1's delete bank card and delete invoice profile): on a sandbox other clients use, their calls
 * must remove only what the run itself made.
 */
export const DELETE_OPERATIONS: ReadonlySet<string> = new Set([
  'custom-demand-delete',
  'consignment-delete',
  'consignee-delete',
  'bank-card-delete',
  'invoice-profile-delete',
]);

/**
 * An id no server of the API shows: the ids it hands out count up from 1, and a sandbox does not
 * reach two thousand million records. A delete of it is a probe of an unknown id, never a guess
 * that may be another client's record.
 */
export const UNKNOWN_ID = 2_000_000_000;

/**
 * Whether a value, as the JSON text of a request field, may name a record a server holds: a number
 * or numeric text that a server reading it leniently (rounding, truncating) takes for a whole number
 * from 1 up to UNKNOWN_ID. Sent as the id of a delete, it may delete another client's record.
 */
export function mayNameARecord(jsonText: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(jsonText);
  } catch {
    // Not JSON (012, a leading zero): what a lenient parser reads there.
    value = jsonText;
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return false;
  return Math.ceil(number) >= 1 && Math.floor(number) < UNKNOWN_ID;
}
