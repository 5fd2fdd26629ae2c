import { Column, Entity, PrimaryColumn } from 'typeorm';

/** 零售量 (data source 2): insurance registrations by month × trim × city × use nature × ownership × colour. */
@Entity('retail_fact')
export class RetailFact {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @PrimaryColumn({ name: 'city_id', type: 'integer' }) cityId: number;
  @PrimaryColumn({ name: 'use_nature', type: 'smallint' }) useNature: number;
  @PrimaryColumn({ type: 'smallint' }) ownership: number;
  @PrimaryColumn({ type: 'smallint' }) colour: number;
  @Column({ type: 'integer' }) qty: number;
}

/** 批发量 (data source 1): the association's wholesale by month × trim. */
@Entity('wholesale_fact')
export class WholesaleFact {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @Column({ type: 'integer' }) qty: number;
}

/** 成交价 TP by month × trim × city, with the retail volume it was weighted over. */
@Entity('price_fact')
export class PriceFact {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @PrimaryColumn({ name: 'city_id', type: 'integer' }) cityId: number;
  @Column({ type: 'integer' }) tp: number;
  @Column({ type: 'integer' }) qty: number;
}

/** 厂商指导价 by month (official price cuts change it). */
@Entity('msrp_month')
export class MsrpMonth {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @Column({ type: 'integer' }) msrp: number;
}

/** 返点: the producer's rebate to dealers per unit, in yuan. */
@Entity('rebate_month')
export class RebateMonth {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @Column({ type: 'integer' }) rebate: number;
}

/** Which months hold which facts; the calendar calls read it. */
@Entity('data_month')
export class DataMonth {
  @PrimaryColumn({ type: 'integer' }) month: number;
  @Column({ name: 'has_retail', type: 'boolean' }) hasRetail: boolean;
  @Column({ name: 'has_wholesale', type: 'boolean' }) hasWholesale: boolean;
  @Column({ name: 'has_price', type: 'boolean' }) hasPrice: boolean;
  @Column({ name: 'has_rebate', type: 'boolean' }) hasRebate: boolean;
  /** When each source's month was published (migration 1763700000040, decision 200). */
  @Column({ name: 'retail_published_at', type: 'timestamptz', nullable: true }) retailPublishedAt: Date | null;
  @Column({ name: 'wholesale_published_at', type: 'timestamptz', nullable: true }) wholesalePublishedAt: Date | null;
  @Column({ name: 'price_published_at', type: 'timestamptz', nullable: true }) pricePublishedAt: Date | null;
  @Column({ name: 'rebate_published_at', type: 'timestamptz', nullable: true }) rebatePublishedAt: Date | null;
}
