// `npm run build`: compiles src/ and suites/ into dist/ (JavaScript and .d.ts), then copies the data
// files that live beside the code (JSON under src/) so the compiled modules find them where the
// TypeScript ones do, and writes the schemas compiled to standalone validation code, which the
// compiled validator loads instead of compiling them in every process. dist/ is emptied first: a
// module deleted from src/ must not survive in it.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.json')) {
    const file = join(entry.parentPath, entry.name);
    cpSync(file, join(dist, relative(root, file)));
  }
}
const validation = join(dist, 'src/validation');
const { STANDALONE_MODULE } = await import(pathToFileURL(join(validation, 'ajv.js')).href);
const { standaloneModuleSource } = await import(pathToFileURL(join(validation, 'standalone.js')).href);
writeFileSync(join(validation, STANDALONE_MODULE), standaloneModuleSource());
