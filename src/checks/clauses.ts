/**
 * The spec's clauses that several checks enforce: the section and its sentences, verbatim, written
 * once. A check of one of them spreads it into its declaration; a check of its own clause writes
 * its rule and quote in place.
 */
export interface Clause {
  /** The spec section, e.g. "4 rule 1". */
  readonly rule: string;
  /** The spec's sentences, verbatim (see CheckDefinition.quote). */
  readonly quote: string;
}

export const ANSWERS_200_ENVELOPE: Clause = {
  rule: '4 rule 1',
  quote: 'Each operation in the table answers HTTP 200 with the envelope of 2.1.',
};

export const BOUNDS_NOT_SHOWN: Clause = {
  rule: '8',
  quote: 'Rate limits, maximum page size and other bounds: not shown.',
};

export const JSON_OVER_HTTP: Clause = {
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
};

export const TOKEN_BEHAVIOUR_NOT_SHOWN: Clause = {
  rule: '5',
  quote: 'Lifetime of tokens and behaviour on a missing or invalid token: not shown.',
};

export const POST_UNLESS_MARKED: Clause = {
  rule: '4',
  quote: 'All operations below use HTTP POST unless marked.',
};

export const BEHAVIOUR_NOT_SHOWN: Clause = {
  rule: '1',
  quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
};

export const PAGES_BEYOND_SHAPE: Clause = {
  rule: '2.2, 1',
  quote:
    'totalPage | integer (total number of pages) … pageNo | integer (current page number) … Behaviour of each operation beyond its request and response shape: not shown.',
};

export const PAGE_COUNT: Clause = {
  rule: '2.2, 4 rule 2',
  quote:
    'totalPage | integer (total number of pages) … In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
};

export const PAGE_NUMBER: Clause = {
  rule: '2.2, 4 rule 2',
  quote:
    'pageNo | integer (current page number) … In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
};

export const ERRORS_IN_ENVELOPE: Clause = {
  rule: '7',
  quote: 'Results and errors are carried in the envelope fields `status`, `code`, `message` and `error` (2.1). … Content of the `error` object: not shown.',
};

export const RECORD_FIELDS_NOT_SHOWN: Clause = {
  rule: '2.10',
  quote:
    'Fields of the consignment list record, invoice records, brand record, alpha product record, dispatch note, enterprise member item and customer basic-information record: not shown beyond their names.',
};

export const AUTHORIZATION_HEADER: Clause = {
  rule: '5',
  quote: 'Every operation takes the header `authorization`, a required string.',
};

export const AUTHORIZATION_AND_REFUSAL: Clause = {
  rule: '5 rule 1',
  quote: 'Every operation takes the header `authorization`, a required string. … behaviour on a missing or invalid token: not shown.',
};

export const AUTHORIZATION_AND_TOKEN_LIFETIME: Clause = {
  rule: '5 rule 1',
  quote: 'Every operation takes the header `authorization`, a required string. … Lifetime of tokens and behaviour on a missing or invalid token: not shown.',
};
