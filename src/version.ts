import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { name: string; version: string };

export const TOOL_NAME: string = manifest.name;
export const TOOL_VERSION: string = manifest.version;
