/** Lock paths (e.g. `node_modules/ajv`) of every package the kit's dependencies reach. */
export function productionPaths(root?: string): Set<string>;
/** Lock paths of installed packages that the kit's dependencies do not reach. */
export function unreachedInstalled(root?: string): string[];
