import { type ParseArgsConfig, parseArgs } from 'node:util';
import { KitError } from '../errors.js';
import { nearestName } from './nearest-name.js';

/** How a command names itself in a mistake on its command line, and where its options are listed. */
export interface CommandSpec {
  /** `run`, `serve`, `merge`, `replay`: "--x is not an option of run". */
  readonly name: string;
  /** The sentence that ends each such mistake: where the command's options are listed. */
  readonly help: string;
  /** What an option that takes a value takes, for "write --timeout MS": e.g. `{ timeout: 'MS' }`. */
  readonly valueNames?: Readonly<Record<string, string>>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs` in strict mode, with each mistake it refuses told as one sentence of the kit's own:
 * an unknown option with the nearest one it may have meant, an option without its value, a value
 * given to an option that takes none. Node's own wording spans lines and suggests `--` quoting that
 * no user of the kit needs.
 */
export function parseCommandLine<T extends ParseArgsConfig>(command: CommandSpec, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const problem = commandLineProblem(command, config) ?? (error as Error).message.split('\n')[0];
    throw new KitError('OTP_BAD_OPTION', `${problem} ${command.help}`);
  }
}

/** The first mistake on the command line, read from parseArgs' tokens in lenient mode. */
export function commandLineProblem(command: CommandSpec, config: ParseArgsConfig): string | undefined {
  const args = config.args ?? [];
  const options = config.options ?? {};
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional' && !config.allowPositionals) {
      return `${JSON.stringify(token.value)} is not an option of ${command.name}; options start with --.`;
    }
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (spec === undefined) return unknownOption(command, options, args[token.index], token.rawName, token.name);
    const option = `--${token.name}`;
    if (spec.type === 'boolean' && token.value !== undefined) {
      const off = options[`no-${token.name}`] ? `, --no-${token.name} to turn it off` : '';
      return `${option} takes no value (given ${option}=${token.value}): give ${option} alone to turn it on${off}.`;
    }
    if (spec.type === 'string') {
      const example = `write it as ${option} ${command.valueNames?.[token.name] ?? 'VALUE'}`;
      if (token.value === undefined) return `${option} needs a value: ${example}.`;
      // Given apart, a value that starts with a dash reads as another option.
      if (!token.inlineValue && token.value.startsWith('-')) {
        return isOptionWritten(token.value, options)
          ? `${option} needs a value, not the option ${token.value} after it: ${example}.`
          : `${option} ${token.value}: a value that starts with a dash goes after an equals sign: ${option}=${token.value}.`;
      }
    }
  }
  return undefined;
}

function unknownOption(command: CommandSpec, options: Options, arg: string, rawName: string, name: string): string {
  // `-base-url` is read as the short options -b -a -s -e…: the user meant the whole word.
  const word = !arg.startsWith('--') && arg.length > 2 ? arg.split('=')[0].slice(1) : name;
  const typed = word === name ? rawName : arg.split('=')[0];
  const negated = word.startsWith('no-') ? word.slice(3) : undefined;
  if (negated !== undefined && Object.hasOwn(options, negated) && options[negated].type === 'boolean') {
    // The nearest name would be the option itself: the opposite of what was asked for.
    return `${typed} is not an option of ${command.name}; --${negated} is off unless given, so leave it out.`;
  }
  const guess = nearestName(word, Object.keys(options));
  return `${typed} is not an option of ${command.name}${guess ? `; did you mean --${guess}?` : '.'}`;
}

/** `--seed` or `-h` as an option the command knows, not a value such as `-5`. */
function isOptionWritten(text: string, options: Options): boolean {
  if (text.startsWith('--')) return true;
  return Object.values(options).some((spec) => spec.short !== undefined && text === `-${spec.short}`);
}
