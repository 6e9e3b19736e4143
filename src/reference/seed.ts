/**
 * Seed data of the embedded reference server: realistic records of section 2, built with a
 * fixed-seed PRNG so every `seedState()` answers the same data (a failing run can be replayed).
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

export const SEEDED_RECORDS = 200;
const SEEDED_ALPHA_ORDERS = 30;
const BETA_BRANDS = 20;
const SEEDED_BETA_ORDERS = 10;
const SEEDED_MEMBERS = 20;
const SEEDED_INVOICE_PROFILES = 12;
const ALPHA_CATALOGUE_EXTRA_PRODUCTS = 150;
const PRNG_SEED = 20261122;

/** A fresh copy of the seed data: ids 1..SEEDED_RECORDS in each record collection. */
export function seedState(now: () => number = Date.now): ReferenceState {
  const alphaOrders = seedAlphaOrders(mulberry32(PRNG_SEED + 6));
  const betaProducts = seedBetaCatalogue(mulberry32(PRNG_SEED + 7));
  const betaOrders = seedBetaOrders(betaProducts, mulberry32(PRNG_SEED + 8));
  return {
    customDemands: seedNewestFirst(SEEDED_RECORDS, seedCustomDemand, 1),
    purchaseOrders: seedNewestFirst(SEEDED_RECORDS, seedPurchaseOrder, 2),
    consignments: seedNewestFirst(SEEDED_RECORDS, seedConsignment, 3),
    bankCards: seedNewestFirst(SEEDED_RECORDS, seedBankCard, 4),
    consignees: seedNewestFirst(SEEDED_RECORDS, seedConsignee, 5),
    alphaOrders,
    betaOrders,
    betaProducts,
    betaBrands: seedBetaBrands(),
    alphaProducts: seedAlphaCatalogue(alphaOrders, mulberry32(PRNG_SEED + 9)),
    dispatches: seedDispatches([...alphaOrders, ...betaOrders], mulberry32(PRNG_SEED + 10)),
    alphaInvoices: seedInvoices(alphaOrders, mulberry32(PRNG_SEED + 11)),
    betaInvoices: seedInvoices(betaOrders, mulberry32(PRNG_SEED + 12)),
    account: seedAccount(mulberry32(PRNG_SEED + 13)),
    members: seedMembers(mulberry32(PRNG_SEED + 14)),
    invoiceProfiles: seedNewestFirst(SEEDED_INVOICE_PROFILES, seedInvoiceProfile, 15),
    nextId: SEEDED_RECORDS + 1,
    now,
  };
}

/* ---------- Deterministic randomness ---------- */

type Random = () => number;

/** mulberry32: a small 32-bit PRNG, uniform in [0, 1). */
function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over UTF-16 code units: the same text always gives the same 32-bit number. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += String(intBetween(random, 0, 9));
  return text;
}

/** Records 1..count, built each with their own PRNG stream so one collection's change leaves the others alone. */
function seedNewestFirst<T>(count: number, make: (id: number, random: Random) => T, stream: number): T[] {
  const random = mulberry32(PRNG_SEED + stream);
  return Array.from({ length: count }, (_, index) => make(index + 1, random)).reverse();
}

/* ---------- Money, numbers and dates ---------- */

function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** A price that shows its decimals: whole-yuan results are nudged by 50 fen so the JSON number reads like "128.5". */
function priceWithDecimals(amount: number): number {
  const cents = Math.max(1, Math.round(amount * 100));
  return (cents % 100 === 0 ? cents + 50 : cents) / 100;
}

/** Prices of 2.6 and 2.7 are strings with two decimals, like "1280.00". */
export function moneyText(amount: number): string {
  return amount.toFixed(2);
}

/** "integer in the sample" (2.3): a phone number kept as the integer its digits spell (a leading 0 is lost). */
export function telephoneAsInteger(text: string): number {
  const value = Number(text.replace(/\D/g, ''));
  return Number.isSafeInteger(value) ? value : 0;
}

/** The platform serves China, so dates are China Standard Time (UTC+8), whatever the host's zone. */
const CHINA_OFFSET_SECONDS = 8 * 3600;

function chinaIso(unixSeconds: number): string {
  return new Date((unixSeconds + CHINA_OFFSET_SECONDS) * 1000).toISOString();
}

