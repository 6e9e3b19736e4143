import { type Operation, wirePath } from '../catalogue/operations.js';
import { pathOf } from './observed.js';

/**
 * Which operation a request of traffic calls: its method, and the path it ends with, after whatever
 * base path the server lives under. Section 4 writes paths under /pc and /auth with a doubled slash;
 * a client that sends them with one still calls the operation (documented-path judges the form), so
 * both match, the documented form first.
 */
export class TrafficRoutes {
  /** Longest paths first, so that no operation's path is taken for the end of a longer one. */
  private readonly byPath: ReadonlyArray<{ readonly path: string; readonly operation: Operation }>;

  constructor(operations: readonly Operation[]) {
    const documented = operations.map((operation) => ({ path: wirePath(operation), operation }));
    const singleSlash = operations.filter((operation) => operation.pathStyle === 'double-slash').map((operation) => ({ path: operation.path, operation }));
    this.byPath = [...documented, ...singleSlash].sort((a, b) => b.path.length - a.path.length);
  }

  /** The operation a request calls, or undefined for a method and path the spec (and the operation map) does not know. */
  match(method: string, url: string): Operation | undefined {
    const path = pathOf(url);
    return this.byPath.find((route) => route.operation.method === method.toUpperCase() && path.endsWith(route.path))?.operation;
  }
}
