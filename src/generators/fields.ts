import fc from 'fast-check';

/*
 * Realistic field values for request payloads. The spec documents no formats or allowed values
 * ("Types, required status and allowed values of request fields: not shown", 4.1), so values
 * follow what a chemical-reagent platform in mainland China plausibly receives: a sandbox is
 * more likely to accept "无水乙醇, 500g, AR" than arbitrary strings, and the kit tests the
 * documented shapes, not input validation.
 */

const digitsOf = (value: number, width: number): string => String(value).padStart(width, '0');

/** Common reagents with their real CAS registry numbers. */
const reagents = [
  { cn: '无水乙醇', en: 'Ethanol absolute', cas: '64-17-5' },
  { cn: '氯化钠', en: 'Sodium chloride', cas: '7647-14-5' },
  { cn: '乙腈', en: 'Acetonitrile', cas: '75-05-8' },
  { cn: '甲苯', en: 'Toluene', cas: '108-88-3' },
  { cn: '丙酮', en: 'Acetone', cas: '67-64-1' },
  { cn: '甲醇', en: 'Methanol', cas: '67-56-1' },
  { cn: '二氯甲烷', en: 'Dichloromethane', cas: '75-09-2' },
  { cn: '氢氧化钠', en: 'Sodium hydroxide', cas: '1310-73-2' },
  { cn: '盐酸', en: 'Hydrochloric acid', cas: '7647-01-0' },
  { cn: '硫酸', en: 'Sulfuric acid', cas: '7664-93-9' },
  { cn: '乙酸乙酯', en: 'Ethyl acetate', cas: '141-78-6' },
  { cn: '正己烷', en: 'n-Hexane', cas: '110-54-3' },
  { cn: '三氯甲烷', en: 'Chloroform', cas: '67-66-3' },
  { cn: '四氢呋喃', en: 'Tetrahydrofuran', cas: '109-99-9' },
  { cn: '无水碳酸钠', en: 'Sodium carbonate anhydrous', cas: '497-19-8' },
  { cn: '无水硫酸钠', en: 'Sodium sulfate anhydrous', cas: '7757-82-6' },
  { cn: '二甲基亚砜', en: 'Dimethyl sulfoxide', cas: '67-68-5' },
  { cn: '异丙醇', en: 'Isopropanol', cas: '67-63-0' },
  { cn: '乙二胺四乙酸二钠', en: 'EDTA disodium salt dihydrate', cas: '6381-92-6' },
  { cn: '高锰酸钾', en: 'Potassium permanganate', cas: '7722-64-7' },
  { cn: '硝酸银', en: 'Silver nitrate', cas: '7761-88-8' },
  { cn: 'D-葡萄糖', en: 'D-Glucose', cas: '50-99-7' },
] as const;

/**
 * The CAS check digit of the registry number's leading digits (hyphens ignored): each digit times
 * its position counted from the right starting at 1, summed, mod 10. "7732-18" gives 5 (water).
 */
export function casCheckDigit(digits: string): number {
  const plain = digits.replaceAll('-', '');
  if (!/^\d+$/.test(plain)) throw new Error(`casCheckDigit expects digits and hyphens, got ${JSON.stringify(digits)}.`);
  return [...plain].reverse().reduce((sum, digit, index) => sum + Number(digit) * (index + 1), 0) % 10;
}

/** A syntactically valid CAS number not tied to a known substance: 2–7 digits, 2 digits, check digit. */
const syntheticCasNumber = fc
  .integer({ min: 2, max: 7 })
  .chain((length) => fc.integer({ min: 10 ** (length - 1), max: 10 ** length - 1 }))
  .chain((first) => fc.integer({ min: 0, max: 99 }).map((second) => `${first}-${digitsOf(second, 2)}`))
  .map((leading) => `${leading}-${casCheckDigit(leading)}`);

/** A CAS registry number "NNNNNNN-NN-C" with a correct check digit; half the time a common reagent's. */
export const casNumber: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...reagents.map((r) => r.cas)), syntheticCasNumber);

/** Number segments (first three digits) that mainland carriers assign. */
const mobileSegments = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '147',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '184',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
] as const;

/*
 * Subscriber digits are drawn without fast-check's bias toward bounds, which would give numbers
 * like 13800000000 that look like placeholders rather than real contacts.
 */
const subscriberDigits = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));