/** "2026-11-22 10:15:00": soCtime "string in the create-order responses" (2.3). */
export function formatChinaTime(unixSeconds: number): string {
  const iso = chinaIso(unixSeconds);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The prefix of each kind of document number; meanings of the number fields are "not shown" (2.10). */
export const DOCUMENT_PREFIX = {
  demand: 'XQ',
  demandSerial: 'LS',
  purchaseOrder: 'CG',
  consignment: 'JS',
  order: 'SO',
  dispatch: 'FH',
} as const;

/** Document numbers like "SO202611220001": prefix, China date, serial. */
export function documentNumber(prefix: string, unixSeconds: number, serial: number): string {
  return `${prefix}${chinaIso(unixSeconds).slice(0, 10).replaceAll('-', '')}${String(serial).padStart(4, '0')}`;
}

/** 2026-01-05 09:00 China time: the seeded records are dated from here on, one day or so apart. */
const SEED_START_SECONDS = Date.UTC(2026, 0, 5, 1, 0, 0) / 1000;
const DAY_SECONDS = 86_400;

function seededDate(id: number): number {
  return SEED_START_SECONDS + Math.floor(id * 1.3) * DAY_SECONDS;
}

/* ---------- Chemicals and catalogue products ---------- */

interface Chemical {
  cn: string;
  en: string;
  /** CAS registry number; each check digit is verified by the tests. */
  cas: string;
  form: 'liquid' | 'solid';
  /** Yuan for a 500 ml or 500 g pack of analytical grade. */
  basePrice: number;
  /** Classified as a dangerous chemical (危险化学品). */
  dangerous: boolean;
  /** Under public-security control as a drug precursor or explosive precursor (易制毒/易制爆, 管制). */
  controlled: boolean;
}

const CHEMICALS: readonly Chemical[] = [
  { cn: '乙醇', en: 'Ethanol', cas: '64-17-5', form: 'liquid', basePrice: 28, dangerous: true, controlled: false },
  { cn: '甲醇', en: 'Methanol', cas: '67-56-1', form: 'liquid', basePrice: 22, dangerous: true, controlled: false },
  { cn: '丙酮', en: 'Acetone', cas: '67-64-1', form: 'liquid', basePrice: 25, dangerous: true, controlled: true },
  { cn: '乙腈', en: 'Acetonitrile', cas: '75-05-8', form: 'liquid', basePrice: 68, dangerous: true, controlled: false },
  { cn: '二氯甲烷', en: 'Dichloromethane', cas: '75-09-2', form: 'liquid', basePrice: 30, dangerous: true, controlled: false },
  { cn: '三氯甲烷', en: 'Chloroform', cas: '67-66-3', form: 'liquid', basePrice: 32, dangerous: true, controlled: true },
  { cn: '乙酸乙酯', en: 'Ethyl acetate', cas: '141-78-6', form: 'liquid', basePrice: 26, dangerous: true, controlled: false },
  { cn: '正己烷', en: 'n-Hexane', cas: '110-54-3', form: 'liquid', basePrice: 35, dangerous: true, controlled: false },
  { cn: '甲苯', en: 'Toluene', cas: '108-88-3', form: 'liquid', basePrice: 27, dangerous: true, controlled: true },
  { cn: '四氢呋喃', en: 'Tetrahydrofuran', cas: '109-99-9', form: 'liquid', basePrice: 45, dangerous: true, controlled: false },
  { cn: '二甲基亚砜', en: 'Dimethyl sulfoxide', cas: '67-68-5', form: 'liquid', basePrice: 52, dangerous: false, controlled: false },
  { cn: 'N,N-二甲基甲酰胺', en: 'N,N-Dimethylformamide', cas: '68-12-2', form: 'liquid', basePrice: 38, dangerous: true, controlled: false },
  { cn: '异丙醇', en: 'Isopropanol', cas: '67-63-0', form: 'liquid', basePrice: 24, dangerous: true, controlled: false },
  { cn: '冰乙酸', en: 'Acetic acid, glacial', cas: '64-19-7', form: 'liquid', basePrice: 26, dangerous: true, controlled: false },
  { cn: '盐酸', en: 'Hydrochloric acid', cas: '7647-01-0', form: 'liquid', basePrice: 18, dangerous: true, controlled: true },
  { cn: '硫酸', en: 'Sulfuric acid', cas: '7664-93-9', form: 'liquid', basePrice: 20, dangerous: true, controlled: true },
  { cn: '硝酸', en: 'Nitric acid', cas: '7697-37-2', form: 'liquid', basePrice: 24, dangerous: true, controlled: true },
  { cn: '磷酸', en: 'Phosphoric acid', cas: '7664-38-2', form: 'liquid', basePrice: 30, dangerous: true, controlled: false },
  { cn: '乙醚', en: 'Diethyl ether', cas: '60-29-7', form: 'liquid', basePrice: 36, dangerous: true, controlled: true },
  { cn: '吡啶', en: 'Pyridine', cas: '110-86-1', form: 'liquid', basePrice: 58, dangerous: true, controlled: false },
  { cn: '三乙胺', en: 'Triethylamine', cas: '121-44-8', form: 'liquid', basePrice: 40, dangerous: true, controlled: false },
  { cn: '过氧化氢', en: 'Hydrogen peroxide', cas: '7722-84-1', form: 'liquid', basePrice: 19, dangerous: true, controlled: true },
  { cn: '丙三醇', en: 'Glycerol', cas: '56-81-5', form: 'liquid', basePrice: 22, dangerous: false, controlled: false },
  { cn: '正丁醇', en: '1-Butanol', cas: '71-36-3', form: 'liquid', basePrice: 29, dangerous: true, controlled: false },
  { cn: '甲醛溶液', en: 'Formaldehyde solution', cas: '50-00-0', form: 'liquid', basePrice: 21, dangerous: true, controlled: false },
  { cn: '氢氧化钠', en: 'Sodium hydroxide', cas: '1310-73-2', form: 'solid', basePrice: 18, dangerous: true, controlled: false },
  { cn: '氢氧化钾', en: 'Potassium hydroxide', cas: '1310-58-3', form: 'solid', basePrice: 26, dangerous: true, controlled: false },
  { cn: '氯化钠', en: 'Sodium chloride', cas: '7647-14-5', form: 'solid', basePrice: 12, dangerous: false, controlled: false },
  { cn: '氯化钾', en: 'Potassium chloride', cas: '7447-40-7', form: 'solid', basePrice: 16, dangerous: false, controlled: false },
  { cn: '无水碳酸钠', en: 'Sodium carbonate', cas: '497-19-8', form: 'solid', basePrice: 15, dangerous: false, controlled: false },
  { cn: '碳酸氢钠', en: 'Sodium bicarbonate', cas: '144-55-8', form: 'solid', basePrice: 13, dangerous: false, controlled: false },
  { cn: '无水硫酸铜', en: 'Copper(II) sulfate', cas: '7758-98-7', form: 'solid', basePrice: 35, dangerous: true, controlled: false },
  { cn: '高锰酸钾', en: 'Potassium permanganate', cas: '7722-64-7', form: 'solid', basePrice: 32, dangerous: true, controlled: true },
  { cn: '重铬酸钾', en: 'Potassium dichromate', cas: '7778-50-9', form: 'solid', basePrice: 48, dangerous: true, controlled: true },
  { cn: '硝酸银', en: 'Silver nitrate', cas: '7761-88-8', form: 'solid', basePrice: 680, dangerous: true, controlled: true },
  { cn: '碘', en: 'Iodine', cas: '7553-56-2', form: 'solid', basePrice: 260, dangerous: true, controlled: false },
  { cn: '无水氯化钙', en: 'Calcium chloride', cas: '10043-52-4', form: 'solid', basePrice: 17, dangerous: false, controlled: false },
  { cn: '无水硫酸镁', en: 'Magnesium sulfate', cas: '7487-88-9', form: 'solid', basePrice: 20, dangerous: false, controlled: false },
  { cn: '无水硫酸钠', en: 'Sodium sulfate', cas: '7757-82-6', form: 'solid', basePrice: 14, dangerous: false, controlled: false },
  { cn: '磷酸二氢钾', en: 'Potassium dihydrogen phosphate', cas: '7778-77-0', form: 'solid', basePrice: 24, dangerous: false, controlled: false },
  { cn: '磷酸氢二钠', en: 'Disodium hydrogen phosphate', cas: '7558-79-4', form: 'solid', basePrice: 22, dangerous: false, controlled: false },
  { cn: '乙二胺四乙酸二钠', en: 'EDTA disodium salt dihydrate', cas: '6381-92-6', form: 'solid', basePrice: 45, dangerous: false, controlled: false },
  { cn: 'D-无水葡萄糖', en: 'D-Glucose', cas: '50-99-7', form: 'solid', basePrice: 20, dangerous: false, controlled: false },
  { cn: '蔗糖', en: 'Sucrose', cas: '57-50-1', form: 'solid', basePrice: 16, dangerous: false, controlled: false },
  { cn: '尿素', en: 'Urea', cas: '57-13-6', form: 'solid', basePrice: 15, dangerous: false, controlled: false },
  { cn: '苯酚', en: 'Phenol', cas: '108-95-2', form: 'solid', basePrice: 38, dangerous: true, controlled: false },
  { cn: '十二烷基硫酸钠', en: 'Sodium dodecyl sulfate', cas: '151-21-3', form: 'solid', basePrice: 85, dangerous: false, controlled: false },
  { cn: '三羟甲基氨基甲烷', en: 'Tris(hydroxymethyl)aminomethane', cas: '77-86-1', form: 'solid', basePrice: 98, dangerous: false, controlled: false },
  { cn: '咪唑', en: 'Imidazole', cas: '288-32-4', form: 'solid', basePrice: 120, dangerous: false, controlled: false },
  { cn: '甘氨酸', en: 'Glycine', cas: '56-40-6', form: 'solid', basePrice: 30, dangerous: false, controlled: false },
  { cn: '柱层析硅胶', en: 'Silica gel', cas: '7631-86-9', form: 'solid', basePrice: 40, dangerous: false, controlled: false },
];

/** Grades and their price factor against analytical grade (AR). */
const GRADES: Readonly<Record<Chemical['form'], readonly { level: string; factor: number }[]>> = {
  liquid: [
    { level: 'AR', factor: 1 },
    { level: 'GR', factor: 1.5 },
    { level: 'CP', factor: 0.8 },
    { level: 'HPLC', factor: 2.4 },
    { level: 'GC', factor: 2.1 },
  ],
  solid: [
    { level: 'AR', factor: 1 },
    { level: 'GR', factor: 1.5 },
    { level: 'CP', factor: 0.8 },
    { level: 'BR', factor: 1.3 },
    { level: 'ACS', factor: 1.7 },
  ],
};

/** Pack sizes and their price factor against a 500 ml / 500 g pack. */
const PACKS: Readonly<Record<Chemical['form'], readonly { pack: string; factor: number }[]>> = {
  liquid: [
    { pack: '100ml', factor: 0.3 },
    { pack: '500ml', factor: 1 },
    { pack: '2.5L', factor: 4.3 },
    { pack: '4L', factor: 6.6 },
  ],
  solid: [
    { pack: '25g', factor: 0.18 },
    { pack: '100g', factor: 0.45 },
    { pack: '500g', factor: 1 },
    { pack: '2.5kg', factor: 4.6 },
  ],
};

const DELIVERY_TERMS = ['现货', '1-3个工作日', '3-5个工作日', '5-7个工作日', '期货约4周'] as const;
const DISCOUNTS = [1, 1, 1, 0.98, 0.95, 0.9] as const;

/** What the catalogue knows of a product code. */
interface ProductFacts {
  productId: number;
  chemical: Chemical;
  level: string;
  pack: string;
  price: number;
  delivery: string;
  discount: number;
}

/**
 * The product a code stands for, derived from the code alone so that any code can be ordered
 * and a seeded beta product orders as itself.
 */
function productForCode(code: string): ProductFacts {
  const hash = fnv1a(code);
  const random = mulberry32(hash);
  const chemical = pick(random, CHEMICALS);
  const grade = pick(random, GRADES[chemical.form]);
  const pack = pick(random, PACKS[chemical.form]);
  const spread = 0.9 + random() * 0.2;
  return {
    productId: 100_000 + (hash % 900_000),
    chemical,
    level: grade.level,
    pack: pack.pack,
    price: priceWithDecimals(chemical.basePrice * grade.factor * pack.factor * spread),
    delivery: pick(random, DELIVERY_TERMS),
    discount: pick(random, DISCOUNTS),
  };
}

/** An order line (2.4) for `quantity` packs of the product `pCode` stands for. */
export function orderLineFor(pCode: string, quantity: number): OrderLine {
  const product = productForCode(pCode);
  const amount = roundToCents(product.price * quantity);
  return {
    siPrice: product.price,
    pId: product.productId,
    siDiscount: product.discount,
    siNum: quantity,
    siAmount: amount,
    siVamount: roundToCents(amount * product.discount),
    pCode,
    pCnName: product.chemical.cn,
    pLevel: product.level,
    cCas: product.chemical.cas,
    deliveryTerm: product.delivery,
    ifCancel: '0',
  };
}

/** Freight of an order: free from 500 yuan of goods, else a flat courier fee. */
function freightFor(goodsTotal: number): number {
  return goodsTotal >= 500 ? 0 : 15;
}

/** An order with its lines, its freight and `soTotal`: the goods after discount plus freight. */
export function pricedOrder(fields: Omit<ListedOrder, 'soTotal'>, lines: OrderLine[]): StoredOrder {
  const goodsTotal = roundToCents(lines.reduce((sum, line) => sum + line.siVamount, 0));
  const freightPrice = freightFor(goodsTotal);
  const { soId, soNo, ...rest } = fields;
  // soTotal third, where 2.3 lists it.
  return { order: { soId, soNo, soTotal: roundToCents(goodsTotal + freightPrice), ...rest }, freightPrice, lines };
}

/* ---------- People, places and banks ---------- */

const PLACES: readonly Place[] = [
  { province: '北京市', city: '北京市', county: '海淀区', areaCode: '010' },
  { province: '北京市', city: '北京市', county: '朝阳区', areaCode: '010' },
  { province: '上海市', city: '上海市', county: '浦东新区', areaCode: '021' },
  { province: '上海市', city: '上海市', county: '徐汇区', areaCode: '021' },
  { province: '天津市', city: '天津市', county: '南开区', areaCode: '022' },
  { province: '重庆市', city: '重庆市', county: '沙坪坝区', areaCode: '023' },
  { province: '广东省', city: '广州市', county: '天河区', areaCode: '020' },
  { province: '广东省', city: '深圳市', county: '南山区', areaCode: '0755' },
  { province: '江苏省', city: '南京市', county: '玄武区', areaCode: '025' },
  { province: '江苏省', city: '苏州市', county: '姑苏区', areaCode: '0512' },
  { province: '浙江省', city: '杭州市', county: '西湖区', areaCode: '0571' },
  { province: '湖北省', city: '武汉市', county: '洪山区', areaCode: '027' },
  { province: '四川省', city: '成都市', county: '武侯区', areaCode: '028' },
  { province: '陕西省', city: '西安市', county: '雁塔区', areaCode: '029' },
  { province: '山东省', city: '济南市', county: '历下区', areaCode: '0531' },
  { province: '山东省', city: '青岛市', county: '崂山区', areaCode: '0532' },
  { province: '湖南省', city: '长沙市', county: '岳麓区', areaCode: '0731' },
  { province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '0551' },
  { province: '福建省', city: '厦门市', county: '思明区', areaCode: '0592' },
  { province: '辽宁省', city: '沈阳市', county: '和平区', areaCode: '024' },
  { province: '河南省', city: '郑州市', county: '金水区', areaCode: '0371' },
  { province: '吉林省', city: '长春市', county: '朝阳区', areaCode: '0431' },
];

const STREETS = ['中关村大街', '学院路', '科学院南路', '人民路', '中山路', '解放路', '建设路', '文化路', '科技路', '高新大道', '学府路', '创新路'];
const BUILDINGS = ['', '科研楼', '实验楼', '综合楼', 'A座', 'B座'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN_NAMES = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '晓明',
  '志强',
  '海燕',
  '建华',
  '雪梅',
  '子涵',
  '浩然',
];
const COMPANY_NAMES = ['华科', '博远', '中研', '瑞泰', '康源', '恒信', '安捷', '正元', '睿智', '天成'];
const COMPANY_TRADES = ['生物科技', '化工', '实验器材', '医药科技', '检测技术', '新材料'];

/** Issuing banks with a real card BIN and their card number length. */
const BANKS = [
  { name: '中国工商银行', bin: '622202', length: 19 },
  { name: '中国建设银行', bin: '621700', length: 19 },
  { name: '中国农业银行', bin: '622848', length: 19 },
  { name: '中国银行', bin: '621661', length: 19 },
  { name: '交通银行', bin: '622260', length: 17 },
  { name: '招商银行', bin: '622588', length: 16 },
  { name: '中国邮政储蓄银行', bin: '621799', length: 19 },
  { name: '兴业银行', bin: '622909', length: 18 },
  { name: '中信银行', bin: '622690', length: 16 },
  { name: '上海浦东发展银行', bin: '622521', length: 16 },
  { name: '中国民生银行', bin: '622622', length: 16 },
  { name: '平安银行', bin: '623058', length: 19 },
] as const;

function personName(random: Random): string {
  return pick(random, SURNAMES) + pick(random, GIVEN_NAMES);
}

function companyName(random: Random, place: Place): string {
  return `${place.city.replace(/市$/, '')}${pick(random, COMPANY_NAMES)}${pick(random, COMPANY_TRADES)}有限公司`;
}

/** Mobile numbers are 11 digits, from 13x to 19x. */
function mobileNumber(random: Random): string {
  return `1${intBetween(random, 3, 9)}${digits(random, 9)}`;
}

/** Landlines like "010-62345678": area code, then eight digits not starting with 0 or 1. */
function landline(random: Random, place: Place): string {
  return `${place.areaCode}-${intBetween(random, 2, 8)}${digits(random, 7)}`;
}

function streetAddress(random: Random): string {
  const building = pick(random, BUILDINGS);
  const room = building === '' ? '' : `${building}${intBetween(random, 1, 12)}层${intBetween(random, 1, 30) + 100}室`;
  return `${pick(random, STREETS)}${intBetween(random, 1, 399)}号${room}`;
}

/** Luhn check digit, as bank card numbers carry. */
function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return String((10 - (sum % 10)) % 10);
}

