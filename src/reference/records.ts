/**
 * The records the embedded reference server holds: the shapes of section 2 as the server stores
 * them, and its whole state.
 */

/** "Custom demand record" (2.6). */
export interface CustomDemand {
  id: number;
  demandNumber: string;
  serialNumber: string;
  productCas: string;
  productLevel: string;
  productNums: string;
  productPack: string;
  demandPrice: string;
  supplyPrice: string;
  salePrice: string;
  status: number;
  statusText: string;
  remark: string;
  /** "null in the sample" (2.6). */
  createdAt: null;
}

/** "Purchase order record" (2.7), also the shape consignments are answered in (#6). */
export interface PurchaseOrder {
  id: number;
  productNumber: string;
  productCas: string;
  productCname: string;
  productLevel: string;
  productNums: string;
  productPack: string;
  salePrice: string;
  status: number;
  statusText: string;
  remark: string;
  createdAt: null;
}

/** "Bank card record" (2.8). */
export interface BankCard {
  id: number;
  accountName: string;
  bankName: string;
  bankAccount: string;
  createdAt: null;
}

/** "Consignee record" (2.9). */
export interface Consignee {
  id: number;
  consigneeName: string;
  mobile: string;
  phone: string;
  province: string;
  city: string;
  county: string;
  address: string;
  isDefault: number;
  remark: string;
  createdAt: null;
}

/** "Order line" (2.4). */
export interface OrderLine {
  siPrice: number;
  pId: number;
  siDiscount: number;
  siNum: number;
  siAmount: number;
  siVamount: number;
  pCode: string;
  pCnName: string;
  pLevel: string;
  cCas: string;
  deliveryTerm: string;
  ifCancel: string;
}

/** The 29 fields of an order as the alpha order list answers it (2.3): soCtime in unix seconds. */
export interface ListedOrder {
  soId: number;
  soNo: string;
  soTotal: number;
  soReviewStatus: number;
  soPayStatus: number;
  soCaName: string;
  soCaMobile: number;
  soCaPhone: number;
  soCaProvince: string;
  soCaCity: string;
  soCaCounty: string;
  soCaStreet: string;
  soCiaName: string;
  soCiaMobile: number;
  soCiaPhone: number;
  soCiaProvince: string;
  soCiaCity: string;
  soCiaCounty: string;
  soCiaStreet: string;
  soCiMethod: number;
  soCiType: number;
  soCiTitle: string;
  soCiBank: string;
  soCiBknum: string;
  soCiAddr: string;
  soCiPhone: number;
  soCiVatno: string;
  soNote: string;
  soCtime: number;
}

/** "Beta catalogue product" (2.5). */
export interface BetaProduct {
  code: string;
  cas: string;
  chemCnName: string;
  chemEnName: string;
  cnName: string;
  enName: string;
  level: string;
  delivery: string;
  price: number;
  status: number;
  pack: string;
  ifDangers: number;
  ifGuanzhi: string;
}

/** A purchase order with the customer type the list filters on (#4 `cusType`), which 2.7 does not carry. */
export interface PurchaseOrderEntry {
  cusType: '1' | '2';
  record: PurchaseOrder;
}

/** A bank card with the facts its consignee-shaped answer (#8) is built from, which 2.8 does not carry. */
export interface BankCardEntry {
  record: BankCard;
  /** The mobile number the bank holds for the card. */
  reservedMobile: string;
  /** The opening branch: its place, name and landline. */
  branch: Place & { name: string; phone: string };
  isDefault: number;
}

/** An order with what its create-order answer adds to the 29 listed fields (2.3, 2.4). */
export interface StoredOrder {
  order: ListedOrder;
  freightPrice: number;
  lines: OrderLine[];
}

/*
 * Records of the operations 4.1 lists without payload. Their fields are "not shown beyond their
 * names" (2.10), so these are the sandbox's own, named in the style of the documented records.
 */

/** A product of the alpha catalogue, named like the order line (2.4) that orders it. */
export interface AlphaProduct {
  pId: number;
  pCode: string;
  pCnName: string;
  pEnName: string;
  cCas: string;
  pLevel: string;
  pPack: string;
  pPrice: number;
  pDiscount: number;
  deliveryTerm: string;
  /** Packs in stock. */
  pStock: number;
  /** 1 on sale, 0 withdrawn, as the beta product's `status` (2.5). */
  pStatus: number;
  ifDangers: number;
  ifGuanzhi: string;
}

