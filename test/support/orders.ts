/** The header fields of a create-order request (#14, #15), fixed for tests that need a known order. */
export const orderHeader = {
  soCusPo: 'PO202611220007',
  soCaName: '王晓明',
  soCaMobile: '13812345678',
  soCaPhone: '010-62345678',
  soCaProvince: '北京市',
  soCaCity: '北京市',
  soCaStreet: '中关村大街27号',
  soNote: '工作日送货',
};