function cardNumber(random: Random, bin: string, length: number): string {
  const body = bin + digits(random, length - bin.length - 1);
  return body + luhnCheckDigit(body);
}

/** Unified social credit code of a company (18 characters), as VAT invoices carry it. */
function vatNumber(random: Random): string {
  return `91${digits(random, 6)}MA${digits(random, 7)}X${intBetween(random, 0, 9)}`;
}

/* ---------- Record seeds ---------- */

/** Display texts by status code. "Values of status fields and their meanings: not shown" (3), so these are the sandbox's. */
export const DEMAND_STATUS_TEXT = ['待报价', '已报价', '已完成', '已取消'] as const;
export const PURCHASE_STATUS_TEXT = ['待确认', '采购中', '已完成', '已取消'] as const;
export const CONSIGNMENT_STATUS_TEXT = ['待审核', '寄售中', '已售出', '已下架'] as const;

const DEMAND_REMARKS = ['', '需提供COA', '加急，请尽快报价', '需开增值税专用发票', '可接受国产品牌', '长期采购'];
const ORDER_REMARKS = ['', '请附检验报告', '送货前请电话联系', '工作日送货', '开票随货'];
const CONSIGNEE_REMARKS = ['', '实验室收', '前台代收', '工作日送货', '送货前请电话联系'];

