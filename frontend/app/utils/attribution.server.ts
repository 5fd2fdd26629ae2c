/**
 * 归因分析's loader (/salevolume/attribution, issue 50, decision 302): the tab the URL names, read through its call
 * (ATTRIBUTION.volume, share or price) with the lists its filter panel offers. The sales filters read as the other
 * sales pages read them (a refused value as its default); what the analyst chose on this page — the comparison, the
 * split, the drill's steps, the subject, the measure — goes to the call as the address gives it, so a combination the
 * call refuses (1-2月合计 in October, a province split of wholesale) reads as its Chinese message, not a silent default.
 */
import type { AppLoadContext } from '@remix-run/node';
import { ATTRIBUTION, type AttributionTab, fixedDimensions, SEARCH } from '@car/contracts';

import { apiGet } from './api.server';
import { nodeName, provinceCodeOfCity, readAreaNode, type AreaNode } from './area-drill';
import { ATTRIBUTION_PAGE_KEYS, defaultDimension, DRILL_PARAMS, shareDimensions, volumeDimensions, type DimensionChoice } from './attribution';
import { readChosenSet, setFilterParams } from './competitor-set-filter.server';
import { apiDownloadHref } from './download';
import { loadLookups, type SaleVolumeLookups } from './sale-volume-lookups.server';
import { filterApiParams, readFilters, type SaleVolumeFilters } from './sale-volume-query';
import { firstFailure, settle, type Settled } from './settle.server';
import { urlParams, urlState } from './url-state';

type Params = Record<string, string | number>;

/** The keys of an address the call takes as given: those the address names. */
function givenParams(read: (name: string) => string | null, names: readonly string[]): Params {
  return Object.fromEntries(names.flatMap((name) => (read(name) === null ? [] : [[name, read(name)!]])));
}

/** The tab's files: its workbook and its deck, with the call's parameters. */
function filesOf(tab: AttributionTab, params: Params) {
  const files = {
    volume: [ATTRIBUTION.volumeDownload, ATTRIBUTION.volumePpt],
    share: [ATTRIBUTION.shareDownload, ATTRIBUTION.sharePpt],
    price: [ATTRIBUTION.priceDownload, ATTRIBUTION.pricePpt],
  }[tab];
  return { downloadHref: apiDownloadHref(files[0], params), deckHref: apiDownloadHref(files[1], params) };
}

/** The scope of the sales splits (volume, share): the shared filters, the area of retail, the drill's steps. */
function salesScope(params: URLSearchParams, filters: SaleVolumeFilters, node: AreaNode | null) {
  const url = urlState(ATTRIBUTION.volume.params, params);
  const { newYear: _newYear, ...api } = filterApiParams(filters);
  const steps = givenParams((name) => url.given(name as 'familyId'), DRILL_PARAMS);
  const fixed = fixedDimensions({
    detailId: filters.detailId,
    fuels: filters.fuels,
    producerProperty: filters.producerProperty,
    area: node,
    familyId: url.value('familyId'),
    producerId: url.value('producerId'),
    brandId: url.value('brandId'),
    subSeriesId: url.value('subSeriesId'),
    tier: url.value('tier'),
  });
  return {
    params: { ...api, ...(node ? { area: node.id, level: node.level } : {}), ...steps, ...givenParams((name) => url.given(name as 'compare'), ['compare']) },
    fixed,
    /** The address holds a drill's step (a sub-series drilled has no next split: the analyst chooses one). */
    drilled: Object.keys(steps).length > 0,
    compare: url.value('compare'),
  };
}

/** The split of a sales tab: the address's (as given), else the first the scope leaves open. */
function splitOf(given: string | null, open: readonly DimensionChoice[]): { by: string; chosen: boolean } {
  return given === null ? { by: defaultDimension(open), chosen: false } : { by: given, chosen: true };
}

