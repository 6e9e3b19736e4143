import { pageOrder } from './page-order.js';
import { readUnchanged } from './read-unchanged.js';
import { type Relation, relationCheck } from './relation.js';
import { sameOnAnyConnection } from './same-on-any-connection.js';

/** Every relation, in the order the relations phase asks them and the report lists them. */
export const relations: readonly Relation[] = [pageOrder, readUnchanged, sameOnAnyConnection];

/** Each relation as the check that reports it. */
export const relationChecks = relations.map(relationCheck);
