import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { containsPattern } from '../common/like-pattern';

export interface AreaRow {
  id: number;
  name: string;
}

export interface ProvinceRow {
  id: number;
  name: string;
  shortName: string;
  areaId: number;
}

export interface CityRow {
  id: number;
  name: string;
  tier: number;
  provinceId: number;
  provinceName: string;
}

/** Cities to list: any of the provinces, any of the regions, and a name (of the city or its province) containing the text. */
export interface CityFilter {
  provinceIds?: number[];
  areaIds?: number[];
  condition?: string;
  /** Whether the condition also matches the province's name (the province-city dialog) or only the city's. */
  conditionMatchesProvince?: boolean;
}

export interface RegionEntry {
  id: number;
  name: string;
}

export interface ProvinceEntry {
  /** The 6-digit administrative code. */
  id: number;
  /** Short name as maps and tables show it ('广东'). */
  name: string;
  areaId: number;
}

export interface CityEntry {
  /** The 6-digit administrative code; a municipality's one city has its province's code. */
  id: number;
  name: string;
  provinceId: number;
}

/** The whole region → province → city tree, each level in display order. */
export interface Geography {
  regions: Map<number, RegionEntry>;
  provinces: Map<number, ProvinceEntry>;
  cities: Map<number, CityEntry>;
}

/** The big regions, provinces and prefecture cities. Province and city ids are their 6-digit administrative codes. */
@Injectable()
export class GeographyRepository {
  private tree: Promise<Geography> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async areas(): Promise<AreaRow[]> {
    return this.dataSource.query(`SELECT id, name FROM area ORDER BY sort, id`);
  }

  async provinces(areaId?: number): Promise<ProvinceRow[]> {
    return this.dataSource.query(
      `SELECT id, name, short_name AS "shortName", area_id AS "areaId"
       FROM province WHERE ($1::int IS NULL OR area_id = $1) ORDER BY id`,
      [areaId ?? null],
    );
  }

  /** Cities by province code, then city code. */
  async cities(filter: CityFilter = {}): Promise<CityRow[]> {
    const pattern = filter.condition === undefined ? null : containsPattern(filter.condition);
    return this.dataSource.query(
      `SELECT c.id, c.name, c.tier, c.province_id AS "provinceId", p.name AS "provinceName"
       FROM city c JOIN province p ON p.id = c.province_id
       WHERE ($1::int[] IS NULL OR c.province_id = ANY($1))
         AND ($2::int[] IS NULL OR p.area_id = ANY($2))
         AND ($3::text IS NULL OR c.name ILIKE $3 ESCAPE '\\' OR ($4 AND p.name ILIKE $3 ESCAPE '\\'))
       ORDER BY c.province_id, c.id`,
      [filter.provinceIds ?? null, filter.areaIds ?? null, pattern, filter.conditionMatchesProvince === true],
    );
  }

  /** The whole tree the area market drills through: reference data only a migration changes, read once per process. */
  geography(): Promise<Geography> {
    this.tree ??= this.loadTree().catch((error: unknown) => {
      // A failed first read must not stick: the next request tries again.
      this.tree = null;
      throw error;
    });
    return this.tree;
  }

  private async loadTree(): Promise<Geography> {
    const [regions, provinces, cities] = await Promise.all([this.areas(), this.provinces(), this.cities()]);
    return {
      regions: new Map(regions.map((r) => [r.id, { id: r.id, name: r.name }])),
      provinces: new Map(provinces.map((p) => [p.id, { id: p.id, name: p.shortName, areaId: p.areaId }])),
      cities: new Map(cities.map((c) => [c.id, { id: c.id, name: c.name, provinceId: c.provinceId }])),
    };
  }
}
