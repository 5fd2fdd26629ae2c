import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** 字典: key/value lists by type (dicFuel, dicBodyShape, useNature, owner, colour, …). */
@Entity('dictionary')
export class DictionaryEntry {
  @PrimaryColumn({ type: 'varchar', length: 32 }) type: string;
  @PrimaryColumn({ type: 'varchar', length: 32 }) key: string;
  @Column({ type: 'varchar', length: 64 }) value: string;
  @Column({ type: 'smallint' }) sort: number;
}

/** 细分市场. category: 1 sedan, 2 SUV, 3 MPV, 4 sports car. */
@Entity('segment')
export class Segment {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 32 }) name: string;
  @Column({ type: 'smallint' }) category: number;
  @Column({ type: 'smallint' }) sort: number;
}

/** 系别: 自主, 德系, 日系, 美系, 韩系, 法系, 其他. */
@Entity('family')
export class Family {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 16 }) name: string;
}

/** 品牌集团. */
@Entity('brand_group')
export class BrandGroup {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 32 }) name: string;
}

/** 厂商. property is a dicProducerProperty key; brandType 2 新创, 1 自主, 0 合资. */
@Entity('producer')
export class Producer {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'char', length: 1 }) initial: string;
  @Column({ type: 'smallint' }) property: number;
  @Column({ name: 'jll_type', type: 'smallint' }) brandType: number;
}

/** 品牌. property is a dicBoundProperty key. */
@Entity('brand')
export class Brand {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'char', length: 1 }) initial: string;
  @Column({ type: 'smallint' }) property: number;
  @Column({ name: 'family_id', type: 'smallint' }) familyId: number;
  @Column({ name: 'group_id', type: 'smallint' }) groupId: number;
  @Column({ name: 'jll_type', type: 'smallint' }) brandType: number;
  @ManyToOne(() => Family) @JoinColumn({ name: 'family_id' }) family?: Family;
  @ManyToOne(() => BrandGroup) @JoinColumn({ name: 'group_id' }) group?: BrandGroup;
}

/** 厂商品牌: a brand as one producer makes it (一汽-大众 大众 vs 上汽大众 大众). */
@Entity('producer_brand')
export class ProducerBrand {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 128 }) name: string;
  @Column({ type: 'char', length: 1 }) initial: string;
  @Column({ name: 'producer_id', type: 'integer' }) producerId: number;
  @Column({ name: 'brand_id', type: 'integer' }) brandId: number;
  @ManyToOne(() => Producer) @JoinColumn({ name: 'producer_id' }) producer?: Producer;
  @ManyToOne(() => Brand) @JoinColumn({ name: 'brand_id' }) brand?: Brand;
}

/** 车系. */
@Entity('series')
export class Series {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'char', length: 1 }) initial: string;
  @Column({ name: 'producer_brand_id', type: 'integer' }) producerBrandId: number;
}

/** 子车系 ("modelSub" on the wire). */
@Entity('sub_series')
export class SubSeries {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 16 }) code: string;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'char', length: 1 }) initial: string;
  @Column({ name: 'series_id', type: 'integer' }) seriesId: number;
  @Column({ name: 'producer_brand_id', type: 'integer' }) producerBrandId: number;
  @Column({ name: 'producer_id', type: 'integer' }) producerId: number;
  @Column({ name: 'brand_id', type: 'integer' }) brandId: number;
  @Column({ name: 'segment_id', type: 'smallint' }) segmentId: number;
  @Column({ name: 'body_type', type: 'smallint' }) bodyType: number;
  @Column({ type: 'smallint' }) fuel: number;
  @Column({ name: 'launch_month', type: 'integer' }) launchMonth: number;
  @Column({ name: 'end_month', type: 'integer', nullable: true }) endMonth: number | null;
  @ManyToOne(() => Series) @JoinColumn({ name: 'series_id' }) series?: Series;
}

/**
 * Where a trim sits in the catalogue, as the car table's columns carry it (copied down from its sub-series): what the
 * demo generator writes and what the trim-keyed rollups read beside the trim, in one order.
 */
export const CAR_CATALOG_COLUMNS = ['sub_series_id', 'series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id'] as const;

/** 车型 (trim, "car" on the wire). Coded attributes are dictionary keys. */
@Entity('car')
export class Car {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'jll_code', type: 'varchar', length: 20 }) jllCode: string;
  @Column({ type: 'varchar', length: 128 }) name: string;
  @Column({ name: 'sub_series_id', type: 'integer' }) subSeriesId: number;
  @Column({ name: 'series_id', type: 'integer' }) seriesId: number;
  @Column({ name: 'producer_brand_id', type: 'integer' }) producerBrandId: number;
  @Column({ name: 'producer_id', type: 'integer' }) producerId: number;
  @Column({ name: 'brand_id', type: 'integer' }) brandId: number;
  @Column({ name: 'segment_id', type: 'smallint' }) segmentId: number;
  /** 年款 */
  @Column({ name: 'model_year', type: 'smallint' }) modelYear: number;
  /** 厂商指导价 in yuan at launch; msrp_month holds its later changes. */
  @Column({ type: 'integer' }) msrp: number;
  @Column({ type: 'smallint' }) fuel: number;
  @Column({ type: 'varchar', length: 16, nullable: true }) engine: string | null;
  @Column({ name: 'battery_kwh', type: 'numeric', precision: 5, scale: 1, nullable: true }) batteryKwh: string | null;
  @Column({ name: 'body_type', type: 'smallint' }) bodyType: number;
  @Column({ type: 'smallint' }) gearbox: number;
  @Column({ type: 'smallint' }) drive: number;
  @Column({ name: 'emission_standard', type: 'smallint', nullable: true }) emissionStandard: number | null;
  /** 车型级别 (chexingjibie) */
  @Column({ name: 'model_level', type: 'smallint' }) modelLevel: number;
  @Column({ type: 'smallint' }) seats: number;
  @Column({ name: 'launch_month', type: 'integer' }) launchMonth: number;
  @Column({ name: 'end_month', type: 'integer', nullable: true }) endMonth: number | null;
  @ManyToOne(() => SubSeries) @JoinColumn({ name: 'sub_series_id' }) subSeries?: SubSeries;
}
