import { Column, Entity, PrimaryColumn } from 'typeorm';

/** 一级分类 of the configuration sheet. */
@Entity('config_category')
export class ConfigCategory {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 32 }) name: string;
  @Column({ type: 'smallint' }) sort: number;
}

/** A row of the sheet; layer 2 and 3 rows are sub-rows of their parent. */
@Entity('config_item')
export class ConfigItem {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'category_id', type: 'smallint' }) categoryId: number;
  @Column({ name: 'parent_id', type: 'integer', nullable: true }) parentId: number | null;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'smallint' }) layer: number;
  @Column({ type: 'integer' }) sort: number;
}

/** What one trim shows in one row: a figure, a text, ● standard, ○ optional or - not equipped. */
@Entity('config_value')
export class ConfigValue {
  @PrimaryColumn({ name: 'car_id', type: 'integer' }) carId: number;
  @PrimaryColumn({ name: 'item_id', type: 'integer' }) itemId: number;
  @Column({ type: 'varchar', length: 128 }) value: string;
}
