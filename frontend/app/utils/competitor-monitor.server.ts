/**
 * 竞品监控's loader and action (/salevolume/competitormonitor, issue 49 §2, decision 297). The loader reads the set the
 * URL names through competitorSets/monitor at once with the caller's sets (one round trip, not two in series); a set
 * the caller cannot read (deleted, or no longer shared) is not in their list: the page opens without a set and says
 * so. A URL naming none opens their first own set, else the first shared with them (read once the list names it). The
 * suggestions are read when no set is shown or the caller asks for them (`suggest=1`). The action carries out the
 * set's writes: new (from the dialog or a suggestion), edit, share, copy, delete; a refusal comes back as data for the
 * dialog to show.
 */
import type { AppLoadContext } from '@remix-run/node';
import { type CompetitorSet, COMPETITOR_SETS, type DataSource, MONITOR_CHART_VIEWS, type MonitorChartView, SEARCH } from '@car/contracts';

import { apiGet, apiPost, throwAsRouteError } from './api.server';
import { MONITOR_PAGE_KEYS, MONITOR_PRICE_VIEWS, type MonitorPriceView, monitorSetOf } from './competitor-monitor';
import { nodeName, provinceCodeOfCity, readAreaNode } from './area-drill';
import { formText } from './form-text';
import { intentAction } from './intent-action.server';
import type { SaleVolumeLookups } from './sale-volume-lookups.server';
import { firstFailure, settle, type Settled } from './settle.server';
import { urlState } from './url-state';

const none = <T>(): Settled<T> => ({ value: null, failure: null });

export async function loadCompetitorMonitor(request: Request, context: AppLoadContext) {
  const url = urlState(COMPETITOR_SETS.monitor.params, request);
  const params = new URL(request.url).searchParams;
  const requested = url.value('id', { from: 'set', fallback: null });
  const time = url.text('time');
  const source = url.value('source') as DataSource;
  const page = urlState(MONITOR_PAGE_KEYS, request);
  const chart = page.value('chart', { allowed: MONITOR_CHART_VIEWS.map((v) => v.value), fallback: 0 }) as MonitorChartView;
  const price = page.value('price', { allowed: MONITOR_PRICE_VIEWS.map((v) => v.value), fallback: 0 }) as MonitorPriceView;
  // Wholesale has no geography: a region narrows retail only (as on 区域市场表现).
  const node = source === 2 ? readAreaNode(params) : null;
  const asksSuggestions = params.get('suggest') === '1';
  // The page's call and its deck's, but for the set: the month as the URL gives it (else the latest), the source and the area.
  const view = { source, ...(time ? { time } : {}), ...(node ? { area: node.id, level: node.level } : {}) };
  const readMonitor = (id: number) => settle(apiGet(request, context, COMPETITOR_SETS.monitor, { id, ...view }));
  const readSuggestions = () => settle(apiGet(request, context, COMPETITOR_SETS.suggestions));
  // Everything the URL names is read at once: the list, the lookups, the set's figures (a set the caller cannot read
  // answers 竞品组不存在, and the list tells the page why) and the suggestions asked for.
  const [list, lookups, named, asked, areaName] = await Promise.all([
    apiGet(request, context, COMPETITOR_SETS.list).catch(throwAsRouteError),
    loadMonths(request, context),
    requested !== null ? readMonitor(requested) : none<never>(),
    asksSuggestions ? readSuggestions() : none<never>(),
    areaNameOf(request, context, node),
  ]);
  const { set, missing } = monitorSetOf(list, requested);
  // A URL naming no set: the caller's first, read now that the list names it (the one case of two calls in series).
  const monitor = set === null ? none<never>() : requested === null ? await readMonitor(set.id) : named;
  const suggestions = asksSuggestions ? asked : set === null ? await readSuggestions() : none<never>();
  return {
    list,
    set,
    /** The URL named a set the caller cannot read (deleted, or no longer shared): the page opens without one and says so. */
    missingSet: missing,
    state: { time: monitor.value?.time ?? time, source, node, chart, price },
    areaName,
    lookups: lookups.value,
    monitor: monitor.value,
    apiParams: set ? { id: set.id, ...view } : null,
    suggestions: suggestions.value,
    failure: firstFailure(lookups, monitor, suggestions),
  };
}

export type CompetitorMonitorData = Awaited<ReturnType<typeof loadCompetitorMonitor>>;

/**
 * What the page's filter panel offers beside the set and the area: the calendar months (its month and source only;
 * the other sales pages' fuels, segments and producer properties are not the monitor's filters, so not read).
 */
function loadMonths(request: Request, context: AppLoadContext): Promise<Settled<SaleVolumeLookups>> {
  return settle(apiGet(request, context, SEARCH.calendar).then((months) => ({ months, segments: [], fuels: [], producerProperties: [] })));
}

/** A city's name (regions and provinces are named by the shared geography): its province's cities, looked up. */
async function areaNameOf(request: Request, context: AppLoadContext, node: ReturnType<typeof readAreaNode>): Promise<string> {
  if (node?.level !== 3) return nodeName(node);
  const cities = await settle(apiGet(request, context, SEARCH.cities, { provinceId: provinceCodeOfCity(node.id) }));
  return nodeName(node, cities.value?.find((c) => c.id === node.id || Number(c.code) === node.id)?.name);
}

const ids = (text: string): number[] =>
  text
    .split(',')
    .filter((part) => part !== '')
    .map(Number);

/** What a write answers the page: the toast's text and the set to show next. */
const done = (text: string, set: Pick<CompetitorSet, 'id'> | null) => ({ done: text, setId: set?.id ?? null });

export function competitorSetAction(request: Request, context: AppLoadContext) {
  const members = (form: FormData) => ({ name: formText(form, 'name'), own: ids(formText(form, 'own')), rivals: ids(formText(form, 'rivals')) });
  const id = (form: FormData) => formText(form, 'id');
  return intentAction(request, {
    save: async (form) => {
      const set = await apiPost(request, context, COMPETITOR_SETS.save, members(form));
      return done(`已保存竞品组「${set.name}」`, set);
    },
    update: async (form) => {
      const set = await apiPost(request, context, COMPETITOR_SETS.update, { id: id(form), ...members(form) });
      return done(`已修改竞品组「${set.name}」`, set);
    },
    copy: async (form) => {
      const set = await apiPost(request, context, COMPETITOR_SETS.copy, { id: id(form), name: formText(form, 'name') });
      return done(`已另存为我的竞品组「${set.name}」`, set);
    },
    share: async (form) => {
      const producer = formText(form, 'producer') === '1';
      const set = await apiPost(request, context, COMPETITOR_SETS.share, { id: id(form), producer });
      return done(producer ? `已共享给${set.sharedProducerName ?? '本厂商'}全部同事（只读）` : '已取消共享', set);
    },
    delete: async (form) => {
      await apiPost(request, context, COMPETITOR_SETS.remove, { id: id(form) });
      return done('已删除竞品组', null);
    },
  });
}
