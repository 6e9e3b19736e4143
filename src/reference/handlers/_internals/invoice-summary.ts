import type { Invoice } from '../../records.js';

/** An invoice without its lines, as lists show it. */
export function invoiceSummary({ items: _items, ...summary }: Invoice): Omit<Invoice, 'items'> {
  return summary;
}
