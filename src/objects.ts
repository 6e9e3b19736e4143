/**
 * `{ ...base, ...extra }` for objects made once per call. Node 20's V8 gives every object literal
 * that starts with a spread and goes on (`{ ...base, key: value }`) a hidden class of its own once
 * the code is optimised: some kilobytes of maps per object, and every later read of its
 * properties a slow lookup in each check that reads it. Object.assign keeps one class per shape.
 */
export function extend<T extends object, U extends object>(base: T, extra: U): T & U {
  // Object.assign sets a member named __proto__ (JSON.parse makes one) as the copy's prototype; a spread keeps it a member.
  if (Object.hasOwn(base, '__proto__') || Object.hasOwn(extra, '__proto__')) return { ...base, ...extra };
  return Object.assign({}, base, extra);
}
