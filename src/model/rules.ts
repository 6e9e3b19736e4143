import type { FlowRule } from '../flows/flow.js';

/**
 * A rule of the model: what it predicts of a later call, the clause it rests on, and what a
 * disagreement with it looks like. The spec shows no behaviour beyond shapes (1), so every rule is a
 * warning: each states the meaning a create, an edit, a delete, a read and a page have in any API
 * whose operations carry those names.
 */
export interface ModelRule extends FlowRule {
  readonly description: string;
  /** The sentences of the spec it rests on, as written. */
  readonly quote: string;
}

const NOT_SHOWN = 'Behaviour of each operation beyond its request and response shape: not shown.';

export const createdShown: ModelRule = {
  id: 'model-created-shown',
  rule: '1, 2.2',
  title: 'A record the run created is listed and read by id with what was sent',
  description:
    'After a create answered with success, the next list shows the record (by the marker it was sent with) and the lookup by its id answers it, each with the values the create sent in the fields the record names. Each create answered with success adds one record: the same create sent twice in a row and answered with success twice is listed on two records.',
  quote: `Custom demand orders | Publish, list, delete, detail. … list | array of records … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const editShown: ModelRule = {
  id: 'model-edit-shown',
  rule: '1, 4.1',
  title: 'A record the run edited shows the edit',
  description: 'After an edit answered with success, the next list and lookup show the record, under the same id, with the values the edit sent.',
  quote: `Member | edit / delete bank card; edit consignee address; edit / delete / list / detail invoice profile; consignee list … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const deletedGone: ModelRule = {
  id: 'model-deleted-gone',
  rule: '1, 4 #3 #6 #10',
  title: 'A record the run deleted is gone from the list and the lookup',
  description:
    'After a delete answered with success, no list read to its end shows the record and the lookup by its id answers no record (an error result, or no data).',
  quote: `/pc/custom_demand/delDemand | demandId | empty object … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const readChangesNothing: ModelRule = {
  id: 'model-read-changes-nothing',
  rule: '1, 2.2',
  title: 'A read changes no record',
  description:
    'A record a read showed as the model predicts is shown the same by the next read, when the run wrote nothing in between: a list or a lookup that changes or removes what it reads is found by the read after it.',
  quote: `list | array of records … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const othersUntouched: ModelRule = {
  id: 'model-others-untouched',
  rule: '1, 4.1',
  title: 'A write changes only the record it names',
  description:
    "A record the run made is shown as it was last shown after the run created, edited or deleted another of its records: an edit or a delete whose WHERE takes more rows than the one named shows in the records beside it. Other clients' records are never compared.",
  quote: `Member | edit / delete bank card; edit consignee address; edit / delete / list / detail invoice profile; consignee list … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const idsDistinct: ModelRule = {
  id: 'model-ids-distinct',
  rule: '2.6, 2.7, 2.8, 2.9',
  title: 'Two records the run made have two ids',
  description:
    'Two records the run created with different markers are never listed under one id, and a record the run made is never listed under the id of one it deleted before: the id is what the lookup, the edit and the delete name a record by (2.6 to 2.9: "id | integer"), so an id given again makes a retried delete or a lookup kept from before act on another record.',
  quote: `| id | integer | … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const editAccepted: ModelRule = {
  id: 'model-edit-accepted',
  rule: '1, 4.1',
  title: 'An edit like one the server accepted is accepted',
  description:
    "Once the server accepted an edit of the set in a sequence, a later edit of a record the run made and holds, which differs from the accepted one only in generated values of the same kind (a few words, small whole numbers), is answered with success: an edit refused as a conflict when nothing but the run changed the record (a version check against a stale copy) is an edit a member cannot make. The first edit of a sequence refused is the server's choice; a rate limit refuses nothing.",
  quote: `Member | edit / delete bank card; edit consignee address; edit / delete / list / detail invoice profile … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const refusedChangesNothing: ModelRule = {
  id: 'model-refused-changes-nothing',
  rule: '2.2, 7 rule 1',
  title: 'A write the server refused changes nothing',
  description:
    "After a write of the run's own answered with a refusal (an error result; for an order, no order), the list counts the records it counted before: a delete of a record already deleted, or an order refused for its line, that still moves totalPage (read at pageSize 1, where it counts records) or total. Moved by the same amount again by the refusal sent again, so that another client's write is not taken for it.",
  quote: `totalPage | integer (total number of pages) … Results and errors are carried in the envelope fields … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const raceLinearizable: ModelRule = {
  id: 'model-race-linearizable',
  rule: '1, 2.2',
  title: 'Commands sent at once answer as in some order of them',
  description:
    "Commands on the run's own records sent at once (two creates; two edits of one record and a read of it; two deletes of one record and reads) and the reads after them answer as the model predicts for some order of those commands: an edit lost or mixed with another, a record deleted twice with success, two records under one id is each in no order.",
  quote: `list | array of records … ${NOT_SHOWN}`,
  severity: 'warning',
};

export const raceEnvelope: ModelRule = {
  id: 'model-race-envelope',
  rule: '2.1',
  title: 'An answer to commands sent at once is still an envelope',
  description:
    'Every answer to a command sent at once with others is a JSON object with the fields of the envelope (2.1): a server that answers a lock it could not take with an error page or a bare message breaks 2.1 only when called so.',
  quote: 'Every response body is a JSON object with these fields.',
  severity: 'error',
};

/**
 * A relation the model asks around its writes (src/model/listed-as-looked-up.ts), reported as a
 * relation: what it cannot see is listed in docs/relations.md with the relations of the lists.
 */
export const listedAsLookedUp: ModelRule & { readonly cannotSee: string } = {
  id: 'relation-listed-as-looked-up',
  rule: '2.2, 4 #9, 4.1',
  title: 'A record the list shows differs from the lookup of its id',
  description:
    "After the model's writes of a set with a lookup by id, the records at both ends of the list (the first of page 1, the last of the last page) are each looked up by their id, and every field the listed record and the looked-up one both show must hold the same value: the list and the lookup show one record. A list assembled from a cache that a write of another record does not evict (a default flag cleared in SQL on the records beside the one made default, a name changed by a join) shows a record the lookup no longer shows. The ends are read before the writes too, as any client reads a list: what a cache keeps is what was read. Where the two differ, the page and the lookup are asked once more, and only fields that differ again are reported: another client's write between two requests is a one-off. Values compare as the model compares them (a number as its numeric text, text in any Unicode normalisation form).",
  quote: `list | array of records (the record type depends on the operation) … /pc/customer/consigneeInfoById | id | consignee record (2.9) … edit / delete bank card; edit consignee address; edit / delete / list / detail invoice profile; consignee list … ${NOT_SHOWN}`,
  cannotSee:
    'Records between the two ends; a field only one of the two shows (a lookup that answers another shape, as #8 answers the consignee record of 2.9, is compared on the fields both carry); a list that shows a record stale only until it is read again; sets without a lookup by id.',
  severity: 'warning',
};

/** Every rule of the model, in the order docs/model.md lists them. */
export const modelRules: readonly ModelRule[] = [
  createdShown,
  editShown,
  deletedGone,
  readChangesNothing,
  othersUntouched,
  idsDistinct,
  editAccepted,
  refusedChangesNothing,
  raceLinearizable,
  raceEnvelope,
  listedAsLookedUp,
];
