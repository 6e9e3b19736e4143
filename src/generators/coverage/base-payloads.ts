/*
 * The valid body each coverage request starts from: one fixed, realistic payload per operation of
 * section 4, the same under every seed, so the coverage pass sends the same requests on every run.
 * Values follow the spec's samples where it shows them ("Request fields of #1 to #5 and #7 to #12
 * are shown with null or numeric sample values only", 4 rule 4): numbers where it shows numbers.
 */
export const basePayloads: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'custom-demand-list': { pageSize: 10, status: 0 },
  'custom-demand-create': { type: 1, cas: '64-17-5', level: 'AR', nums: 2, pack: '500g', price: 128.5 },
  // A delete names an id no server shows (record-ids.ts, UNKNOWN_ID): the run deletes only what it made.
  'custom-demand-delete': { demandId: 2_000_000_199 },
  'purchase-order-list': { pageSize: 10, status: 1, cusType: '1' },
  'consignment-publish': { id: 1, type: 1, hasCas: 1, cas: '75-05-8', productName: '乙腈', level: 'HPLC', nums: 4, pack: '4L', price: 420 },
  'consignment-delete': { cid: '2000000198' },
  'bank-card-list': { pageSize: 10, status: 0 },
  'bank-card-by-id': { id: 1 },
  'consignee-by-id': { id: 2 },
  'consignee-delete': { id: 2_000_000_197 },
  'send-code': { mobile: '13812345678', source: 1 },
  login: { mobile: '13812345678', password: 'Reagent2026' },
  'alpha-orders-list': { pageSize: 10, pageNo: 1 },
  'alpha-order-create': {
    soCusPo: 'PO202611220001',
    soCaName: '王晓明',
    soCaMobile: '13812345678',
    soCaPhone: '010-62345678',
    soCaProvince: '北京市',
    soCaCity: '北京市',
    soCaStreet: '中关村大街27号',
    // As a Chinese input method types it, full-width punctuation and a full-width digit: text whose compatibility form differs.
    soNote: '工作日送货，周末前台代收（２号楼）',
    items: [{ pCode: 'A008330', num: '2', siCusNote: '随货附COA', siSendNote: '' }],
  },
  'beta-order-create': {
    soCusPo: 'PO202611220002',
    soCaName: 'Emily Chen',
    soCaMobile: '13912345678',
    soCaPhone: '021-52345678',
    soCaProvince: '上海市',
    soCaCity: '上海市',
    soCaStreet: '张江路88号',
    // A medium as labs write it, a "+" and a "%" that two hexadecimal digits follow: text a URL decoder would change.
    soNote: 'DMEM+10%FBS，冷链运输',
    items: [{ pCode: 'S81234-500g', brandId: '1', num: '3' }],
  },
  'beta-products-by-brand': { brandId: 1, pageSize: 10, pageNo: 1 },
};
