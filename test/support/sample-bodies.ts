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

/** A consignee edit (4.1 "edit consignee address") of consignee 3, every field of 2.9 given. */
export const CONSIGNEE_EDIT = {
  id: 3,
  consigneeName: '李娜',
  mobile: '13912345678',
  phone: '0571-88234567',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  address: '文三路90号东部软件园3号楼',
  isDefault: 0,
  remark: '前台代收',
};