function seedCustomDemand(id: number, random: Random): CustomDemand {
  const chemical = pick(random, CHEMICALS);
  const status = intBetween(random, 0, 3);
  const demandPrice = chemical.basePrice * intBetween(random, 2, 40);
  const supplyPrice = roundToCents(demandPrice * (0.85 + random() * 0.25));
  const quoted = status === 1 || status === 2;
  return {
    id,
    demandNumber: documentNumber(DOCUMENT_PREFIX.demand, seededDate(id), id),
    serialNumber: documentNumber(DOCUMENT_PREFIX.demandSerial, seededDate(id), id),
    productCas: chemical.cas,
    productLevel: pick(random, GRADES[chemical.form]).level,
    productNums: String(intBetween(random, 1, 20)),
    productPack: pick(random, PACKS[chemical.form]).pack,
    demandPrice: moneyText(demandPrice),
    supplyPrice: moneyText(quoted ? supplyPrice : 0),
    salePrice: moneyText(quoted ? roundToCents(supplyPrice * 1.15) : 0),
    status,
    statusText: DEMAND_STATUS_TEXT[status],
    remark: pick(random, DEMAND_REMARKS),
    createdAt: null,
  };
}

function seedProductListing(id: number, random: Random, prefix: string, statusTexts: readonly string[]): PurchaseOrder {
  const chemical = pick(random, CHEMICALS);
  const status = intBetween(random, 0, 3);
  return {
    id,
    productNumber: documentNumber(prefix, seededDate(id), id),
    productCas: chemical.cas,
    productCname: chemical.cn,
    productLevel: pick(random, GRADES[chemical.form]).level,
    productNums: String(intBetween(random, 1, 50)),
    productPack: pick(random, PACKS[chemical.form]).pack,
    salePrice: moneyText(roundToCents(chemical.basePrice * (1 + random() * 3))),
    status,
    statusText: statusTexts[status],
    remark: pick(random, DEMAND_REMARKS),
    createdAt: null,
  };
}

