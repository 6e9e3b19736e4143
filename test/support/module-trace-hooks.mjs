// The resolve hook of module-trace.mjs: records each ES module resolved.
import { appendFileSync } from 'node:fs';

let trace;

export function initialize(data) {
  trace = data.trace;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(trace, `${resolved.url}\n`);
  return resolved;
}
