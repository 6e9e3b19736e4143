/**
 * The groups of section 1 ("What the service does"), in the spec's order.
 * A group's id is what users type after `--only`.
 */
export const groups = [
  { id: 'token', title: 'Token', purpose: 'Obtain a user authorization token.' },
  { id: 'beta-products', title: 'Beta catalogue, products', purpose: 'Product detail, brand list, products of one brand.' },
  { id: 'beta-orders', title: 'Beta catalogue, orders', purpose: 'Create an order, get an order dispatch note.' },
  {
    id: 'alpha-products',
    title: 'Alpha catalogue, products',
    purpose: 'Product detail, product detail by CAS number, list of all products.',
  },
  {
    id: 'alpha-orders',
    title: 'Alpha catalogue, orders',
    purpose: "Create an order, list the user's orders, order detail, dispatch note.",
  },
  { id: 'alpha-invoices', title: 'Alpha catalogue, invoices', purpose: 'Invoice item detail, invoices of an order.' },
  { id: 'beta-invoices', title: 'Beta catalogue, invoices', purpose: 'Invoice order list.' },
  {
    id: 'member-account',
    title: 'Member account',
    purpose:
      'Register, log in, log out, reset and forgot password, send an SMS code, change profile, read basic customer data, manage bank cards, consignee addresses and invoice profiles.',
  },
  { id: 'consignment', title: 'Consignment orders', purpose: 'Publish, list, delete, detail, list awaiting dispatch.' },
  { id: 'custom-demand', title: 'Custom demand orders', purpose: 'Publish, list, delete, detail.' },
  { id: 'purchase-orders', title: 'Purchase orders', purpose: 'Publish, list.' },
] as const;

export type GroupId = (typeof groups)[number]['id'];
export type Group = (typeof groups)[number];

export function findGroup(id: string): Group | undefined {
  return groups.find((group) => group.id === id);
}