function seedPurchaseOrder(id: number, random: Random): PurchaseOrderEntry {
  return {
    cusType: random() < 0.5 ? '1' : '2',
    record: seedProductListing(id, random, DOCUMENT_PREFIX.purchaseOrder, PURCHASE_STATUS_TEXT),
  };
}

function seedConsignment(id: number, random: Random): PurchaseOrder {
  return seedProductListing(id, random, DOCUMENT_PREFIX.consignment, CONSIGNMENT_STATUS_TEXT);
}

function seedBankCard(id: number, random: Random): BankCardEntry {
  const bank = pick(random, BANKS);
  const place = pick(random, PLACES);
  const holder = random() < 0.7 ? personName(random) : companyName(random, place);
  return {
    record: { id, accountName: holder, bankName: bank.name, bankAccount: cardNumber(random, bank.bin, bank.length), createdAt: null },
    reservedMobile: mobileNumber(random),
    branch: { ...place, name: `${bank.name}${place.city}${place.county}支行`, phone: landline(random, place) },
    isDefault: id === 1 ? 1 : 0,
  };
}

function seedConsignee(id: number, random: Random): Consignee {
  const place = pick(random, PLACES);
  return {
    id,
    consigneeName: personName(random),
    mobile: mobileNumber(random),
    phone: landline(random, place),
    province: place.province,
    city: place.city,
    county: place.county,
    address: streetAddress(random),
    isDefault: id === 1 ? 1 : 0,
    remark: pick(random, CONSIGNEE_REMARKS),
    createdAt: null,
  };
}

