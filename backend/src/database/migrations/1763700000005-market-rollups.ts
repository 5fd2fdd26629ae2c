import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Smaller rollups for the questions the sales pages ask most, measured on the large data set
 * (bench/RESULTS.md): the market without product detail — the shared filters' segment, fuel and
 * producer property only — nationally, per province and per city; sub-series without trims; and
 * year-to-date sums (`qty_ytd`, January to the row's month) so a 累计 span reads one month instead of
 * up to twelve.
 *   rollup_retail_market           month × segment × fuel × producer property
 *   rollup_retail_sub_series       month × sub-series (with its product attributes)
 *   rollup_retail_province_market  month × province × segment × fuel × producer property
 *   rollup_retail_city_market      month × city × segment × fuel × producer property
 *   rollup_wholesale_market, rollup_wholesale_sub_series   the same for data source 1
 * The trim and province rollups gain `qty_ytd`; the province rollup's key leads with the region so a
 * region's rows are contiguous; the sub-series rollups get producer and brand indexes for the
 * producer page's trends. The changed rollups are emptied here: the app rebuilds empty rollups at
 * boot (prepareDatabase).
 */
const MARKET = `segment_id smallint NOT NULL, fuel smallint NOT NULL, producer_property smallint NOT NULL,
  qty bigint NOT NULL, qty_ytd bigint NOT NULL`;
const SUB_SERIES = `sub_series_id integer NOT NULL, series_id integer NOT NULL, producer_brand_id integer NOT NULL,
  producer_id integer NOT NULL, brand_id integer NOT NULL, segment_id smallint NOT NULL, family_id smallint NOT NULL,
  producer_property smallint NOT NULL, brand_property smallint NOT NULL, jll_type smallint NOT NULL, fuel smallint NOT NULL,
  body_type smallint NOT NULL, qty bigint NOT NULL, qty_ytd bigint NOT NULL`;

export class MarketRollups1763700000005 implements MigrationInterface {
  name = 'MarketRollups1763700000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_retail_market (month integer NOT NULL, ${MARKET}, PRIMARY KEY (month, segment_id, fuel, producer_property));
      CREATE TABLE rollup_wholesale_market (month integer NOT NULL, ${MARKET}, PRIMARY KEY (month, segment_id, fuel, producer_property));
      CREATE TABLE rollup_retail_sub_series (month integer NOT NULL, ${SUB_SERIES}, PRIMARY KEY (month, sub_series_id));
      CREATE TABLE rollup_wholesale_sub_series (month integer NOT NULL, ${SUB_SERIES}, PRIMARY KEY (month, sub_series_id));
      CREATE TABLE rollup_retail_province_market (
        month integer NOT NULL, area_id smallint NOT NULL, province_id integer NOT NULL, ${MARKET},
        PRIMARY KEY (month, area_id, province_id, segment_id, fuel, producer_property));
      CREATE TABLE rollup_retail_city_market (
        month integer NOT NULL, area_id smallint NOT NULL, province_id integer NOT NULL, city_id integer NOT NULL, tier smallint NOT NULL, ${MARKET},
        PRIMARY KEY (month, area_id, province_id, city_id, segment_id, fuel, producer_property));

      TRUNCATE rollup_retail_car, rollup_wholesale_car, rollup_retail_province;
      ALTER TABLE rollup_retail_car ADD COLUMN qty_ytd bigint NOT NULL;
      ALTER TABLE rollup_wholesale_car ADD COLUMN qty_ytd bigint NOT NULL;
      ALTER TABLE rollup_retail_province ADD COLUMN qty_ytd bigint NOT NULL;
      ALTER TABLE rollup_retail_province DROP CONSTRAINT rollup_retail_province_pkey;
      ALTER TABLE rollup_retail_province ADD CONSTRAINT rollup_retail_province_pkey PRIMARY KEY (month, area_id, province_id, sub_series_id);
      CREATE INDEX rollup_retail_sub_series_producer ON rollup_retail_sub_series (producer_id, month);
      CREATE INDEX rollup_retail_sub_series_brand ON rollup_retail_sub_series (brand_id, month);
      CREATE INDEX rollup_wholesale_sub_series_producer ON rollup_wholesale_sub_series (producer_id, month);
      CREATE INDEX rollup_wholesale_sub_series_brand ON rollup_wholesale_sub_series (brand_id, month);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE rollup_retail_city_market, rollup_retail_province_market, rollup_wholesale_sub_series, rollup_retail_sub_series,
        rollup_wholesale_market, rollup_retail_market;
      TRUNCATE rollup_retail_car, rollup_wholesale_car, rollup_retail_province;
      ALTER TABLE rollup_retail_province DROP CONSTRAINT rollup_retail_province_pkey;
      ALTER TABLE rollup_retail_province ADD CONSTRAINT rollup_retail_province_pkey PRIMARY KEY (month, province_id, sub_series_id);
      ALTER TABLE rollup_retail_car DROP COLUMN qty_ytd;
      ALTER TABLE rollup_wholesale_car DROP COLUMN qty_ytd;
      ALTER TABLE rollup_retail_province DROP COLUMN qty_ytd;
    `);
  }
}