export async function loadAttribution(request: Request, context: AppLoadContext) {
  const params = urlParams(request);
  const tab = urlState(ATTRIBUTION_PAGE_KEYS, params).value('tab', { fallback: 'volume' as const });
  const filters = readFilters(params);
  // Wholesale has no geography: an area in the address narrows retail only (as on 区域市场表现).
  const node = filters.source === 2 ? readAreaNode(params) : null;
  const scope = salesScope(params, filters, node);
  const base = { tab, filters: { ...filters, newYear: false }, node, compare: scope.compare };

  if (tab === 'price') {
    const url = urlState(ATTRIBUTION.price.params, params);
    const api = givenParams((name) => url.given(name as 'time'), ['time', 'compare', 'subjectType', 'subjectId', 'measure']);
    const [lookups, answer] = await Promise.all([loadPriceLookups(request, context), settle(apiGet(request, context, ATTRIBUTION.price, api))]);
    return {
      ...base,
      filters: { ...base.filters, time: base.filters.time ?? answer.value?.time ?? lookups.value?.months[0] ?? null },
      view: {
        tab: 'price' as const,
        answer: answer.value,
        subjectType: url.value('subjectType') ?? 'market',
        measure: url.value('measure'),
      },
      lookups: lookups.value,
      areaName: nodeName(null),
      ...filesOf('price', api),
      failure: firstFailure(lookups, answer),
    };
  }

  // The set first (the split reads its members), then the lists, the area's name and the split at once.
  const chosenSet = await readChosenSet(request, context, params);
  const setParams = chosenSet.set ? setFilterParams(chosenSet.set) : {};
  const listsAndName = () => Promise.all([loadLookups(request, context), areaNameOf(request, context, node)]);
  if (tab === 'share') {
    const url = urlState(ATTRIBUTION.share.params, params);
    const open = shareDimensions(filters.source, scope.fixed);
    const split = splitOf(url.given('by'), open);
    const subject = chosenSet.set ? {} : givenParams((name) => url.given(name as 'subjectId'), ['subjectType', 'subjectId']);
    const api = { ...scope.params, ...setParams, ...subject, by: split.by };
    const [[lookups, areaName], answer] = await Promise.all([listsAndName(), settle(apiGet(request, context, ATTRIBUTION.share, api))]);
    return {
      ...base,
      filters: { ...base.filters, time: base.filters.time ?? answer.value?.time ?? lookups.value?.months[0] ?? null },
      view: { tab: 'share' as const, answer: answer.value, open, ...split, set: chosenSet.set, missingSet: chosenSet.missing },
      lookups: lookups.value,
      areaName,
      ...filesOf('share', api),
      failure: firstFailure(lookups, answer),
    };
  }

  const url = urlState(ATTRIBUTION.volume.params, params);
  const open = volumeDimensions(filters.source, scope.fixed);
  const split = splitOf(url.given('by'), open);
  const api = { ...scope.params, ...setParams, by: split.by };
  const [[lookups, areaName], answer] = await Promise.all([listsAndName(), settle(apiGet(request, context, ATTRIBUTION.volume, api))]);
  return {
    ...base,
    filters: { ...base.filters, time: base.filters.time ?? answer.value?.time ?? lookups.value?.months[0] ?? null },
    view: {
      tab: 'volume' as const,
      answer: answer.value,
      open,
      ...split,
      drilled: scope.drilled,
      set: chosenSet.set,
      missingSet: chosenSet.missing,
    },
    lookups: lookups.value,
    areaName,
    ...filesOf('volume', api),
    failure: firstFailure(lookups, answer),
  };
}

export type AttributionData = Awaited<ReturnType<typeof loadAttribution>>;
export type AttributionView = AttributionData['view'];

/** The price split's lists: the price calendar's months (its month is a price month) and the segments (its subject). */
function loadPriceLookups(request: Request, context: AppLoadContext): Promise<Settled<SaleVolumeLookups>> {
  return settle(
    Promise.all([apiGet(request, context, SEARCH.calendar, { category: 1 }), apiGet(request, context, SEARCH.detailMarkets)]).then(([months, segments]) => ({
      months,
      segments,
      fuels: [],
      producerProperties: [],
    })),
  );
}

/** A city's name (regions and provinces are named by the shared geography): its province's cities, looked up. */
async function areaNameOf(request: Request, context: AppLoadContext, node: AreaNode | null): Promise<string> {
  if (node?.level !== 3) return nodeName(node);
  const cities = await settle(apiGet(request, context, SEARCH.cities, { provinceId: provinceCodeOfCity(node.id) }));
  return nodeName(node, cities.value?.find((c) => c.id === node.id || Number(c.code) === node.id)?.name);
}
