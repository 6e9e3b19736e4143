import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { runOptions } from '../src/config/options.js';
import { exitCodeTable } from '../src/report/status.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README stays in step with the code', () => {
  it('documents every option and its environment variable', () => {
    for (const option of runOptions) {
      expect(readme).toContain(`\`--${option.name}`);
      expect(readme).toContain(`\`${option.env}\``);
    }
  });

  it('has the exit code table --help prints', () => {
    for (const row of exitCodeTable) expect(readme).toContain(`| ${row.code} | ${row.status} | ${row.meaning} |`);
  });

  it('lists every check with its severity', () => {
    for (const check of allChecks) expect(readme).toMatch(new RegExp(`\\| \`${check.id}\` \\| ${check.severity} \\|`));
  });
});
