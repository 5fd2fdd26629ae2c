/**
 * The largest makers and brands in the order and at the volumes CPCA's published retail rankings give
 * (decisions 186, 290 and 291): the catalog's peak volumes set each sub-series' weight against the others of its
 * power train, and these anchors scale a maker's or a brand's sub-series so that its year lands on the
 * published figure; every other maker takes the rest of the market as before. Three anchored years: the
 * brands of 2023 (the year BYD passed Volkswagen) hold for the years before it too; the makers of 2024 take over
 * through the second half of 2023 and the first of 2024, and those of 2025 through the second half of 2024 and the
 * first of 2025, so no maker steps at a year's turn. Sources are in ../shared/anchors/cpca-retail.md,
 * docs/demo-data-vs-anchors.md and docs/decisions/291-maker-rankings-by-year.md.
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

/** A maker as CPCA counts it, as the catalog groups its brands (一汽-大众 makes 大众, 捷达 and 奥迪), with its year's retail. */
export interface MakerAnchor {
  name: string;
  producers: readonly string[];
  retail: number;
}

/**
 * CPCA's manufacturer retail ranking by year (units), the published top of the year in order: every maker below the
 * list is held below its last. 2024: the top ten. 2025: the top three, the part of the year's ranking published
 * with figures (BYD's 3,484,525 units, 吉利 11.0 % and 一汽-大众 6.4 % of the year's 23.744 M, decision 291).
 */
export const MAKER_RETAIL: Readonly<Record<number, readonly MakerAnchor[]>> = {
  2024: [
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
  ],
  2025: [
    { name: '比亚迪汽车', producers: ['比亚迪汽车'], retail: 3_484_525 },
    { name: '吉利汽车', producers: ['吉利汽车'], retail: 2_611_840 },
    { name: '一汽-大众', producers: ['一汽-大众'], retail: 1_519_616 },
  ],
};

/** The years MAKER_RETAIL anchors, oldest first. */
export const MAKER_YEARS: readonly number[] = Object.keys(MAKER_RETAIL)
  .map(Number)
  .sort((a, b) => a - b);

/**
 * How far a month has moved to the maker anchors of `year`: 0 to June of the year before, 1 from June of the year
 * (for 2024: 0 to June 2023, 1 from June 2024, moving away from the 2023 brand anchors).
 */
export function makerBlend(month: number, year: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1;
  const from = (year - 1) * 12 + 5;
  const to = year * 12 + 5;
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
  /** Per anchored year: each maker's scale, the published makers' and (held below the list) every other producer's. */
  const makerScale = new Map(MAKER_YEARS.map((year) => [year, new Map<string, number>()]));
  const belowList = new Map(MAKER_YEARS.map((year) => [year, new Map<string, number>()]));
  const makerOf = new Map(MAKER_YEARS.map((year) => [year, new Map(MAKER_RETAIL[year].flatMap((m) => m.producers.map((p) => [p, m.name] as const)))]));
  const scaleOf = (subSeriesId: number, month: number): number => {
    const owner = owners.get(subSeriesId);
    if (!owner) return 1;
    let scale = brandScale.get(owner.brand) ?? 1;
    for (const year of MAKER_YEARS) {
      const maker = makerOf.get(year)!.get(owner.producer);
      const part = maker ? (makerScale.get(year)!.get(maker) ?? 1) : (belowList.get(year)!.get(owner.producer) ?? 1);
      scale *= part ** makerBlend(month, year);
    }
    return scale;
  };
  /** Expected units of each brand and each producer over a year, with the scales as they are. */
  const expected = (year: number) => {
    const brands = new Map<string, number>();
    const producers = new Map<string, number>();
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
        producers.set(owner.producer, (producers.get(owner.producer) ?? 0) + units);
      }
    }
    return { brands, producers };
  };
  for (let round = 0; round < 10; round++) {
    const in2023 = expected(2023).brands;
    for (const [brand, published] of Object.entries(BRAND_RETAIL_2023)) {
      const units = in2023.get(brand);
      if (units) brandScale.set(brand, ((brandScale.get(brand) ?? 1) * published) / units);
    }
    for (const year of MAKER_YEARS) {
      const list = MAKER_RETAIL[year];
      const { producers } = expected(year);
      // A maker outside the published list is held below its last (the list is the ranking's top).
      const last = Math.min(...list.map((m) => m.retail)) * 0.97;
      const below = belowList.get(year)!;
      for (const [producer, units] of producers) {
        if (!makerOf.get(year)!.has(producer) && units > last) below.set(producer, (below.get(producer) ?? 1) * (last / units) ** 1.2);
      }
      const scales = makerScale.get(year)!;
      for (const maker of list) {
        const units = maker.producers.reduce((n, p) => n + (producers.get(p) ?? 0), 0);
        // The blend is at most 1: a maker's scale moves by the ratio's power over its mean blend in the year (about 0.8).
        if (units) scales.set(maker.name, (scales.get(maker.name) ?? 1) * (maker.retail / units) ** 1.2);
      }
    }
  }
  return scaleOf;
}
