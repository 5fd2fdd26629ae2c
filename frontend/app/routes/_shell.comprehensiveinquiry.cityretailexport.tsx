/**
 * 城市零售数据导出 (spec 001 §2.7): a month range limited to the calendar (category 2), tag toggles that
 * show their controls, the 已选条件 panel, 生成Excel → live progress → download link, 重置, and my recent
 * exports. The export itself is a background job (README decision 70). No filter side panel on this page.
 */
import { CITY_RETAIL_TAGS, DATA_EXPORT, SEARCH, TIER_LABELS, type ExportJobView } from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'semantic-ui-react';

import { ExportProgress } from '~/components/ExportProgress';
import { ExportTagControl, type TagControl } from '~/components/ExportTagControl';
import { MonthPicker } from '~/components/MonthPicker';
import { RecentExports } from '~/components/RecentExports';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPostForm, failureData, throwAsRouteError } from '~/utils/api.server';
import { chooseField, conditionText, exportEntries, type ExportChoices, type TagChoice } from '~/utils/export-form';
import { titled } from '~/utils/meta';
import exportCss from '~/styles/export.css?url';

export const meta: MetaFunction = () => titled('城市零售数据导出');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: exportCss }];

/** The dictionaries behind the coded tags, by the form field they fill. */
const DICTIONARY_FIELDS = {
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
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const [months, jobs, areas, provinces, cities, series, ...dictionaries] = await Promise.all([
      apiGet(request, context, SEARCH.calendar, { category: 2 }),
      apiGet(request, context, DATA_EXPORT.jobs),
      apiGet(request, context, SEARCH.areas),
      apiGet(request, context, SEARCH.provinces),
      apiGet(request, context, SEARCH.cities),
      apiGet(request, context, SEARCH.complex, { type: 3 }) as Promise<Array<{ id: number; name: string }>>,
      ...Object.values(DICTIONARY_FIELDS).map((type) => apiGet(request, context, SEARCH.dictionary, { type })),
    ]);
    const lists: Record<string, Array<{ value: string; label: string }>> = {
      area: areas.map((a) => ({ value: String(a.id), label: a.name })),
      tier: Object.entries(TIER_LABELS).map(([value, label]) => ({ value, label })),
      modelId: series.map((s) => ({ value: String(s.id), label: s.name })),
    };
    Object.keys(DICTIONARY_FIELDS).forEach((field, i) => {
      lists[field] = dictionaries[i].map((d) => ({ value: String(d.key), label: d.value }));
    });
    return {
      months,
      jobs,
      lists,
      provinces: provinces.map((p) => ({ value: String(p.id), label: p.name, areaId: String(p.areaId) })),
      cities: cities.map((c) => ({ value: String(c.id), label: c.name, provinceId: String(c.provinceId) })),
    };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const entries = [...form.entries()].map(([key, value]): [string, string] => [key, String(value)]);
  try {
    return { job: await apiPostForm(request, context, DATA_EXPORT.cityRetail, entries) };
  } catch (error) {
    return failureData(error);
  }
}

const PICKERS: Record<string, TagControl> = {
  brandId: { kind: 'picker', picker: 'brand' },
  producerId: { kind: 'picker', picker: 'company' },
  producerBrandId: { kind: 'picker', picker: 'companyBrand' },
  modelSubId: { kind: 'picker', picker: 'series' },
  modelSubCode: { kind: 'text' },
};

