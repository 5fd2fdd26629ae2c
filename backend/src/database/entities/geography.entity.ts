import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** 大区: one of the seven big regions (华北 … 西北). */
@Entity('area')
export class Area {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 16 }) name: string;
  @Column({ type: 'smallint' }) sort: number;
}

/** 省: a province-level division; id is its 6-digit administrative code. */
@Entity('province')
export class Province {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 32 }) name: string;
  @Column({ name: 'short_name', type: 'varchar', length: 16 }) shortName: string;
  @Column({ name: 'area_id', type: 'smallint' }) areaId: number;
  @ManyToOne(() => Area) @JoinColumn({ name: 'area_id' }) area?: Area;
}

/** 城市: a prefecture-level city; id is its 6-digit administrative code. */
@Entity('city')
export class City {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'varchar', length: 32 }) name: string;
  @Column({ name: 'province_id', type: 'integer' }) provinceId: number;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  /** 城市级别 1-5. */
  @Column({ type: 'smallint' }) tier: number;
  /** 限行 */
  @Column({ name: 'driving_restricted', type: 'boolean' }) drivingRestricted: boolean;
  /** 限购 */
  @Column({ name: 'purchase_restricted', type: 'boolean' }) purchaseRestricted: boolean;
  @Column({ type: 'real' }) weight: number;
}