/** A mainland China mobile number: 11 digits matching /^1[3-9]\d{9}$/, e.g. "13812345678". */
export const mobileNumber: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...mobileSegments), subscriberDigits(0, 99_999_999))
  .map(([segment, subscriber]) => `${segment}${digitsOf(subscriber, 8)}`);

/** A landline number with a real city area code, e.g. "010-62345678" (local numbers start with 2–8). */
export const landlineNumber: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('010', '021', '020', '0755', '0571', '025', '028', '027', '022', '0531'), subscriberDigits(20_000_000, 89_999_999))
  .map(([areaCode, local]) => `${areaCode}-${local}`);

// Single-character surnames by frequency, then two common compound ones.
const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁', '欧阳', '上官'];
const givenNameCharacters = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超霞华建国文辉晨宇欣怡浩然涵轩婷雪鹏飞'];

/** A Chinese personal name: a surname and one or two given-name characters, e.g. "王晓明". */
export const chineseName: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...surnames), fc.array(fc.constantFrom(...givenNameCharacters), { minLength: 1, maxLength: 2 }))
  .map(([surname, given]) => surname + given.join(''));

/** An English personal name, "Given Family", e.g. "Emily Chen". */
export const englishName: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...'James Mary John Emily Michael Sarah David Anna Robert Laura Daniel Sophie Thomas Grace Peter'.split(' ')),
    // Apostrophes included: names like O'Neill break SQL built by concatenation, and are everyday input.
    fc.constantFrom(..."Smith Johnson Brown Wilson Taylor Chen Wang Li Garcia Martin Clark Walker Hall Zhang Lee O'Neill O'Brien D'Souza".split(' ')),
  )
  .map(([given, family]) => `${given} ${family}`);

/** A contact person's name, Chinese three times as often as English (a mainland platform). */
export const personName: fc.Arbitrary<string> = fc.oneof({ arbitrary: chineseName, weight: 3 }, { arbitrary: englishName, weight: 1 });

/** A delivery address in mainland China. */
export interface ChineseAddress {
  readonly province: string;
  readonly city: string;
  readonly county: string;
  readonly street: string;
}

/** Real province / city / district triples, each with streets that run through that district. */
const districts = [
  { province: '北京市', city: '北京市', county: '海淀区', streets: ['中关村大街', '学院路', '知春路'] },
  { province: '北京市', city: '北京市', county: '朝阳区', streets: ['建国路', '望京街', '酒仙桥路'] },
  { province: '上海市', city: '上海市', county: '浦东新区', streets: ['世纪大道', '张江路', '蔡伦路'] },
  { province: '上海市', city: '上海市', county: '徐汇区', streets: ['漕溪北路', '宜山路', '肇嘉浜路'] },
  { province: '天津市', city: '天津市', county: '南开区', streets: ['卫津路', '鞍山西道'] },
  { province: '广东省', city: '广州市', county: '天河区', streets: ['天河路', '体育西路', '中山大道西'] },
  { province: '广东省', city: '深圳市', county: '南山区', streets: ['深南大道', '科苑路', '高新南一道'] },
  { province: '浙江省', city: '杭州市', county: '西湖区', streets: ['文三路', '教工路', '天目山路'] },
  { province: '江苏省', city: '南京市', county: '鼓楼区', streets: ['中山路', '北京西路', '汉口路'] },
  { province: '四川省', city: '成都市', county: '武侯区', streets: ['科华北路', '武侯祠大街'] },
  { province: '湖北省', city: '武汉市', county: '洪山区', streets: ['珞喻路', '雄楚大道'] },
  { province: '山东省', city: '济南市', county: '历下区', streets: ['经十路', '泉城路'] },
] as const;

/** A consistent {province, city, county, street}, e.g. 北京市 / 北京市 / 海淀区 / 中关村大街27号. */
export const chineseAddress: fc.Arbitrary<ChineseAddress> = fc
  .constantFrom(...districts)
  .chain(({ province, city, county, streets }) =>
    fc
      .tuple(fc.constantFrom(...streets), fc.integer({ min: 1, max: 399 }))
      .map(([street, houseNumber]): ChineseAddress => ({ province, city, county, street: `${street}${houseNumber}号` })),
  );

/** A price in yuan with at most two decimals, 0.01–99999.99 (whole cents, so no float noise like 0.30000000000000004). */
export const price: fc.Arbitrary<number> = fc.integer({ min: 1, max: 9_999_999 }).map((cents) => cents / 100);

/** The same price as text with two decimals, e.g. "1280.50". */
export const priceText: fc.Arbitrary<string> = price.map((yuan) => yuan.toFixed(2));

