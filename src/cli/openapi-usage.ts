import { TOOL_NAME } from '../version.js';

// Apart from the command itself, so that --help prints it without loading the catalogue and schemas.

export const openApiOptions = `  --format yaml|json            how to write it (default: json for an --out FILE ending in .json, else yaml)
  --out FILE                    the file to write (default: standard output)
  --operation-map FILE          add the operations of 4.1 at the paths this map gives (the format of run's --operation-map)`;

export const openApiUsage = `Usage: ${TOOL_NAME} openapi [options]   the API as an OpenAPI 3.1 description (docs/openapi.md)

${openApiOptions}
  --help                        this text`;