/** Alpha orders, one every few days during working hours, newest first. */
function seedAlphaOrders(random: Random): StoredOrder[] {
  const orders: StoredOrder[] = [];
  let day = SEED_START_SECONDS;
  for (let id = 1; id <= SEEDED_ALPHA_ORDERS; id++) {
    day += intBetween(random, 2, 9) * DAY_SECONDS;
    const placedAt = day + intBetween(random, 0, 9 * 3600);
    const lines = Array.from({ length: intBetween(random, 1, 4) }, () => orderLineFor(`A${digits(random, 6)}`, intBetween(random, 1, 10)));
    orders.push(seedOrder(id, placedAt, lines, random));
  }
  return orders.reverse();
}

/** A placed order of these lines: its consignee, invoice details and review and pay status drawn from `random`. */
function seedOrder(id: number, placedAt: number, lines: OrderLine[], random: Random): StoredOrder {
  const consignee = seedConsignee(id, random);
  const invoicePlace = pick(random, PLACES);
  const bank = pick(random, BANKS);
  const fields: Omit<ListedOrder, 'soTotal'> = {
    soId: id,
    soNo: documentNumber(DOCUMENT_PREFIX.order, placedAt, id),
    soReviewStatus: intBetween(random, 0, 2),
    soPayStatus: intBetween(random, 0, 1),
    soCaName: consignee.consigneeName,
    soCaMobile: telephoneAsInteger(consignee.mobile),
    soCaPhone: telephoneAsInteger(consignee.phone),
    soCaProvince: consignee.province,
    soCaCity: consignee.city,
    soCaCounty: consignee.county,
    soCaStreet: consignee.address,
    soCiaName: personName(random),
    soCiaMobile: telephoneAsInteger(mobileNumber(random)),
    soCiaPhone: telephoneAsInteger(landline(random, invoicePlace)),
    soCiaProvince: invoicePlace.province,
    soCiaCity: invoicePlace.city,
    soCiaCounty: invoicePlace.county,
    soCiaStreet: streetAddress(random),
    soCiMethod: intBetween(random, 1, 2),
    soCiType: intBetween(random, 1, 2),
    soCiTitle: companyName(random, invoicePlace),
    soCiBank: `${bank.name}${invoicePlace.city}${invoicePlace.county}支行`,
    soCiBknum: digits(random, 16),
    soCiAddr: `${invoicePlace.city}${invoicePlace.county}${streetAddress(random)}`,
    soCiPhone: telephoneAsInteger(landline(random, invoicePlace)),
    soCiVatno: vatNumber(random),
    soNote: pick(random, ORDER_REMARKS),
    soCtime: placedAt,
  };
  return pricedOrder(fields, lines);
}

/* ---------- Beta catalogue ---------- */

/** Brand ids 1..20 each own a code prefix. */
const BRAND_PREFIXES = ['AL', 'MK', 'SG', 'TC', 'AC', 'XL', 'GH', 'BL', 'NJ', 'YY', 'HX', 'KL', 'JN', 'DM', 'RH', 'SN', 'WK', 'TM', 'QL', 'HF'];

function seedBetaCatalogue(random: Random): Map<number, BetaProduct[]> {
  const catalogue = new Map<number, BetaProduct[]>();
  for (let brandId = 1; brandId <= BETA_BRANDS; brandId++) {
    const codes = new Set<string>();
    const size = intBetween(random, 15, 60);
    while (codes.size < size) codes.add(`${BRAND_PREFIXES[brandId - 1]}${digits(random, 6)}`);
    catalogue.set(
      brandId,
      [...codes].map((code) => betaProduct(code, random() < 0.9 ? 1 : 0)),
    );
  }
  return catalogue;
}

/** `status` 1 on sale, 0 withdrawn. */
function betaProduct(code: string, status: number): BetaProduct {
  const product = productForCode(code);
  const { chemical } = product;
  return {
    code,
    cas: chemical.cas,
    chemCnName: chemical.cn,
    chemEnName: chemical.en,
    cnName: `${chemical.cn} ${product.level} ${product.pack}`,
    enName: `${chemical.en}, ${product.level}, ${product.pack}`,
    level: product.level,
    delivery: product.delivery,
    price: product.price,
    status,
    pack: product.pack,
    ifDangers: chemical.dangerous ? 1 : 0,
    ifGuanzhi: chemical.controlled ? '1' : '0',
  };
}

/* ---------- Records of the operations 4.1 lists ---------- */

