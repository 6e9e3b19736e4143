/**
 * Seed data of the embedded reference server: realistic records of section 2, built with a
 * fixed-seed PRNG so every `seedState()` answers the same data (a failing run can be replayed).
 * What they are drawn from is data (data/*.json); how, is here and in seeding/.
 */

import type {
  AccountProfile,
  AlphaProduct,
  BankCardEntry,
  BetaBrand,
  BetaProduct,
  Consignee,
  CustomDemand,
  Dispatch,
  Invoice,
  InvoiceItem,
  InvoiceProfile,
  ListedOrder,
  ListOrder,
  Member,
  OrderLine,
  PurchaseOrder,
  PurchaseOrderEntry,
  ReferenceState,
  StoredOrder,
} from './records.js';
import {
  BANKS,
  BRANDS,
  CARRIERS,
  CONSIGNEE_REMARKS,
  CONSIGNMENT_STATUS_TEXT,
  DEMAND_REMARKS,
  DEMAND_STATUS_TEXT,
  DEPARTMENTS,
  GRADES,
  CHEMICALS,
  INVOICE_PROFILE_REMARKS,
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_TEXT,
  MEMBER_LEVEL_TEXT,
  ORDER_REMARKS,
  PACKS,
  PLACES,
  PURCHASE_STATUS_TEXT,
} from './seeding/data.js';
import {
  chinaIso,
  DAY_SECONDS,
  DOCUMENT_PREFIX,
  documentNumber,
  formatChinaTime,
  fullAddress,
  moneyText,
  roundToCents,
  SEED_START_SECONDS,
  seededDate,
  telephoneAsInteger,
} from './seeding/formats.js';
import { cardNumber, companyName, landline, mobileNumber, personName, streetAddress, vatNumber } from './seeding/people.js';
import { extend } from '../objects.js';
import { orderLineFor, pricedOrder, productForCode } from './seeding/products.js';
import { digits, intBetween, mulberry32, pick, type Random } from './seeding/random.js';

export const SEEDED_RECORDS = 200;
const SEEDED_ALPHA_ORDERS = 30;
const BETA_BRANDS = 20;
const SEEDED_BETA_ORDERS = 10;
const SEEDED_MEMBERS = 20;
const SEEDED_INVOICE_PROFILES = 12;
const ALPHA_CATALOGUE_EXTRA_PRODUCTS = 150;
const PRNG_SEED = 20261122;

/** The seeded records, apart from what a state adds to them: the same for every state of one firstId. */
type SeedRecords = Omit<ReferenceState, 'listOrder' | 'nextId' | 'now'>;

/**
 * The seed records built once for each firstId, deeply frozen: building them takes many times as
 * long as copying one collection, and tests and the mutation set start thousands of fresh states.
 */
const seededRecords = new Map<number, SeedRecords>();

/** A fresh copy of the seed data: ids firstId.. (1..SEEDED_RECORDS by default) in each record collection. */
export function seedState(now: () => number = Date.now, listOrder: ListOrder = 'newest-first', firstId = 1): ReferenceState {
  let records = seededRecords.get(firstId);
  if (records === undefined) {
    records = deepFreeze(buildSeedRecords(firstId));
    seededRecords.set(firstId, records);
  }
  const state: ReferenceState = { ...records, listOrder, nextId: firstId + SEEDED_RECORDS, now };
  for (const key of Object.keys(records) as (keyof SeedRecords)[]) copiedOnFirstUse(state, key, records[key]);
  return state;
}

/**
 * Makes a collection of the state its own copy of the frozen seed the first time it is read (most
 * states serve a few operations and read a few collections); a write before any read replaces it.
 */
function copiedOnFirstUse<K extends keyof SeedRecords>(state: ReferenceState, key: K, seeded: SeedRecords[K]): void {
  const own = (value: SeedRecords[K]) => Object.defineProperty(state, key, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(state, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      const copy = structuredClone(seeded);
      own(copy);
      return copy;
    },
    set: own,
  });
}

/** Freezes a value and everything it holds, so that a write to the shared seed throws where it is made. */
function deepFreeze<T>(value: T): T {
  if (value instanceof Map) for (const entry of value.values()) deepFreeze(entry);
  else if (typeof value === 'object' && value !== null) for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}

function buildSeedRecords(firstId: number): SeedRecords {
  const alphaOrders = seedAlphaOrders(mulberry32(PRNG_SEED + 6));
  const betaProducts = seedBetaCatalogue(mulberry32(PRNG_SEED + 7));
  const betaOrders = seedBetaOrders(betaProducts, mulberry32(PRNG_SEED + 8));
  return {
    customDemands: seedNewestFirst(SEEDED_RECORDS, seedCustomDemand, 1, firstId),
    purchaseOrders: seedNewestFirst(SEEDED_RECORDS, seedPurchaseOrder, 2, firstId),
    consignments: seedNewestFirst(SEEDED_RECORDS, seedConsignment, 3, firstId),
    bankCards: seedNewestFirst(SEEDED_RECORDS, seedBankCard, 4, firstId),
    consignees: seedNewestFirst(SEEDED_RECORDS, seedConsignee, 5, firstId),
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
    invoiceProfiles: seedNewestFirst(SEEDED_INVOICE_PROFILES, seedInvoiceProfile, 15, firstId),
  };
}

/** Records firstId.. (count of them), built each with their own PRNG stream so one collection's change leaves the others alone. */
function seedNewestFirst<T>(count: number, make: (id: number, random: Random) => T, stream: number, firstId: number): T[] {
  const random = mulberry32(PRNG_SEED + stream);
  return Array.from({ length: count }, (_, index) => make(firstId + index, random)).reverse();
}

/* ---------- Record seeds ---------- */

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
    branch: extend(place, { name: `${bank.name}${place.city}${place.county}支行`, phone: landline(random, place) }),
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

function seedBetaCatalogue(random: Random): Map<number, BetaProduct[]> {
  const catalogue = new Map<number, BetaProduct[]>();
  for (let brandId = 1; brandId <= BETA_BRANDS; brandId++) {
    const codes = new Set<string>();
    const size = intBetween(random, 15, 60);
    while (codes.size < size) codes.add(`${BRANDS[brandId - 1].codePrefix}${digits(random, 6)}`);
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

function seedBetaBrands(): BetaBrand[] {
  return BRANDS.map((brand, index) => ({
    brandId: index + 1,
    brandName: brand.cn,
    brandEnName: brand.en,
    codePrefix: brand.codePrefix,
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
    remark: pick(random, INVOICE_PROFILE_REMARKS),
    createdAt: null,
  };
}
