import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export const TOOL_NAME: string = manifest.name;
export const TOOL_VERSION: string = manifest.version;