/** Names of brands 1..20, in the order of their code prefixes. */
const BRAND_NAMES: readonly (readonly [cn: string, en: string])[] = [
  ['奥林试剂', 'Aolin Reagents'],
  ['迈康生化', 'Maikang Biochem'],
  ['赛固化学', 'Saigu Chemical'],
  ['天成试剂', 'Tiancheng Reagents'],
  ['艾科化学', 'Aike Chemical'],
  ['新联化工', 'Xinlian Chemical'],
  ['国华试剂', 'Guohua Reagents'],
  ['博林生物', 'Bolin Bio'],
  ['宁江化学', 'Ningjiang Chemical'],
  ['源远生物', 'Yuanyuan Bio'],
  ['恒欣化工', 'Hengxin Chemical'],
  ['科联试剂', 'Kelian Reagents'],
  ['金诺化学', 'Jinnuo Chemical'],
  ['鼎茂试剂', 'Dingmao Reagents'],
  ['瑞和生化', 'Ruihe Biochem'],
  ['森诺化学', 'Sennuo Chemical'],
  ['维康试剂', 'Weikang Reagents'],
  ['泰美化学', 'Taimei Chemical'],
  ['麒麟试剂', 'Qilin Reagents'],
  ['华峰化学', 'Huafeng Chemical'],
];

function seedBetaBrands(): BetaBrand[] {
  return BRAND_NAMES.map(([brandName, brandEnName], index) => ({
    brandId: index + 1,
    brandName,
    brandEnName,
    codePrefix: BRAND_PREFIXES[index],
  }));
}

/** Beta orders of on-sale products of one brand each, placed over the same months as the alpha orders. */
function seedBetaOrders(catalogue: ReadonlyMap<number, readonly BetaProduct[]>, random: Random): StoredOrder[] {
  const orders: StoredOrder[] = [];
  let day = SEED_START_SECONDS;
  for (let serial = 1; serial <= SEEDED_BETA_ORDERS; serial++) {
    day += intBetween(random, 5, 15) * DAY_SECONDS;
    const placedAt = day + intBetween(random, 0, 9 * 3600);
    const onSale = (catalogue.get(intBetween(random, 1, BETA_BRANDS)) ?? []).filter((product) => product.status === 1);
    const codes = new Set(Array.from({ length: intBetween(random, 1, 3) }, () => pick(random, onSale).code));
    const lines = [...codes].map((code) => orderLineFor(code, intBetween(random, 1, 6)));
    // Serials after the alpha orders', so that no two seeded orders share an order number.
    orders.push(seedOrder(SEEDED_ALPHA_ORDERS + serial, placedAt, lines, random));
  }
  return orders.reverse();
}

/** Every product the seeded alpha orders order, and more, by product code. */
function seedAlphaCatalogue(orders: readonly StoredOrder[], random: Random): AlphaProduct[] {
  const codes = new Set(orders.flatMap((stored) => stored.lines.map((line) => line.pCode)));
  while (codes.size < orders.length + ALPHA_CATALOGUE_EXTRA_PRODUCTS) codes.add(`A${digits(random, 6)}`);
  return [...codes].sort().map((code) => {
    const product = productForCode(code);
    return {
      pId: product.productId,
      pCode: code,
      pCnName: product.chemical.cn,
      pEnName: product.chemical.en,
      cCas: product.chemical.cas,
      pLevel: product.level,
      pPack: product.pack,
      pPrice: product.price,
      pDiscount: product.discount,
      deliveryTerm: product.delivery,
      pStock: random() < 0.15 ? 0 : intBetween(random, 1, 240),
      pStatus: random() < 0.95 ? 1 : 0,
      ifDangers: product.chemical.dangerous ? 1 : 0,
      ifGuanzhi: product.chemical.controlled ? '1' : '0',
    };
  });
}

/** Carriers and the shape of their waybill numbers. Dangerous goods go by carriers licensed for them. */
const CARRIERS = [
  { name: '顺丰速运', prefix: 'SF', digits: 13 },
  { name: '京东物流', prefix: 'JDVA', digits: 11 },
  { name: '德邦快递', prefix: 'DPK', digits: 12 },
  { name: '中通快递', prefix: '78', digits: 12 },
  { name: 'EMS', prefix: '11', digits: 11 },
] as const;

/** The orders reviewed (soReviewStatus 1 or 2; values are the sandbox's, 3) have shipped, one to three days after they were placed. */
function seedDispatches(orders: readonly StoredOrder[], random: Random): Dispatch[] {
  return orders
    .filter((stored) => stored.order.soReviewStatus >= 1)
    .map(({ order, lines }) => {
      const carrier = pick(random, CARRIERS);
      const dispatchedAt = order.soCtime + intBetween(random, 1, 3) * DAY_SECONDS + intBetween(random, 0, 6 * 3600);
      return {
        soNo: order.soNo,
        dispatchNo: documentNumber(DOCUMENT_PREFIX.dispatch, dispatchedAt, order.soId),
        expressCompany: carrier.name,
        expressNo: `${carrier.prefix}${digits(random, carrier.digits)}`,
        dispatchedAt,
        batchNos: lines.map(
          () =>
            `${pick(random, ['B', 'C', 'L', 'P'])}${chinaIso(order.soCtime - intBetween(random, 30, 400) * DAY_SECONDS)
              .slice(2, 7)
              .replace('-', '')}${digits(random, 3)}`,
        ),
      };
    })
    .sort((a, b) => b.dispatchedAt - a.dispatchedAt);
}

