import type { Invoice } from '../../seed.js';

/** An invoice without its lines, as lists show it. */
export function invoiceSummary({ items: _items, ...summary }: Invoice): Omit<Invoice, 'items'> {
  return summary;
}
