import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * Declaration files as emitted by TypeScript, read as text (TypeScript 7 has no compiler API to ask):
 * its printer puts each top-level statement at column 0 and everything inside one indented, which is
 * all the parsing here relies on. A statement of a form it does not know throws rather than being
 * left out.
 */

/** Where one declaration lives: a .d.ts file under the emit directory, and its top-level name. */
export interface Declared {
  readonly file: string;
  readonly name: string;
}

/** A name as a module sees it: declared in `module` (a .d.ts file, or a package outside the kit) under `name`. */
export interface Binding {
  readonly module: string;
  readonly name: string;
}

interface Declaration {
  /** Its first keyword: function, const, class, interface, type, … */
  readonly kind: string;
  /** Several for overloads and merged declarations. */
  readonly statements: string[];
}

interface DeclarationFile {
  readonly declarations: Map<string, Declaration>;
  /** Local name → where the import reads it from. */
  readonly imports: Map<string, Binding>;
  /** Exported name → where it is declared, in the order the file exports them. */
  readonly exports: Map<string, Binding>;
  /** `declare module '…'` and `declare global` blocks: they change other packages' types wherever this file is loaded. */
  readonly augmentations: string[];
  /** The files under the emit directory that loading this one loads. */
  readonly loads: Set<string>;
}

const DECLARATION = /^(export )?(declare )?(abstract )?(function|const|let|class|interface|type|enum|namespace) ([\w$]+)/;
const AUGMENTATION = /^(export )?declare (module ['"]|global\b)/;
const IMPORT = /^import (?:type )?([\s\S]+?) from '([^']+)';$/;
const BARE_IMPORT = /^import '([^']+)';$/;
const EXPORT_LIST = /^export (?:type )?\{([^}]*)\}(?: from '([^']+)')?;$/;
const INLINE_IMPORT = /import\("([^"]+)"\)\.([\w$]+)/g;
/** The name a namespace import binds stands for the whole module; `Name.Member` reads one of its exports. */
const WHOLE_MODULE = '*';

/** The top-level statements of emitted declarations: a statement runs until the next line that starts at column 0 and does not close a bracket. */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const continues = /^[\s})\]]/.test(line);
    if (continues && statements.length > 0) statements[statements.length - 1] += `\n${line}`;
    else statements.push(line);
  }
  return statements;
}

/** `a`, `type a`, `a as b` of a braced import or export list, as [name in the module, name on this side]. */
function listedNames(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type /, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [original = part, alias = original] = part.split(' as ');
      return [original, alias];
    });
}

/** The names an import clause binds (`a`, `* as ns`, `{ b, c as d }`, or a default and one of the others), as [name in the module, local name]. */
function importedNames(clause: string): [string, string][] {
  const defaultName = /^([\w$]+)(?:,|$)/.exec(clause);
  const namespace = /\* as ([\w$]+)/.exec(clause);
  const list = /\{([^}]*)\}/.exec(clause);
  return [
    ...(defaultName ? [['default', defaultName[1]] as [string, string]] : []),
    ...(namespace ? [[WHOLE_MODULE, namespace[1]] as [string, string]] : []),
    ...(list ? listedNames(list[1]) : []),
  ];
}

/** The file a relative specifier names under the emit directory; a package's specifier stays as written. */
function moduleOf(fromFile: string, specifier: string, emitDir: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const file = posix.join(posix.dirname(fromFile), specifier.replace(/\.js$/, '.d.ts'));
  return existsSync(join(emitDir, file)) ? file : specifier;
}

const isDeclarationFile = (module: string) => module.endsWith('.d.ts');

function parseDeclarationFile(file: string, emitDir: string): DeclarationFile {
  const parsed: DeclarationFile = { declarations: new Map(), imports: new Map(), exports: new Map(), augmentations: [], loads: new Set() };
  const load = (specifier: string) => {
    const module = moduleOf(file, specifier, emitDir);
    if (isDeclarationFile(module)) parsed.loads.add(module);
    return module;
  };
  for (const statement of statementsOf(readFileSync(join(emitDir, file), 'utf8'))) {
    const declaration = DECLARATION.exec(statement);
    const imported = IMPORT.exec(statement);
    const exportList = EXPORT_LIST.exec(statement);
    const bareImport = BARE_IMPORT.exec(statement);
    for (const [, specifier] of statement.matchAll(INLINE_IMPORT)) load(specifier);
    if (AUGMENTATION.test(statement)) {
      parsed.augmentations.push(statement);
    } else if (declaration) {
      const [, exported, , , kind, name] = declaration;
      const merged = parsed.declarations.get(name);
      if (merged) merged.statements.push(statement);
      else parsed.declarations.set(name, { kind, statements: [statement] });
      if (exported) parsed.exports.set(name, { module: file, name });
    } else if (imported) {
      const module = load(imported[2]);
      for (const [original, local] of importedNames(imported[1])) parsed.imports.set(local, { module, name: original });
    } else if (exportList) {
      const [, list, from] = exportList;
      for (const [original, exported] of listedNames(list)) {
        const local = parsed.imports.get(original) ?? { module: file, name: original };
        parsed.exports.set(exported, from === undefined ? local : { module: load(from), name: original });
      }
    } else if (bareImport) {
      load(bareImport[1]);
    } else {
      throw new Error(`${file}: a statement the API surface cannot read yet:\n${statement}`);
    }
  }
  return parsed;
}

