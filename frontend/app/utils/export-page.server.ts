/**
 * The export pages' loader and action, one for every kind (spec 001 §2.7-§2.9): the calendar of the
 * kind's category, my recent exports, and the lists behind the tags the kind offers; the action posts
 * the form to the kind's export call. The page itself is `ExportPage`.
 */
import { DATA_EXPORT, EXPORT_PAGES, type ExportKind, SEARCH, TIER_LABELS } from '@car/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, apiPostForm, failureData, throwAsRouteError } from '~/utils/api.server';

/** The dictionaries behind the coded tags, by the form field they fill. */
const DICTIONARY_FIELDS: Readonly<Record<string, string>> = {
  chexingjibie: 'dicModelLevel',
  dicBodyShape: 'dicBodyShape',
  dicProducerProperty: 'dicProducerProperty',
  dicBoundProperty: 'dicBoundProperty',
  dicBrandSeries: 'dicBrandSeries',
  dicFuel: 'dicFuel',
  dicDischargeStandard: 'dicDischargeStandard',
  dicEngine: 'dicEngine',
  dicGearBox: 'dicGearBox',
  dicDriving: 'dicDriving',
  useNature: 'useNature',
  owner: 'owner',
  colour: 'colour',
};

export type ListOption = { value: string; label: string };

export function exportPageLoader(kind: ExportKind) {
  const page = EXPORT_PAGES[kind];
  const fields = new Set<string>(page.tags.map((tag) => tag.field));
  const dictionaryFields = Object.keys(DICTIONARY_FIELDS).filter((field) => fields.has(field));
  // The city dialog groups the cities under their provinces, so 城市 alone loads them too.
  const places = fields.has('area') || fields.has('province') || fields.has('city');
  return async ({ request, context }: LoaderFunctionArgs) => {
    try {
      const [months, jobs, areas, provinces, cities, series, ...dictionaries] = await Promise.all([
        apiGet(request, context, SEARCH.calendar, { category: page.calendar }),
        apiGet(request, context, DATA_EXPORT.jobs),
        places ? apiGet(request, context, SEARCH.areas) : [],
        places ? apiGet(request, context, SEARCH.provinces) : [],
        fields.has('city') ? apiGet(request, context, SEARCH.cities) : [],
        fields.has('modelId') ? (apiGet(request, context, SEARCH.complex, { type: 3 }) as Promise<Array<{ id: number; name: string }>>) : [],
        ...dictionaryFields.map((field) => apiGet(request, context, SEARCH.dictionary, { type: DICTIONARY_FIELDS[field] })),
      ]);
      const lists: Record<string, ListOption[]> = {
        area: areas.map((a) => ({ value: String(a.id), label: a.name })),
        tier: Object.entries(TIER_LABELS).map(([value, label]) => ({ value, label })),
        modelId: series.map((s) => ({ value: String(s.id), label: s.name })),
      };
      dictionaryFields.forEach((field, i) => {
        lists[field] = dictionaries[i].map((d) => ({ value: String(d.key), label: d.value }));
      });
      return {
        kind,
        months,
        jobs,
        lists,
        provinces: provinces.map((p) => ({ value: String(p.id), label: p.name, areaId: String(p.areaId) })),
        cities: cities.map((c) => ({ value: String(c.id), label: c.name, provinceId: String(c.provinceId) })),
      };
    } catch (error) {
      return throwAsRouteError(error);
    }
  };
}

export type ExportPageData = Awaited<ReturnType<ReturnType<typeof exportPageLoader>>>;

/** Each kind's export call: the page's form and 我的导出's 重新生成 post to it. */
export const EXPORT_CALLS = { cityRetail: DATA_EXPORT.cityRetail, mix: DATA_EXPORT.mix, price: DATA_EXPORT.price, fandian: DATA_EXPORT.fandian } as const;

export function exportPageAction(kind: ExportKind) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const form = await request.formData();
    const entries = [...form.entries()].map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : '']);
    try {
      return { job: await apiPostForm(request, context, EXPORT_CALLS[kind], entries) };
    } catch (error) {
      return failureData(error);
    }
  };
}

export type ExportPageAction = Awaited<ReturnType<ReturnType<typeof exportPageAction>>>;
