import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CommandSpec, parseCommandLine } from '../config/command-line.js';
import { KitError } from '../errors.js';
import { openApiDocument } from '../openapi/document.js';
import { toYaml } from '../openapi/yaml.js';
import { readOperationMap } from '../validation/operation-map-file.js';
import { loadSchemaDocuments } from '../validation/schemas.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { openApiUsage } from './openapi-usage.js';

const openApiCommand: CommandSpec = {
  name: 'openapi',
  help: `Run ${TOOL_NAME} openapi --help for the options.`,
  valueNames: { format: 'yaml|json', out: 'FILE', 'operation-map': 'FILE' },
};

const formats = ['yaml', 'json'] as const;
type Format = (typeof formats)[number];

function formatOf(given: string | undefined, out: string | undefined): Format {
  if (given === undefined) return out !== undefined && /\.json$/i.test(out) ? 'json' : 'yaml';
  if (!(formats as readonly string[]).includes(given)) {
    throw new KitError('OTP_BAD_OPTION', `--format ${JSON.stringify(given)} is not a format of openapi; give --format yaml or --format json.`);
  }
  return given as Format;
}

function write(file: string, given: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KitError(
      'OTP_BAD_OPTION',
      code === 'EISDIR'
        ? `--out ${given} is a folder; give the file to write, e.g. --out ${given.replace(/\/?$/, '/openapi.yaml')}.`
        : `--out ${given} cannot be written (${code ?? (error as Error).message}); give a file in a folder that exists and you can write to.`,
    );
  }
}

/** `openapi`: the description on standard output, or in the --out file with one line saying so. */
export function openApi(argv: readonly string[], cwd: string, print: (text: string) => void): void {
  const { values } = parseCommandLine(openApiCommand, {
    args: [...argv],
    options: {
      format: { type: 'string' },
      out: { type: 'string' },
      'operation-map': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    print(`${openApiUsage}\n`);
    return;
  }
  const format = formatOf(values.format, values.out);
  const mapFile = values['operation-map'];
  const document = openApiDocument({
    schemas: loadSchemaDocuments(),
    version: TOOL_VERSION,
    ...(mapFile === undefined ? {} : { operationMap: readOperationMap(resolve(cwd, mapFile)) }),
  });
  const text = format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : toYaml(document);
  if (values.out === undefined) {
    print(text);
    return;
  }
  write(resolve(cwd, values.out), values.out, text);
  const count = Object.values(document.paths as Record<string, object>).reduce((sum, item) => sum + Object.keys(item).length, 0);
  print(`OpenAPI 3.1 description of ${count} operations written to ${values.out} (${format}).\n`);
}
