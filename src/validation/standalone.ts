import standaloneModule from 'ajv/dist/standalone/index.js';
import { createAjv, fingerprintOf } from './ajv.js';
import { compiledDocuments } from './schemas.js';

const standaloneCode = standaloneModule.default;

/**
 * The source of the module `npm run build` writes beside the compiled validation code
 * (STANDALONE_MODULE): every schema the kit compiles, as a validating function exported under its
 * `$id`, and the fingerprint of the documents it was built from. Loading it costs a suite worker a
 * few milliseconds where compiling the schemas cost it a few hundred.
 */
export function standaloneModuleSource(): string {
  const documents = compiledDocuments();
  const ajv = createAjv(documents, { standalone: true });
  const code = standaloneCode(ajv, Object.fromEntries(documents.map(({ $id }) => [$id, $id])));
  return `${code}\nexports.fingerprint = ${JSON.stringify(fingerprintOf(documents))};\n`;
}
