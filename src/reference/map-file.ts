import { fileURLToPath } from 'node:url';

/** The operation map of the reference server: where it puts the operations of 4.1. Shipped with the kit. */
export const referenceOperationMapFile = fileURLToPath(new URL('./operation-map.json', import.meta.url));
