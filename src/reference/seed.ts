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
const PRNG_SEED = 20261122;

/** A fresh copy of the seed data: ids 1..SEEDED_RECORDS in each record collection. */
export function seedState(now: () => number = Date.now): ReferenceState {
  return {
    customDemands: seedNewestFirst(SEEDED_RECORDS, seedCustomDemand, 1),
    purchaseOrders: seedNewestFirst(SEEDED_RECORDS, seedPurchaseOrder, 2),
    consignments: seedNewestFirst(SEEDED_RECORDS, seedConsignment, 3),
    bankCards: seedNewestFirst(SEEDED_RECORDS, seedBankCard, 4),
    consignees: seedNewestFirst(SEEDED_RECORDS, seedConsignee, 5),
    alphaOrders: seedAlphaOrders(mulberry32(PRNG_SEED + 6)),
    betaOrders: [],
    betaProducts: seedBetaCatalogue(mulberry32(PRNG_SEED + 7)),
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
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '杰', '涛', '明', '超', '秀英', '晓明', '志强', '海燕', '建华', '雪梅', '子涵', '浩然'];
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
const PURCHASE_STATUS_TEXT = ['待确认', '采购中', '已完成', '已取消'] as const;
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
    orders.push(seedAlphaOrder(id, day + intBetween(random, 0, 9 * 3600), random));
  }
  return orders.reverse();
}

function seedAlphaOrder(id: number, placedAt: number, random: Random): StoredOrder {
  const lines = Array.from({ length: intBetween(random, 1, 4) }, () => orderLineFor(`A${digits(random, 6)}`, intBetween(random, 1, 10)));
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
