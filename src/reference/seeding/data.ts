import { readFileSync } from 'node:fs';
import type { Place } from '../records.js';

/*
 * The fixed data the reference server's seed records are drawn from, kept as JSON under data/:
 * chemicals and their grades and packs, places, names, banks, brands, carriers, remarks, and the
 * sandbox's display texts by status code ("Values of status fields and their meanings: not
 * shown", 3). The drawing is in seeding/ and seed.ts.
 */

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8')) as T;

export interface Chemical {
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

export interface Bank {
  name: string;
  /** A real card BIN of the bank. */
  bin: string;
  /** Digits of its card numbers. */
  length: number;
}

export interface Brand {
  /** Brand ids 1..20 each own a code prefix. */
  codePrefix: string;
  cn: string;
  en: string;
}

/** A carrier and the shape of its waybill numbers. Dangerous goods go by carriers licensed for them. */
export interface Carrier {
  name: string;
  prefix: string;
  digits: number;
}

type ByForm<T> = Readonly<Record<Chemical['form'], readonly T[]>>;

export const CHEMICALS = read<readonly Chemical[]>('chemicals');

const catalogue = read<{
  /** Grades and their price factor against analytical grade (AR). */
  grades: ByForm<{ level: string; factor: number }>;
  /** Pack sizes and their price factor against a 500 ml / 500 g pack. */
  packs: ByForm<{ pack: string; factor: number }>;
  deliveryTerms: readonly string[];
  discounts: readonly number[];
}>('catalogue');
export const { grades: GRADES, packs: PACKS, deliveryTerms: DELIVERY_TERMS, discounts: DISCOUNTS } = catalogue;

const places = read<{ places: readonly Place[]; streets: readonly string[]; buildings: readonly string[] }>('places');
export const { places: PLACES, streets: STREETS, buildings: BUILDINGS } = places;

const people = read<{
  surnames: readonly string[];
  givenNames: readonly string[];
  companyNames: readonly string[];
  companyTrades: readonly string[];
  departments: readonly string[];
}>('people');
export const { surnames: SURNAMES, givenNames: GIVEN_NAMES, companyNames: COMPANY_NAMES, companyTrades: COMPANY_TRADES, departments: DEPARTMENTS } = people;

export const BANKS = read<readonly Bank[]>('banks');
export const BRANDS = read<readonly Brand[]>('brands');
export const CARRIERS = read<readonly Carrier[]>('carriers');

const remarks = read<{ demand: readonly string[]; order: readonly string[]; consignee: readonly string[]; invoiceProfile: readonly string[] }>('remarks');
export const { demand: DEMAND_REMARKS, order: ORDER_REMARKS, consignee: CONSIGNEE_REMARKS, invoiceProfile: INVOICE_PROFILE_REMARKS } = remarks;

const statusTexts = read<{
  demand: readonly string[];
  purchaseOrder: readonly string[];
  consignment: readonly string[];
  invoice: readonly string[];
  /** By orders' `soCiType` (2.3) code. */
  invoiceType: Readonly<Record<number, string>>;
  memberLevel: readonly string[];
}>('status-texts');
export const {
  demand: DEMAND_STATUS_TEXT,
  purchaseOrder: PURCHASE_STATUS_TEXT,
  consignment: CONSIGNMENT_STATUS_TEXT,
  invoice: INVOICE_STATUS_TEXT,
  invoiceType: INVOICE_TYPE_TEXT,
  memberLevel: MEMBER_LEVEL_TEXT,
} = statusTexts;