/** A brand of the beta catalogue; its products' codes start with `codePrefix`. */
export interface BetaBrand {
  brandId: number;
  brandName: string;
  brandEnName: string;
  codePrefix: string;
}

/** How a dispatched order was shipped; its dispatch note is built from this and the order. */
export interface Dispatch {
  soNo: string;
  dispatchNo: string;
  expressCompany: string;
  expressNo: string;
  /** Unix seconds. */
  dispatchedAt: number;
  /** The batch of each order line, in line order. */
  batchNos: string[];
}

/** A line of a VAT invoice: amounts before tax, and the tax on them. */
export interface InvoiceItem {
  itemName: string;
  pCode: string;
  specification: string;
  unit: string;
  quantity: number;
  amount: number;
  taxRate: number;
  taxAmount: number;
}

/** An invoice of an order. `status` 0 awaits issue (no number yet), 1 issued. */
export interface Invoice {
  id: number;
  invoiceNo: string;
  soNo: string;
  invoiceType: number;
  invoiceTypeText: string;
  invoiceTitle: string;
  taxNumber: string;
  /** Amount and tax together (价税合计). */
  totalAmount: number;
  amount: number;
  taxAmount: number;
  status: number;
  statusText: string;
  /** "2026-01-12 10:00:00", China time; `issuedAt` is "" until issued. */
  appliedAt: string;
  issuedAt: string;
  items: InvoiceItem[];
}

/** An invoice profile (开票资料) of the member: what invoices are made out to. */
export interface InvoiceProfile {
  id: number;
  /** 1 VAT ordinary invoice, 2 VAT special invoice, as orders' `soCiType` (2.3). */
  invoiceType: number;
  invoiceTypeText: string;
  invoiceTitle: string;
  taxNumber: string;
  bankName: string;
  bankAccount: string;
  registeredAddress: string;
  registeredPhone: string;
  isDefault: number;
  remark: string;
  createdAt: null;
}

/** The basic information of the sandbox's own member; its mobile is the credentials' user name. */
export interface AccountProfile {
  id: number;
  nickname: string;
  realName: string;
  email: string;
  companyName: string;
  department: string;
  province: string;
  city: string;
  county: string;
  address: string;
  memberLevel: number;
  memberLevelText: string;
  createdAt: null;
}

/** A registered member. The sandbox keeps no passwords: login (#12) takes any. */
export interface Member {
  id: number;
  mobile: string;
  realName: string;
  companyName: string;
  /** Unix seconds. */
  registeredAt: number;
}

/** The order a list is paged in: its collection's own, newest first, or oldest first. */
export type ListOrder = 'newest-first' | 'oldest-first';

/** The reference server's data. Every collection is kept newest first, the order list pages show it in. */
export interface ReferenceState {
  readonly customDemands: CustomDemand[];
  readonly purchaseOrders: PurchaseOrderEntry[];
  /** Consignments live in the purchase order shape because delConsignment answers that shape (#6). */
  readonly consignments: PurchaseOrder[];
  readonly bankCards: BankCardEntry[];
  readonly consignees: Consignee[];
  readonly alphaOrders: StoredOrder[];
  readonly betaOrders: StoredOrder[];
  /** Products of each brand id, in catalogue order. */
  readonly betaProducts: ReadonlyMap<number, readonly BetaProduct[]>;
  /** Brands 1..20 of the beta catalogue, by brand id (4.1 "brand list"). */
  readonly betaBrands: readonly BetaBrand[];
  /** The alpha catalogue, by product code (4.1 "list of all products"). */
  readonly alphaProducts: readonly AlphaProduct[];
  /** The shipping of dispatched orders of both catalogues; an order without one awaits dispatch. */
  readonly dispatches: Dispatch[];
  readonly alphaInvoices: Invoice[];
  readonly betaInvoices: Invoice[];
  /** The member the sandbox's credentials and token stand for (4.1 "customer basic information"). */
  readonly account: AccountProfile;
  /** Other registered members (4.1 "register"), by mobile number. */
  readonly members: Member[];
  readonly invoiceProfiles: InvoiceProfile[];
  /** The order lists show their records in: as kept (newest first), or the other way (a clean variant's choice: 2.2 shows no order). */
  readonly listOrder: ListOrder;
  /** The id the next created record gets; also the serial of the next order number. */
  nextId: number;
  /** The clock new records are stamped with, in epoch milliseconds. */
  readonly now: () => number;
}

export interface Place {
  province: string;
  city: string;
  county: string;
  /** Long-distance dialling prefix of the city, for landline numbers like "010-62345678". */
  areaCode: string;
}
