import { Injectable } from '@nestjs/common';
import {
  AreaNode,
  CalendarQuery,
  CityNode,
  CityQuery,
  DataStatus,
  DetailMarketQuery,
  formatMonth,
  hasTextKeys,
  IdName,
  KeyValue,
  ProvinceCities,
  ProvinceCityQuery,
  ProvinceNode,
  ProvinceQuery,
} from '@car/contracts';
import { KeptCalendar, MonthData } from '../reference/calendar.repository';
import { DataStatusService } from '../reference/data-status.service';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { GeographyRepository } from '../reference/geography.repository';
import { SegmentRepository } from '../reference/segment.repository';

/** The spec's calendar categories: none (dashboard) and 2 (price-band and export pages) are retail months. */
const CALENDAR_DATA: Record<number, MonthData> = { 1: 'price', 2: 'retail', 3: 'rebate' };

export const WHOLE_MARKET: IdName = { id: -1, name: '整体市场' };
export const ALL_KEYS: KeyValue = { key: -1, value: '全部' };

/** The reference lists of the filter panels: months, segments, dictionaries, and the region → province → city tree. */
@Injectable()
export class SearchService {
  constructor(
    private readonly months: KeptCalendar,
    private readonly segments: SegmentRepository,
    private readonly dictionaries: DictionaryRepository,
    private readonly geography: GeographyRepository,
    private readonly status: DataStatusService,
  ) {}

  /** Months with the category's data as 'YYYY-MM', newest first; the first is the pickers' default. */
  async calendar({ category }: CalendarQuery): Promise<string[]> {
    const months = await this.months.months(category === undefined ? 'retail' : CALENDAR_DATA[category]);
    return months.map(formatMonth);
  }

  /** 数据截至: each source's latest month and the day it was published (decision 200). */
  dataStatus(): Promise<DataStatus> {
    return this.status.all();
  }

  /** The segment select: 整体市场 (-1) first, then the segments (of one category when given). */
  async detailMarkets(query: DetailMarketQuery): Promise<IdName[]> {
    return [WHOLE_MARKET, ...(await this.allDetailMarkets(query))];
  }

  async allDetailMarkets({ category }: DetailMarketQuery): Promise<IdName[]> {
    return this.segments.segments(category);
  }

  /** A dictionary's entries; `type` is already the stored type name (the DTO resolved its spelling). */
  async dictionary(type: string): Promise<KeyValue[]> {
    const rows = await this.dictionaries.entries(type);
    const textKeys = hasTextKeys(type);
    return rows.map((row) => ({ key: textKeys ? row.key : Number(row.key), value: row.value }));
  }

  /**
   * The whole-market page's single producer-property select: 全部 (-1, the spec's default) first.
   * getProducerProperties and dictionary?type=dicProducerProperty feed multi-selects and have no such entry.
   */
  async wholes(): Promise<KeyValue[]> {
    return [ALL_KEYS, ...(await this.dictionary('dicProducerProperty'))];
  }

  async areas(): Promise<AreaNode[]> {
    const areas = await this.geography.areas();
    return areas.map((area) => ({ id: area.id, name: area.name, code: String(area.id), dimensionality: 1 }));
  }

  async provinces({ areaId }: ProvinceQuery): Promise<ProvinceNode[]> {
    const provinces = await this.geography.provinces(areaId);
    return provinces.map((province) => ({
      id: province.id,
      name: province.name,
      shortName: province.shortName,
      code: String(province.id),
      dimensionality: 2,
      areaId: province.areaId,
    }));
  }

  /** Cities of the given provinces and regions, by name when a condition is given. */
  async cities(query: CityQuery): Promise<CityNode[]> {
    const cities = await this.geography.cities(query);
    return cities.map((city) => ({
      id: city.id,
      name: city.name,
      code: String(city.id),
      dimensionality: 3,
      provinceId: city.provinceId,
      provinceCode: String(city.provinceId),
      tier: city.tier,
    }));
  }

  /** The city dialog: provinces with their cities; a condition matching a province's name keeps all its cities. */
  async provinceCities(query: ProvinceCityQuery): Promise<ProvinceCities[]> {
    const cities = await this.geography.cities({ ...query, conditionMatchesProvince: true });
    const provinces = new Map<number, ProvinceCities>();
    for (const city of cities) {
      let province = provinces.get(city.provinceId);
      if (!province) {
        province = { id: city.provinceId, name: city.provinceName, cities: [] };
        provinces.set(city.provinceId, province);
      }
      province.cities.push({ id: city.id, name: city.name });
    }
    return [...provinces.values()];
  }
}
