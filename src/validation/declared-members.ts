import type { SchemaDocument } from './schemas.js';

/** One member an object schema declares under `properties`. */
export interface DeclaredMember {
  /** Its one JSON type: `type`, else `sampleType` (a type known only from the sample); undefined where neither gives one. */
  readonly type: string | undefined;
  /** Its `format`, where it names one (`date-time`). */
  readonly format: string | undefined;
  /** Where it holds an array of objects: the members each element declares. */
  readonly elements?: DeclaredMembers;
}

/** The members an object schema declares, by name. */
export type DeclaredMembers = ReadonlyMap<string, DeclaredMember>;

/** The part of a JSON Schema the walk reads; anything else is ignored. */
interface Node {
  readonly $ref?: unknown;
  readonly allOf?: unknown;
  readonly type?: unknown;
  readonly sampleType?: unknown;
  readonly format?: unknown;
  readonly properties?: Readonly<Record<string, Node>>;
  readonly items?: Node;
}

/**
 * The members the schema with this `$id` declares: its `properties`, with those of every schema its
 * `allOf` and `$ref` lead to (a record of 2.3 shares its fields through `order-fields`), and of an
 * array of objects, what its elements declare (the lines of an order, by `$ref` or in place).
 * Throws where no document has the `$id`, or a `$ref` leads to none.
 */
export function declaredMembers(documents: ReadonlyMap<string, SchemaDocument>, schemaId: string): DeclaredMembers {
  const documentOf = (id: string): Node => {
    const document = documents.get(id);
    if (!document) throw new Error(`No schema with $id ${id} under schemas/.`);
    return document as Node;
  };
  /** A node with its `$ref` followed, and the `$id` its own `$ref`s resolve against. */
  const resolve = (node: Node, base: string): { node: Node; base: string } => {
    if (typeof node.$ref !== 'string') return { node, base };
    const target = new URL(node.$ref, `file:///${base}`).pathname.slice(1);
    return resolve(documentOf(target), target);
  };
  const membersOf = (start: Node, startBase: string): Map<string, DeclaredMember> => {
    const { node, base } = resolve(start, startBase);
    const members = new Map<string, DeclaredMember>();
    for (const part of Array.isArray(node.allOf) ? (node.allOf as Node[]) : []) {
      for (const [name, member] of membersOf(part, base)) members.set(name, member);
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) members.set(name, memberOf(child, base));
    return members;
  };
  const memberOf = (start: Node, startBase: string): DeclaredMember => {
    const { node, base } = resolve(start, startBase);
    const named = typeof node.type === 'string' ? node.type : typeof node.sampleType === 'string' ? node.sampleType : undefined;
    const format = typeof node.format === 'string' ? node.format : undefined;
    if (named !== 'array' || !node.items) return { type: named, format };
    const elements = membersOf(node.items, base);
    return elements.size > 0 ? { type: named, format, elements } : { type: named, format };
  };
  return membersOf(documentOf(schemaId), schemaId);
}
