import standaloneModule from 'ajv/dist/standalone/index.js';
import { createAjv, fingerprintOf } from './ajv.js';
import { compiledDocuments } from './schemas.js';

const standaloneCode = standaloneModule.default;

/**
 * The source of the module `npm run build` writes beside the compiled validation code
 * (STANDALONE_MODULE): every schema the kit compiles, as a validating function exported under its
 * `$id`, and the fingerprint of the documents it was built from. Loading it costs a suite worker
 * about 10 ms where compiling the schemas cost it about 200 ms (`npm run bench:startup`).
 */
export function standaloneModuleSource(): string {
  const documents = compiledDocuments();
  const ajv = createAjv(documents, { standalone: true });
  const code = standaloneCode(ajv, Object.fromEntries(documents.map(({ $id }) => [$id, $id])));
  return `${code}\nexports.fingerprint = ${JSON.stringify(fingerprintOf(documents))};\n`;
}
