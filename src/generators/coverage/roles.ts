import type { FieldRole } from './classes.js';

/*
 * What each request field holds, where the kit reads more into its name than its JSON type.
 * Keys are operation ids, then field paths as `pathText` writes them ('items[0].num'). A field
 * not listed has no role: every class sent to it is judged as a hostile call.
 */

const orderHeaderText = {
  soCaName: 'free-text',
  soCaProvince: 'free-text',
  soCaCity: 'free-text',
  soCaStreet: 'free-text',
  soNote: 'free-text',
} as const;

export const fieldRoles: Readonly<Record<string, Readonly<Record<string, FieldRole>>>> = {
  'custom-demand-list': { status: 'filter' },
  'purchase-order-list': { status: 'filter' },
  'bank-card-list': { status: 'filter' },
  'custom-demand-create': { nums: 'quantity', price: 'amount' },
  'consignment-publish': { productName: 'free-text', nums: 'quantity', price: 'amount' },
  'alpha-order-create': { ...orderHeaderText, 'items[0].num': 'quantity-text', 'items[0].siCusNote': 'free-text', 'items[0].siSendNote': 'free-text' },
  'beta-order-create': { ...orderHeaderText, 'items[0].num': 'quantity-text' },
};

/** Fields written as strings that hold a number (#6 "cid (string in the sample)", #14/#15 num): number classes go there as text. */
export const numericTextFields: Readonly<Record<string, readonly string[]>> = {
  'consignment-delete': ['cid'],
  'purchase-order-list': ['cusType'],
  'alpha-order-create': ['items[0].num'],
  'beta-order-create': ['items[0].num', 'items[0].brandId'],
};