/** VAT on goods, 13 % since April 2019. */
const VAT_RATE = 0.13;

/** Invoice types as orders' `soCiType` (2.3) codes them; their meaning is the sandbox's (3). */
export const INVOICE_TYPE_TEXT: Readonly<Record<number, string>> = { 1: '增值税普通发票', 2: '增值税专用发票' };
const INVOICE_STATUS_TEXT = ['待开票', '已开票'] as const;

/** The lines of an invoice for these order lines, their amount after discount split into amount and tax. */
function invoiceItemsFor(lines: readonly OrderLine[]): InvoiceItem[] {
  return lines.map((line) => {
    const amount = roundToCents(line.siVamount / (1 + VAT_RATE));
    return {
      itemName: `*化学试剂*${line.pCnName}`,
      pCode: line.pCode,
      specification: line.pLevel,
      unit: '瓶',
      quantity: line.siNum,
      amount,
      taxRate: VAT_RATE,
      taxAmount: roundToCents(line.siVamount - amount),
    };
  });
}

/** Paid orders (soPayStatus 1) have an invoice, applied for the day after; most are issued by now. */
function seedInvoices(orders: readonly StoredOrder[], random: Random): Invoice[] {
  const oldestFirst = [...orders].reverse().filter((stored) => stored.order.soPayStatus === 1);
  return oldestFirst
    .map(({ order, lines }, index) => {
      const items = invoiceItemsFor(lines);
      const amount = roundToCents(items.reduce((sum, item) => sum + item.amount, 0));
      const taxAmount = roundToCents(items.reduce((sum, item) => sum + item.taxAmount, 0));
      const appliedAt = order.soCtime + DAY_SECONDS;
      const issuedAt = appliedAt + intBetween(random, 1, 3) * DAY_SECONDS;
      const status = random() < 0.8 ? 1 : 0;
      // A fully digital VAT invoice number: year, tax office, channel and a serial, 20 digits.
      const invoiceNo = `${chinaIso(issuedAt).slice(2, 4)}${pick(random, ['11', '31', '32', '33', '44'])}2${digits(random, 15)}`;
      const invoiceType = order.soCiType === 2 ? 2 : 1;
      return {
        id: index + 1,
        invoiceNo: status === 1 ? invoiceNo : '',
        soNo: order.soNo,
        invoiceType,
        invoiceTypeText: INVOICE_TYPE_TEXT[invoiceType],
        invoiceTitle: order.soCiTitle,
        taxNumber: order.soCiVatno,
        totalAmount: roundToCents(amount + taxAmount),
        amount,
        taxAmount,
        status,
        statusText: INVOICE_STATUS_TEXT[status],
        appliedAt: formatChinaTime(appliedAt),
        issuedAt: status === 1 ? formatChinaTime(issuedAt) : '',
        items,
      };
    })
    .reverse();
}

const DEPARTMENTS = ['化学化工学院', '生命科学学院', '药学院', '分析测试中心', '质检部', '研发中心'];
const MEMBER_LEVEL_TEXT = ['', '普通会员', '银牌会员', '金牌会员'] as const;

function seedAccount(random: Random): AccountProfile {
  const place = pick(random, PLACES);
  const memberLevel = intBetween(random, 1, 3);
  return {
    id: 1,
    nickname: `试剂采购${digits(random, 3)}`,
    realName: personName(random),
    email: `${intBetween(random, 1, 9)}${digits(random, 8)}@qq.com`,
    companyName: companyName(random, place),
    department: pick(random, DEPARTMENTS),
    province: place.province,
    city: place.city,
    county: place.county,
    address: streetAddress(random),
    memberLevel,
    memberLevelText: MEMBER_LEVEL_TEXT[memberLevel],
    createdAt: null,
  };
}

/** Members 2..21, member 1 being the sandbox's own account; newest first. */
function seedMembers(random: Random): Member[] {
  return Array.from({ length: SEEDED_MEMBERS }, (_, index) => ({
    id: index + 2,
    mobile: mobileNumber(random),
    realName: personName(random),
    companyName: companyName(random, pick(random, PLACES)),
    registeredAt: seededDate(index + 1) - 400 * DAY_SECONDS,
  })).reverse();
}

/** An address as written on a letter: a municipality's city is not repeated. */
export function fullAddress(province: string, city: string, county: string, street: string): string {
  return `${province}${city === province ? '' : city}${county}${street}`;
}

function seedInvoiceProfile(id: number, random: Random): InvoiceProfile {
  const place = pick(random, PLACES);
  const bank = pick(random, BANKS);
  const invoiceType = random() < 0.6 ? 2 : 1;
  return {
    id,
    invoiceType,
    invoiceTypeText: INVOICE_TYPE_TEXT[invoiceType],
    invoiceTitle: companyName(random, place),
    taxNumber: vatNumber(random),
    bankName: `${bank.name}${place.city}${place.county}支行`,
    // A company's settlement account, not a card: no card BIN.
    bankAccount: digits(random, pick(random, [16, 17, 19])),
    registeredAddress: fullAddress(place.province, place.city, place.county, streetAddress(random)),
    registeredPhone: landline(random, place),
    isDefault: id === 1 ? 1 : 0,
    remark: pick(random, ['', '开票请备注订单号', '专票请邮寄至财务处', '电子发票发送至邮箱']),
    createdAt: null,
  };
}
