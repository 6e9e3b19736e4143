import { orderHeader } from './orders.js';
import type { Headers } from './raw-http.js';

/** The headers of a call in the documented form (5): `authorization: bearer<TOKEN>`, no space. */
export const documentedHeaders = (token: string): Headers => ({ 'content-type': 'application/json', authorization: `bearer${token}` });
/** The same call without the authorization header. */
export const UNTOKENED: Headers = { 'content-type': 'application/json' };

/** Valid bodies of the operations that create: a demand (#2), a consignment (#5), an alpha (#14) and a beta order (#15). */
export const DEMAND = { type: 1, cas: '64-17-5', level: 'AR', nums: 5, pack: '500ml', price: 1280 };
export const CONSIGNMENT = { id: 0, type: 1, hasCas: 1, cas: '67-64-1', productName: '丙酮', level: 'AR', nums: 4, pack: '2.5L', price: 96.5 };
export const ALPHA_ORDER = { ...orderHeader, items: [{ pCode: 'A104523', num: '2', siCusNote: '', siSendNote: '' }] };
export const BETA_ORDER = { ...orderHeader, items: [{ pCode: 'AL104523', brandId: '1', num: '3' }] };
