// Preloaded (`node --import`) into a process of the kit under test: every module it loads is
// appended, one URL a line, to the file named by OTP_MODULE_TRACE: ES modules as they are
// resolved (by the hooks of module-trace-hooks.mjs), CommonJS ones as they are required.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const trace = process.env.OTP_MODULE_TRACE;
register(new URL('./module-trace-hooks.mjs', import.meta.url), { data: { trace } });
const load = Module._load;
Module._load = function traced(request, parent, isMain) {
  const exported = load.call(this, request, parent, isMain);
  try {
    appendFileSync(trace, `${pathToFileURL(Module._resolveFilename(request, parent, isMain)).href}\n`);
  } catch {
    // A built-in (node:fs) has no file to record.
  }
  return exported;
};