/** Statement text with its string literals emptied, so that words inside them are not taken for names. */
const withoutStrings = (text: string) => text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");

/** A name a declaration refers to; `member` when written `name.member`. */
interface Reference {
  readonly name: string;
  readonly member: string | undefined;
}

/**
 * The names a declaration refers to: every identifier except a property, parameter or method name
 * (written straight before `:`, `?:` or `(` by the printer; a conditional type's `? a : b` has
 * spaces), with the member a qualified name reads, and the types an inline `import("…")` names.
 */
function referencesOf(statement: string): { references: Reference[]; inlineImports: Binding[] } {
  const inlineImports = [...statement.matchAll(INLINE_IMPORT)].map(([, module, name]) => ({ module, name }));
  const references = [...withoutStrings(statement).matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(\??:|\()?/g)]
    .filter(([, , , writtenAsMemberName]) => writtenAsMemberName === undefined)
    .map(([, name, member]) => ({ name, member }));
  return { references, inlineImports };
}

/** The declarations reachable from a package.json entry point and the ones they name, resolved through re-exports. */
export class DeclarationGraph {
  private readonly files = new Map<string, DeclarationFile>();

  constructor(private readonly emitDir: string) {}

  /** A file's exported names, in the order it exports them, and where each is declared or read from. */
  exportsOf(file: string): ReadonlyMap<string, Binding> {
    return this.file(file).exports;
  }

  private file(file: string): DeclarationFile {
    let parsed = this.files.get(file);
    if (!parsed) {
      parsed = parseDeclarationFile(file, this.emitDir);
      this.files.set(file, parsed);
    }
    return parsed;
  }

  /** Where an exported or imported name is declared, following re-exports; a Binding when it is in another package. */
  resolve(binding: Binding): Declared | Binding {
    if (!isDeclarationFile(binding.module)) return binding;
    const file = this.file(binding.module);
    if (file.declarations.has(binding.name)) return { file: binding.module, name: binding.name };
    const next = file.exports.get(binding.name) ?? file.imports.get(binding.name);
    if (!next) throw new Error(`${binding.module} declares no ${binding.name}`);
    return this.resolve(next);
  }

  /** Its kind and statements; `declared` comes from resolve() or referredTo(), so the file declares it. */
  declaration(declared: Declared): Declaration {
    const declaration = this.file(declared.file).declarations.get(declared.name);
    if (!declaration) throw new Error(`${declared.file} declares no ${declared.name}`);
    return declaration;
  }

  /** The augmentations of other packages' types in the files that loading `files` loads, as a user's compiler would. */
  augmentationsLoadedBy(files: readonly string[]): string[] {
    const loaded = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const next of this.file(file).loads) visit(next);
    };
    for (const file of files) visit(file);
    return [...loaded].flatMap((file) => this.file(file).augmentations);
  }

  /** The declarations and other packages' names that one declaration's text refers to, besides itself. */
  referredTo(declared: Declared): (Declared | Binding)[] {
    const file = this.file(declared.file);
    const found: (Declared | Binding)[] = [];
    for (const statement of this.declaration(declared).statements) {
      const { references, inlineImports } = referencesOf(statement);
      for (const { name, member } of references) {
        const imported = file.imports.get(name);
        if (name === declared.name) continue;
        if (file.declarations.has(name)) found.push({ file: declared.file, name });
        else if (imported?.name === WHOLE_MODULE && member !== undefined) found.push(this.resolve({ module: imported.module, name: member }));
        else if (imported) found.push(this.resolve(imported));
      }
      for (const inline of inlineImports) found.push(this.resolve({ module: moduleOf(declared.file, inline.module, this.emitDir), name: inline.name }));
    }
    return found;
  }
}

export const isDeclared = (found: Declared | Binding): found is Declared => 'file' in found;
export const keyOf = (declared: Declared) => `${declared.file}#${declared.name}`;
