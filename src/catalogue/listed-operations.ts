import type { GroupId } from './groups.js';
import type { EnvelopeKind } from './operations.js';

/**
 * An operation section 4.1 lists without path or payload ("Paths and payloads of the operations
 * in 4.1: not shown"). The kit calls it only where an operation map gives its path.
 */
export interface ListedOperation {
  /** Stable id, used in operation maps, `--only`, waivers and reports. */
  readonly id: string;
  readonly group: GroupId;
  /** The operation's name as the table of 4.1 gives it. */
  readonly name: string;
  /** As the table gives it; undefined where it says "not stated" (the map must then supply one). */
  readonly method: 'POST' | 'GET' | undefined;
  /** The kit's reading of the name (edit, delete, publish, register…): skipped by --read-only. A map may say otherwise. */
  readonly mutates: boolean;
  /** The kit's reading of the name (a list): its `data` is checked as a page (2.2). A map may say otherwise. */
  readonly pages: boolean;
  /** The kit's reading of the name (a detail): it answers the one record its body names. Not where a map makes it a list. */
  readonly lookup: boolean;
  /** Of a detail: the list whose records it finds (Operation.listedIn), where the names pair them. */
  readonly listedIn?: string;
  /** The full envelope: "Every response body is a JSON object with these fields" (2.1); only #14 carries only `data`. */
  readonly envelope: EnvelopeKind;
}

const post = (
  id: string,
  group: GroupId,
  name: string,
  facts: { mutates?: boolean; pages?: boolean; lookup?: boolean; listedIn?: string } = {},
): ListedOperation => ({
  id,
  group,
  name,
  method: 'POST',
  mutates: facts.mutates ?? false,
  pages: facts.pages ?? false,
  lookup: facts.lookup ?? false,
  ...(facts.listedIn === undefined ? {} : { listedIn: facts.listedIn }),
  envelope: 'full',
});

/**
 * The operations of 4.1, in its order. Login ("see #12"), delete consignment ("see #6") and the
 * SMS code (#11, /auth/send_code) are documented in section 4 and not repeated here.
 */
export const listedOperations: readonly ListedOperation[] = [
  post('token-get', 'token', 'get user auth token'),
  post('beta-product-detail', 'beta-products', 'product detail dataset', { lookup: true }),
  post('beta-brand-list', 'beta-products', 'brand list', { pages: true }),
  post('beta-order-dispatch-note', 'beta-orders', 'dispatch note of an order'),
  post('alpha-product-detail', 'alpha-products', 'product detail dataset', { lookup: true }),
  post('alpha-product-by-cas', 'alpha-products', 'product detail by CAS number', { lookup: true }),
  post('alpha-product-list', 'alpha-products', 'list of all products', { pages: true }),
  post('alpha-order-detail', 'alpha-orders', 'order detail', { lookup: true, listedIn: 'alpha-orders-list' }),
  post('alpha-order-dispatch-note', 'alpha-orders', 'dispatch note of an order'),
  post('alpha-invoice-item-detail', 'alpha-invoices', 'invoice item detail', { lookup: true }),
  post('alpha-order-invoices', 'alpha-invoices', 'invoices of an order'),
  {
    id: 'beta-invoice-order-list',
    group: 'beta-invoices',
    name: 'invoice order list',
    method: undefined,
    mutates: false,
    pages: true,
    lookup: false,
    envelope: 'full',
  },
  post('account-register', 'member-account', 'register', { mutates: true }),
  { id: 'account-logout', group: 'member-account', name: 'log out', method: 'GET', mutates: true, pages: false, lookup: false, envelope: 'full' },
  post('account-reset-password', 'member-account', 'reset password', { mutates: true }),
  post('account-forgot-password', 'member-account', 'forgot password', { mutates: true }),
  post('member-change-profile', 'member-account', 'change profile', { mutates: true }),
  {
    id: 'member-basic-info',
    group: 'member-account',
    name: 'get customer basic information',
    method: 'GET',
    mutates: false,
    pages: false,
    lookup: false,
    envelope: 'full',
  },
  post('bank-card-edit', 'member-account', 'edit bank card', { mutates: true }),
  post('bank-card-delete', 'member-account', 'delete bank card', { mutates: true }),
  post('consignee-edit', 'member-account', 'edit consignee address', { mutates: true }),
  post('invoice-profile-edit', 'member-account', 'edit invoice profile', { mutates: true }),
  post('invoice-profile-delete', 'member-account', 'delete invoice profile', { mutates: true }),
  post('invoice-profile-list', 'member-account', 'list invoice profile', { pages: true }),
  post('invoice-profile-detail', 'member-account', 'detail invoice profile', { lookup: true, listedIn: 'invoice-profile-list' }),
  post('consignee-list', 'member-account', 'consignee list', { pages: true }),
  post('consignment-list', 'consignment', 'list', { pages: true }),
  post('consignment-detail', 'consignment', 'detail', { lookup: true, listedIn: 'consignment-list' }),
  post('consignment-awaiting-list', 'consignment', 'list awaiting dispatch', { pages: true }),
  post('custom-demand-detail', 'custom-demand', 'detail', { lookup: true, listedIn: 'custom-demand-list' }),
  post('purchase-order-publish', 'purchase-orders', 'publish', { mutates: true }),
];

/**
 * Operations a client calls before it has a token, so without the `authorization` header: the token
 * operation ("A token is obtained with the token operation", 5 rule 3), registering, and recovering a
 * forgotten password. The kit's reading of their names; 5 rule 1 has every operation take the
 * header, and says nothing of "behaviour on a missing or invalid token". The reference server
 * answers them without one, and traffic that calls them without one is judged as valid calls.
 */
export const operationsWithoutToken: ReadonlySet<string> = new Set(['token-get', 'account-register', 'account-forgot-password']);

export function findListedOperation(id: string): ListedOperation | undefined {
  return listedOperations.find((op) => op.id === id);
}
