import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { runOptions } from '../src/config/options.js';
import { exitCodeTable } from '../src/report/status.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const configurationPage = read('docs/configuration.md');
const checksPage = read('docs/what-is-checked.md');

describe('the README and docs/ stay in step with the code', () => {
  it('docs/configuration.md documents every option, its environment variable and its name from code', () => {
    for (const option of runOptions) {
      expect(configurationPage).toMatch(new RegExp(`^\\| \`--${option.name}(?:[^|]|\\\\\\|)*\\| \`${option.env}\` \\| \`${option.key}\` \\|`, 'm'));
    }
  });

  it('the README has the exit code table --help prints', () => {
    for (const row of exitCodeTable) expect(readme).toContain(`| ${row.code} | ${row.status} | ${row.meaning} |`);
  });

  it('docs/what-is-checked.md lists every check with its severity', () => {
    for (const check of allChecks) expect(checksPage).toMatch(new RegExp(`\\| \`${check.id}\` \\| ${check.severity} \\|`));
  });
});
