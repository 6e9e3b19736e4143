import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The schemas/ folder at the top of the package: the data the validator compiles. */
export const schemasDir = join(packageRoot, 'schemas');

export interface SchemaDocument {
  readonly $id: string;
  readonly [keyword: string]: unknown;
}

/** Every `*.schema.json` under schemas/, checked to carry the `$id` that matches its place. */
export function loadSchemaDocuments(dir: string = schemasDir): SchemaDocument[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.schema.json')).sort();
  return files.map((file) => {
    const document = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SchemaDocument;
    const expectedId = relative(dir, join(dir, file)).split(sep).join('/');
    if (document.$id !== expectedId) {
      throw new Error(`schemas/${file} has $id ${JSON.stringify(document.$id)}; set it to "${expectedId}" so that $ref resolves.`);
    }
    return document;
  });
}
