import { describe, expect, it } from 'vitest';
import { type CommandSpec, parseCommandLine } from '../../src/config/command-line.js';
import { editDistance, nearestName } from '../../src/config/nearest-name.js';
import { parseRunArguments } from '../../src/config/resolve.js';
import { kitErrorOf } from '../support/kit-error.js';

describe('nearestName: a guess only when the typed name is that name mistyped', () => {
  const names = ['base-url', 'token', 'runs', 'read-only', 'no-coverage', 'concurrency', 'walk-pages', 'walk-records', 'help'];

  it.each([
    ['bse-url', 'base-url'],
    ['base_url', 'base-url'],
    ['Base-URL', 'base-url'],
    ['tokn', 'token'],
    ['toekn', 'token'],
    ['run', 'runs'],
    ['readonly', 'read-only'],
    ['concurency', 'concurrency'],
    ['walk-page', 'walk-pages'],
    ['no-coverag', 'no-coverage'],
    ['hlep', 'help'],
  ])('%s → %s', (typed, meant) => {
    expect(nearestName(typed, names)).toBe(meant);
  });

  it.each(['frobnicate', 'colour', 'port', 'x', 'rn', 'verbose-output'])('%s → no guess', (typed) => {
    expect(nearestName(typed, names)).toBeUndefined();
  });

  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('toekn', 'token')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('parseCommandLine: each mistake one sentence of the kit, ending with where the options are', () => {
  const command: CommandSpec = { name: 'demo', help: 'See demo --help.', valueNames: { timeout: 'MS' } };
  const options = {
    timeout: { type: 'string' },
    seed: { type: 'string' },
    coverage: { type: 'boolean' },
    'no-coverage': { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const mistake = (args: string[], allowPositionals = false) => kitErrorOf(() => parseCommandLine(command, { args, options, allowPositionals, strict: true }));

  it.each([
    [['--timout', '5'], '--timout is not an option of demo; did you mean --timeout? See demo --help.'],
    [['--timout=5'], '--timout is not an option of demo; did you mean --timeout? See demo --help.'],
    [['--frobnicate'], '--frobnicate is not an option of demo. See demo --help.'],
    [['-timeout', '5'], '-timeout is not an option of demo; did you mean --timeout? See demo --help.'],
    [['-x'], '-x is not an option of demo. See demo --help.'],
    [['--timeout'], '--timeout needs a value: write it as --timeout MS. See demo --help.'],
    [['--seed'], '--seed needs a value: write it as --seed VALUE. See demo --help.'],
    [['--timeout', '--quiet'], '--timeout needs a value, not the option --quiet after it: write it as --timeout MS. See demo --help.'],
    [['--timeout', '-h'], '--timeout needs a value, not the option -h after it: write it as --timeout MS. See demo --help.'],
    [['--seed', '-5'], '--seed -5: a value that starts with a dash goes after an equals sign: --seed=-5. See demo --help.'],
    [['--quiet=yes'], '--quiet takes no value (given --quiet=yes): give --quiet alone to turn it on. See demo --help.'],
    [
      ['--coverage=off'],
      '--coverage takes no value (given --coverage=off): give --coverage alone to turn it on, --no-coverage to turn it off. See demo --help.',
    ],
    [['extra'], '"extra" is not an option of demo; options start with --. See demo --help.'],
    [['--constructor'], '--constructor is not an option of demo. See demo --help.'],
  ])('%j', (args, message) => {
    const error = mistake(args);
    expect(error.code).toBe('OTP_BAD_OPTION');
    expect(error.message).toBe(message);
  });

  it('what parses is returned as parseArgs returns it', () => {
    expect(parseCommandLine(command, { args: ['--seed=-5', '--no-coverage', 'a'], options, allowPositionals: true, strict: true })).toMatchObject({
      values: { seed: '-5', 'no-coverage': true },
      positionals: ['a'],
    });
  });

  it('run: the sentence docs/verdict.md shows, with the value name of the option table', () => {
    expect(kitErrorOf(() => parseRunArguments(['--bse-url', 'http://x'])).message).toBe(
      '--bse-url is not an option of run; did you mean --base-url? Run otp-conformance --help for the options.',
    );
    expect(kitErrorOf(() => parseRunArguments(['--max-time'])).message).toContain('write it as --max-time DURATION.');
    expect(kitErrorOf(() => parseRunArguments(['--no-read-only'])).message).toBe(
      '--no-read-only is not an option of run; --read-only is off unless given, so leave it out. Run otp-conformance --help for the options.',
    );
  });
});
