import { REGISTRATION } from '../../catalogue/listed-operations.js';
import { isPlainObject, preconditionsMet } from '../../checks/preconditions.js';
import { namesAPassword } from '../../checks/secret-names.js';
import type { Exchange } from '../../checks/types.js';
import type { JudgeCall } from './coverage-pass.js';
import type { OperationSession } from './session.js';

/** Where the second registration stands in the plan: after the valid calls, which a mapped operation sends one of. */
export const REGISTRATION_AGAIN_PATH = 'conforming:again';

/**
 * The kit's valid registration sent again with every password it carries changed, where the first
 * one succeeded: the member it names is then one this run made, and no other member is touched.
 * What registration-takes-member judges; nothing is sent where the first was refused.
 */
export async function registerAgain(session: OperationSession, first: Exchange, judge: JudgeCall, place: number): Promise<void> {
  const asked = first.payload;
  if (first.operation.id !== REGISTRATION || !preconditionsMet(first).data || !isPlainObject(asked)) return;
  const passwords = Object.keys(asked).filter((field) => namesAPassword(field) && typeof asked[field] === 'string');
  if (passwords.length === 0) return;
  const payload = { ...asked, ...Object.fromEntries(passwords.map((field) => [field, `${String(asked[field])}-2`])) };
  judge(await session.send('conforming', REGISTRATION_AGAIN_PATH, payload, JSON.stringify(payload)), place);
}
