// `npm run build`: compiles src/ and suites/ into dist/ (JavaScript and .d.ts), then copies the data
// files that live beside the code (JSON under src/) so the compiled modules find them where the
// TypeScript ones do, and writes the schemas compiled to standalone validation code, which the
// compiled validator loads instead of compiling them in every process.
//
// It builds into a folder of its own beside dist/ and renames it into place only once it is whole,
// with its mark (dist/.built, which build-if-stale.js compares with the sources) written last: a
// build interrupted (Ctrl-C) leaves the dist/ before it, or none, never half of one. A module
// deleted from src/ does not survive in it either: each build starts from an empty folder.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
/** The mark of a whole build: its time is what build-if-stale.js compares the sources with. */
const BUILT_MARK = '.built';
const partial = join(root, `.dist-partial-${process.pid}`);
const replaced = join(root, `.dist-replaced-${process.pid}`);

/** Whether the process that named a leftover folder still runs (a build beside this one). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// What an interrupted build left: its partial folder, or the dist/ it was replacing.
for (const entry of readdirSync(root)) {
  const leftover = /^\.dist-(?:partial|replaced)-(\d+)$/.exec(entry);
  if (leftover && !alive(Number(leftover[1]))) rmSync(join(root, entry), { recursive: true, force: true });
}

process.stderr.write(`otp-conformance: building dist/ (the TypeScript compiler, then the compiled schemas)…\n`);
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', partial], {
  stdio: 'inherit',
});
for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.json')) {
    const file = join(entry.parentPath, entry.name);
    cpSync(file, join(partial, relative(root, file)));
  }
}
const validation = join(partial, 'src/validation');
const { STANDALONE_MODULE } = await import(pathToFileURL(join(validation, 'ajv.js')).href);
const { standaloneModuleSource } = await import(pathToFileURL(join(validation, 'standalone.js')).href);
writeFileSync(join(validation, STANDALONE_MODULE), standaloneModuleSource());
writeFileSync(join(partial, BUILT_MARK), `${new Date().toISOString()}\n`);
// Two renames: between them there is no dist/ at all, which the bin builds again, rather than a half one.
if (existsSync(dist)) renameSync(dist, replaced);
renameSync(partial, dist);
rmSync(replaced, { recursive: true, force: true });
