import { type AlertSource, areaMarketFilterSchema, issueMessage, salesSourceKind, SET_ALERT_PATH, viewSourceOf } from '@car/contracts';
import type { Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import type { Geography } from '../reference/geography.repository';
import { areaNodeOf } from '../saleVolume/area-node';

/** The sales pages' shared filters and area choice: the part of a view's query string the query layer can express. */
const SCOPE_PARAMS = ['source', 'detailId', 'producerProperty', 'fuels', 'area', 'level', 'dimensionality', 'dimensionalityId'] as const;
/** 竞品监控's: its data and area narrow the set's volumes, nothing else does (the page has no other filter; decision 298). */
const SET_SCOPE_PARAMS = ['source', 'area', 'level'] as const;

/** What a view's figures are: the months of a source, and the market narrowed by the view's filters. */
export interface ViewScope {
  source: AlertSource;
  filters: Filters;
}

/**
 * A view's scope (decision 191): a price page's figures are the national prices; any other page's are sales of its
 * `source` (retail by default) narrowed by the sales pages' shared filters (segment, producer property, fuels) and
 * its area (region, province or city), read with the pages' own schema. The view's other parameters (its month, its
 * tables' choices) do not narrow the figure. A bad value is a 400 naming the field.
 */
export function viewScope(path: string, search: string, geography: Geography): ViewScope {
  if (viewSourceOf(path, search) === 'price') return { source: 'price', filters: {} };
  const params = new URLSearchParams(search);
  const picked: Record<string, string> = {};
  for (const name of path === SET_ALERT_PATH ? SET_SCOPE_PARAMS : SCOPE_PARAMS) {
    const value = params.get(name);
    if (value !== null) picked[name] = value;
  }
  const parsed = areaMarketFilterSchema.safeParse(picked);
  if (!parsed.success) throw ApiException.badRequest(`视图的查询条件有误：${issueMessage(parsed.error, areaMarketFilterSchema)}`);
  const dto = parsed.data;
  const filters: Filters = { ...areaNodeOf(dto.area, dto.source, geography).filters };
  if (dto.detailId > 0) filters.segmentIds = [dto.detailId];
  if (dto.producerProperty > 0) filters.producerProperties = [dto.producerProperty];
  if (dto.fuels.length > 0) filters.fuels = dto.fuels;
  return { source: salesSourceKind(dto.source), filters };
}
