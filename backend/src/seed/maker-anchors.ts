/**
 * The largest makers and brands in the order and at the volumes CPCA's published retail rankings give
 * (decision 186): the catalog's peak volumes set each sub-series' weight against the others of its
 * power train, and these anchors scale a maker's or a brand's sub-series so that its year lands on the
 * published figure; every other maker takes the rest of the market as before. Two anchored years: the
 * brands of 2023 (the year BYD passed Volkswagen) hold for the years before it too, and the makers of
 * 2024 take over through the second half of 2023 and the first of 2024, so no maker steps at a year's
 * turn. Sources are in ../shared/anchors/cpca-retail.md and docs/demo-data-vs-anchors.md.
 */

/** CPCA brand retail 2023 (units). */
export const BRAND_RETAIL_2023: Readonly<Record<string, number>> = {
  比亚迪: 2_571_109,
  大众: 2_228_635,
  丰田: 1_702_773,
  本田: 1_193_019,
  长安: 962_061,
  吉利: 914_752,
  五菱: 843_103,
  宝马: 705_163,
  日产: 687_110,
  奥迪: 664_607,
};

/** CPCA manufacturer retail 2024 (units): a maker as CPCA counts it, as the catalog groups its brands (一汽-大众 makes 大众, 捷达 and 奥迪). */
export const MAKER_RETAIL_2024: ReadonlyArray<{ name: string; producers: readonly string[]; retail: number }> = [
  { name: '比亚迪汽车', producers: ['比亚迪汽车'], retail: 3_718_281 },
  { name: '吉利汽车', producers: ['吉利汽车'], retail: 1_773_251 },
  { name: '一汽-大众', producers: ['一汽-大众'], retail: 1_608_578 },
  { name: '长安汽车', producers: ['长安汽车'], retail: 1_365_745 },
  { name: '奇瑞汽车', producers: ['奇瑞汽车'], retail: 1_355_205 },
  { name: '上汽大众', producers: ['上汽大众'], retail: 1_200_000 },
  { name: '上汽通用五菱', producers: ['上汽通用五菱'], retail: 824_000 },
  { name: '一汽丰田', producers: ['一汽丰田'], retail: 798_000 },
  { name: '广汽丰田', producers: ['广汽丰田'], retail: 770_000 },
  { name: '特斯拉中国', producers: ['特斯拉中国'], retail: 657_000 },
];

/** How far a month has moved from the 2023 brand anchors to the 2024 maker anchors: 0 to June 2023, 1 from June 2024. */
export function makerBlend(month: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1;
  const from = 2023 * 12 + 5;
  const to = 2024 * 12 + 5;
  return Math.min(1, Math.max(0, (index - from) / (to - from)));
}

/**
 * What the fit needs of a month: each sub-series' weight in its pool and the pool's units. A fixed entry's
 * weight is its units (a joint venture's new-energy model, facts.ts): counted for its maker, never scaled,
 * and not in `poolUnits`.
 */
export interface FitMonth {
  month: number;
  entries: ReadonlyArray<{ subSeriesId: number; weight: number; pool: string; fixed?: boolean }>;
  poolUnits: Readonly<Record<string, number>>;
}

/** Who a sub-series belongs to, by name. */
export interface SubSeriesOwner {
  brand: string;
  producer: string;
}

/**
 * Each sub-series' scale in a month, `brandScale × makerScale ^ blend(month)`, fitted so that the
 * anchored brands' 2023 and the anchored makers' 2024 expected units are the published ones: a fixed-point
 * iteration of both at once (a few rounds; each round scales an entity by published / expected).
 */
export function fitMakerScales(months: readonly FitMonth[], owners: ReadonlyMap<number, SubSeriesOwner>): (subSeriesId: number, month: number) => number {
  const brandScale = new Map<string, number>();
  const makerScale = new Map<string, number>();
  const makerOf = new Map<string, string>();
  /** A maker outside the published ten, held below the tenth (the published ten are the ranking's top ten). */
  const belowTen = new Map<string, number>();
  const tenth = Math.min(...MAKER_RETAIL_2024.map((m) => m.retail)) * 0.97;
  for (const maker of MAKER_RETAIL_2024) for (const producer of maker.producers) makerOf.set(producer, maker.name);
  const scaleOf = (subSeriesId: number, month: number): number => {
    const owner = owners.get(subSeriesId);
    if (!owner) return 1;
    const maker = makerOf.get(owner.producer);
    const makerPart = maker ? (makerScale.get(maker) ?? 1) : (belowTen.get(owner.producer) ?? 1);
    return (brandScale.get(owner.brand) ?? 1) * makerPart ** makerBlend(month);
  };
  /** Expected units of each brand and each anchored maker over a year, with the scales as they are. */
  const expected = (year: number) => {
    const brands = new Map<string, number>();
    const makers = new Map<string, number>();
    const others = new Map<string, number>();
    for (const m of months) {
      if (Math.floor(m.month / 100) !== year) continue;
      const scaled = m.entries.map((e) => (e.fixed ? e.weight : e.weight * scaleOf(e.subSeriesId, m.month)));
      const sums: Record<string, number> = {};
      m.entries.forEach((e, i) => {
        if (!e.fixed) sums[e.pool] = (sums[e.pool] ?? 0) + scaled[i];
      });
      for (const [i, e] of m.entries.entries()) {
        const units = e.fixed ? e.weight : (m.poolUnits[e.pool] * scaled[i]) / sums[e.pool];
        const owner = owners.get(e.subSeriesId);
        if (!owner) continue;
        brands.set(owner.brand, (brands.get(owner.brand) ?? 0) + units);
        const maker = makerOf.get(owner.producer);
        if (maker) makers.set(maker, (makers.get(maker) ?? 0) + units);
        else others.set(owner.producer, (others.get(owner.producer) ?? 0) + units);
      }
    }
    return { brands, makers, others };
  };
  for (let round = 0; round < 8; round++) {
    const in2023 = expected(2023).brands;
    for (const [brand, published] of Object.entries(BRAND_RETAIL_2023)) {
      const units = in2023.get(brand);
      if (units) brandScale.set(brand, ((brandScale.get(brand) ?? 1) * published) / units);
    }
    const { makers: in2024, others } = expected(2024);
    for (const [producer, units] of others) {
      if (units > tenth) belowTen.set(producer, (belowTen.get(producer) ?? 1) * (tenth / units) ** 1.2);
    }
    for (const maker of MAKER_RETAIL_2024) {
      const units = in2024.get(maker.name);
      // The blend is at most 1: a maker's scale moves by the ratio's power over its mean blend in 2024 (about 0.8).
      if (units) makerScale.set(maker.name, (makerScale.get(maker.name) ?? 1) * (maker.retail / units) ** 1.2);
    }
  }
  return scaleOf;
}
