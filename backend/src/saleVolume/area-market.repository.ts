import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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

/** The geography the area market drills through: reference data, read once per process. */
@Injectable()
export class AreaGeographyRepository {
  private cached: Promise<Geography> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  geography(): Promise<Geography> {
    this.cached ??= this.load().catch((error: unknown) => {
      // A failed first read must not stick: the next request tries again.
      this.cached = null;
      throw error;
    });
    return this.cached;
  }

  private async load(): Promise<Geography> {
    const [regions, provinces, cities] = await Promise.all([
      this.dataSource.query(`SELECT id, name FROM area ORDER BY sort, id`) as Promise<RegionEntry[]>,
      this.dataSource.query(`SELECT id, short_name AS name, area_id AS "areaId" FROM province ORDER BY id`) as Promise<ProvinceEntry[]>,
      this.dataSource.query(`SELECT id, name, province_id AS "provinceId" FROM city ORDER BY province_id, id`) as Promise<CityEntry[]>,
    ]);
    return {
      regions: new Map(regions.map((r) => [r.id, r])),
      provinces: new Map(provinces.map((p) => [p.id, p])),
      cities: new Map(cities.map((c) => [c.id, c])),
    };
  }
}