export default function CityRetailExportPage() {
  const { months, jobs, lists, provinces, cities } = useLoaderData<typeof loader>();
  const latest = months[0] ?? '';
  const [start, setStart] = useState(latest);
  const [end, setEnd] = useState(latest);
  const [on, setOn] = useState<ReadonlySet<string>>(new Set());
  const [choices, setChoices] = useState<ExportChoices>({});
  const [job, setJob] = useState<ExportJobView | null>(null);
  const submit = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const answer = submit.data;
  useFailureToast(answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null);

  useEffect(() => {
    if (answer && 'job' in answer) setJob(answer.job);
  }, [answer]);
  // A job that has just ended shows its final state in 我的导出 too.
  const ended = job !== null && job.status !== 'queued' && job.status !== 'running';
  useEffect(() => {
    if (ended) revalidator.revalidate();
  }, [ended, job?.id]);
  useEffect(() => {
    setStart(latest);
    setEnd(latest);
  }, [latest]);

  const controls = useMemo(() => {
    const areas = choices.area?.values ?? [];
    const chosenProvinces = choices.province?.values ?? [];
    const provinceOptions = areas.length ? provinces.filter((p) => areas.includes(p.areaId)) : provinces;
    const inProvinces = chosenProvinces.length ? cities.filter((c) => chosenProvinces.includes(c.provinceId)) : cities;
    const provinceIds = new Set(provinceOptions.map((p) => p.value));
    const cityOptions = chosenProvinces.length ? inProvinces : inProvinces.filter((c) => provinceIds.has(c.provinceId));
    const all: Record<string, TagControl> = { ...PICKERS, province: { kind: 'list', options: provinceOptions }, city: { kind: 'list', options: cityOptions } };
    for (const [field, options] of Object.entries(lists)) all[field] = { kind: 'list', options };
    return all;
  }, [choices.area, choices.province, lists, provinces, cities]);

  const generating = submit.state !== 'idle' || (job !== null && (job.status === 'queued' || job.status === 'running'));
  const toggle = (key: string) =>
    setOn((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const choose = (field: string, choice: TagChoice) => setChoices((current) => chooseField(current, field, choice));
  const generate = () => {
    setJob(null);
    submit.submit(new URLSearchParams(exportEntries(start, end, CITY_RETAIL_TAGS, on, choices)), { method: 'post' });
  };
  const reset = () => {
    setOn(new Set());
    setChoices({});
    setJob(null);
    revalidator.revalidate();
  };

  return (
    <div className="export-page">
      <h2 className="export-page__title">城市零售数据导出</h2>
      <div className="export-page__months">
        <span>月份</span>
        <MonthPicker name="start" value={start} months={months} onChange={(m) => (setStart(m), m > end && setEnd(m))} />
        <span>至</span>
        <MonthPicker name="end" value={end} months={months} onChange={(m) => (setEnd(m), m < start && setStart(m))} />
      </div>
      <div className="export-page__tags" role="group" aria-label="筛选标签">
        {CITY_RETAIL_TAGS.map((tag) => (
          <Button key={tag.key} type="button" size="small" basic={!on.has(tag.key)} primary={on.has(tag.key)} aria-pressed={on.has(tag.key)} onClick={() => toggle(tag.key)}>
            {tag.label}
          </Button>
        ))}
      </div>
      <div className="export-page__controls">
        {CITY_RETAIL_TAGS.filter((tag) => on.has(tag.key)).map((tag) => (
          <label key={tag.key} className="export-page__control">
            <span>{tag.label}</span>
            <ExportTagControl label={tag.label} control={controls[tag.field]} choice={choices[tag.field]} onChange={(choice) => choose(tag.field, choice)} />
          </label>
        ))}
      </div>
      <section className="export-page__chosen" aria-label="已选条件">
        <h3>已选条件</h3>
        <p>
          月份：{start} 至 {end}
        </p>
        {CITY_RETAIL_TAGS.filter((tag) => on.has(tag.key)).map((tag) => (
          <p key={tag.key}>
            {tag.label}：{conditionText(choices[tag.field])}
          </p>
        ))}
      </section>
      <div className="export-page__actions">
        <Button primary type="button" loading={submit.state !== 'idle'} disabled={generating || !latest} onClick={generate}>
          生成Excel
        </Button>
        <Button type="button" onClick={reset}>
          重置
        </Button>
      </div>
      {job ? <ExportProgress job={job} onUpdate={setJob} /> : null}
      <RecentExports jobs={jobs} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