/** A reagent grade: AR, GR, CP, LR, HPLC, or a purity such as "99.5%". */
export const grade: fc.Arbitrary<string> = fc.constantFrom('AR', 'GR', 'CP', 'LR', 'HPLC', 'GC', '98%', '99%', '99.5%', '99.9%');

/** A pack size as catalogues write it, e.g. "500g", "25kg", "100mL", "2.5L". */
export const pack: fc.Arbitrary<string> = fc.constantFrom(
  '1g',
  '5g',
  '25g',
  '100g',
  '250g',
  '500g',
  '1kg',
  '2.5kg',
  '25kg',
  '5mL',
  '25mL',
  '100mL',
  '500mL',
  '1L',
  '2.5L',
  '4L',
  '20L',
);

/** A reagent name in Chinese or English, e.g. "无水乙醇", "Acetonitrile". */
export const productName: fc.Arbitrary<string> = fc.constantFrom(...reagents.flatMap((r) => [r.cn, r.en]));

/** A catalogue product code: "A" + 6 digits, or brand style letter + 5 digits + pack, e.g. "S81234-500g". */
export const productCode: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }).map((n) => `A${digitsOf(n, 6)}`),
  fc
    .tuple(fc.constantFrom('A', 'B', 'C', 'E', 'H', 'M', 'R', 'S', 'T'), fc.integer({ min: 10_000, max: 99_999 }), pack)
    .map(([brand, n, size]) => `${brand}${n}-${size}`),
);

/** A record id, 1..200: small ids are the ones a sandbox is likely to hold, so lookups can hit. */
export const recordId: fc.Arbitrary<number> = fc.integer({ min: 1, max: 200 });

/** A beta catalogue brand id, 1..20. */
export const brandId: fc.Arbitrary<number> = fc.integer({ min: 1, max: 20 });

/** A page size, 1..50 ("Page sizes in samples are examples only", 8; kept small to spare the sandbox). */
export const pageSize: fc.Arbitrary<number> = fc.integer({ min: 1, max: 50 });

/** A page number, 1..5 (early pages are the ones likely to exist). */
export const pageNo: fc.Arbitrary<number> = fc.integer({ min: 1, max: 5 });

/** A status filter, 0..3 ("Values of status fields and their meanings: not shown", 3). */
export const statusCode: fc.Arbitrary<number> = fc.integer({ min: 0, max: 3 });

/** A small positive code for numeric fields the spec shows without values (type, source, cusType). */
export const typeCode: fc.Arbitrary<number> = fc.integer({ min: 1, max: 3 });

/** A whole quantity of packs, 1..50. */
export const quantity: fc.Arbitrary<number> = fc.integer({ min: 1, max: 50 });

/** A decimal quantity, 0.1..50 in tenths, e.g. 2.5 (kilograms of a bulk reagent): n / 10 prints as written. */
export const decimalQuantity: fc.Arbitrary<number> = fc
  .integer({ min: 1, max: 500 })
  .filter((tenths) => tenths % 10 !== 0)
  .map((tenths) => tenths / 10);

/** A quantity as orders carry it: mostly whole packs, a quarter of the time a decimal. */
export const orderQuantity: fc.Arbitrary<number> = fc.oneof({ arbitrary: quantity, weight: 3 }, { arbitrary: decimalQuantity, weight: 1 });

/** A login password: a word and digits, 9–13 characters, e.g. "Reagent2024". */
export const password: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('Reagent', 'Chemlab', 'Welcome', 'Sample', 'Beaker', 'Pipette'), fc.integer({ min: 100, max: 999_999 }))
  .map(([word, digits]) => `${word}${digits}`);

/** A short remark in Chinese or English, sometimes empty. */
export const note: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '请尽快发货',
  '工作日送货',
  '需开具增值税专用发票',
  '随货附COA',
  '轻拿轻放，避光保存',
  "O'Neill & Sons 代收",
  "Don't stack; keep upright",
  'Please deliver before Friday',
  'Call before delivery',
  'Keep away from heat',
);

/** A customer purchase order number: "PO", the date as YYYYMMDD, four digits, e.g. "PO202405170042". */
export const purchaseOrderNumber: fc.Arbitrary<string> = fc
  .tuple(fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true }), fc.integer({ min: 1, max: 9999 }))
  .map(([day, serial]) => `PO${day.toISOString().slice(0, 10).replaceAll('-', '')}${digitsOf(serial, 4)}`);
