import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A city's traffic rules as the city table flags them. */
export interface CityRestrictions {
  drivingRestricted: boolean;
  purchaseRestricted: boolean;
}

/** The dashboard's one read outside the query layer: the 限行 / 限购 flags of the cities a page lists. */
@Injectable()
export class DashboardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async cityRestrictions(cityIds: readonly number[]): Promise<Map<number, CityRestrictions>> {
    if (cityIds.length === 0) return new Map();
    const rows: Array<{ id: number; driving: boolean; purchase: boolean }> = await this.dataSource.query(
      `SELECT id, driving_restricted AS driving, purchase_restricted AS purchase FROM city WHERE id = ANY($1)`,
      [cityIds],
    );
    return new Map(rows.map((r) => [r.id, { drivingRestricted: r.driving, purchaseRestricted: r.purchase }]));
  }
}
