/**
 * One export page for every kind (spec 001 §2.7-§2.9, `EXPORT_PAGES`): a month range limited to the
 * kind's calendar, tag toggles that show their controls (the extra tags only while 车型 is on), the
 * 已选条件 panel, the price-volume export's band inputs, 生成Excel → live progress → download link,
 * 重置, and my recent exports. The export itself is a background job (decision 70). No filter
 * side panel on these pages. The route supplies the loader and action (`export-page.server.ts`).
 */
import {
  conditionLine,
  EXPORT_PAGES,
  type ExportJobView,
  type ExportTagDef,
  monthsText,
  offeredTags,
  PRICE_VOLUME_EXPORT_DEFAULTS,
  priceBandText,
} from '@car/contracts';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { Button, Input } from 'semantic-ui-react';

import { ExportProgress } from '~/components/ExportProgress';
import { ExportTagControl, type TagControl } from '~/components/ExportTagControl';
import { MonthPicker } from '~/components/MonthPicker';
import { RecentExports } from '~/components/RecentExports';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import type { ExportPageAction, ExportPageData } from '~/utils/export-page.server';
import { chooseField, conditionText, exportEntries, type ExportChoices, type TagChoice } from '~/utils/export-form';
import { useRevalidation } from '~/utils/use-revalidation';

/** The tags whose control is a pick-list dialog or a text box; the others pick from a list. */
const PICKERS: Record<string, TagControl> = {
  brandId: { kind: 'picker', picker: 'brand' },
  producerId: { kind: 'picker', picker: 'company' },
  producerBrandId: { kind: 'picker', picker: 'companyBrand' },
  modelSubId: { kind: 'picker', picker: 'series' },
  carId: { kind: 'picker', picker: 'carModel' },
  modelSubCode: { kind: 'text' },
};

/** The price-volume export's band inputs (万), defaults of spec §9. */
const BAND_FIELDS = [
  { field: 'priceLow', label: '价格下限' },
  { field: 'priceHigh', label: '价格上限' },
  { field: 'segment', label: '价格段宽度' },
] as const;
type BandField = (typeof BAND_FIELDS)[number]['field'];
const bandDefaults = (): Record<BandField, string> => ({
  priceLow: String(PRICE_VOLUME_EXPORT_DEFAULTS.priceLow),
  priceHigh: String(PRICE_VOLUME_EXPORT_DEFAULTS.priceHigh),
  segment: String(PRICE_VOLUME_EXPORT_DEFAULTS.segment),
});

export function ExportPage() {
  const { kind, months, jobs, lists, provinces, cities } = useLoaderData<ExportPageData>();
  const page = EXPORT_PAGES[kind];
  const tags: ReadonlyArray<ExportTagDef> = page.tags;
  const latest = months[0] ?? '';
  const [start, setStart] = useState(latest);
  const [end, setEnd] = useState(latest);
  const [on, setOn] = useState<ReadonlySet<string>>(new Set());
  const [choices, setChoices] = useState<ExportChoices>({});
  const [bands, setBands] = useState(bandDefaults);
  const [job, setJob] = useState<ExportJobView | null>(null);
  const submit = useFetcher<ExportPageAction>();
  const revalidator = useRevalidation();
  const answer = submit.data;
  useFailureToast(answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null);

  useEffect(() => {
    if (answer && 'job' in answer) setJob(answer.job);
  }, [answer]);
  // A job that has just ended shows its final state in 我的导出 too.
  const ended = job !== null && job.status !== 'queued' && job.status !== 'running';
  useEffect(() => {
    if (ended) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidates once per job that ends; the revalidator object changes while it runs
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
    const cityOptions = chosenProvinces.length || provinces.length === 0 ? inProvinces : inProvinces.filter((c) => provinceIds.has(c.provinceId));
    // 城市 is the city dialog: the cities (of the chosen provinces, else of the provinces offered) under their province.
    const cityProvinces = chosenProvinces.length ? provinceOptions.filter((p) => chosenProvinces.includes(p.value)) : provinceOptions;
    const all: Record<string, TagControl> = {
      ...PICKERS,
      province: { kind: 'list', options: provinceOptions },
      city: { kind: 'city', provinces: cityProvinces, cities: cityOptions },
    };
    for (const [field, options] of Object.entries(lists)) all[field] = { kind: 'list', options };
    return all;
  }, [choices.area, choices.province, lists, provinces, cities]);

  const offered = offeredTags(tags, on);
  const shown = offered.filter((tag) => on.has(tag.key));
  const generating = submit.state !== 'idle' || (job !== null && (job.status === 'queued' || job.status === 'running'));
  const toggle = (key: string) => {
    const turningOff = on.has(key);
    setOn((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      // Without 车型 the extra tags go, with their values.
      if (key === 'car' && turningOff) for (const tag of tags) if (tag.withCar) next.delete(tag.key);
      return next;
    });
    if (key === 'car' && turningOff) {
      setChoices((current) => {
        const next: Record<string, TagChoice | undefined> = { ...current };
        for (const tag of tags) if (tag.withCar) next[tag.field] = undefined;
        return next;
      });
    }
  };
  const choose = (field: string, choice: TagChoice) => setChoices((current) => chooseField(current, field, choice));
  const generate = () => {
    setJob(null);
    const entries = exportEntries(start, end, offered, on, choices);
    if (kind === 'mix') for (const { field } of BAND_FIELDS) if (bands[field].trim() !== '') entries.push([field, bands[field].trim()]);
    submit.submit(new URLSearchParams(entries), { method: 'post' });
  };
  // 重置 (spec §4: clears the form and reloads the calendar) returns the month range to its default (§9):
  // the calendar's first month through the same month; the reloaded calendar's, if it has moved on.
  const reset = () => {
    setStart(latest);
    setEnd(latest);
    setOn(new Set());
    setChoices({});
    setBands(bandDefaults());
    setJob(null);
    revalidator.revalidate();
  };

  return (
    <div className="export-page">
      <h2 className="export-page__title">{page.title}</h2>
      <div className="export-page__months">
        <span>月份</span>
        <MonthPicker name="start" value={start} months={months} onChange={(m) => (setStart(m), m > end && setEnd(m))} />
        <span>至</span>
        <MonthPicker name="end" value={end} months={months} onChange={(m) => (setEnd(m), m < start && setStart(m))} />
      </div>
      {kind === 'mix' ? (
        <div className="export-page__bands" role="group" aria-label="价格段">
          {BAND_FIELDS.map(({ field, label }) => (
            <label key={field} className="export-page__band">
              <span>{label}</span>
              <Input
                size="small"
                aria-label={label}
                name={field}
                label={{ basic: true, content: '万' }}
                labelPosition="right"
                value={bands[field]}
                onChange={(_e, { value }) => setBands((b) => ({ ...b, [field]: String(value) }))}
              />
            </label>
          ))}
        </div>
      ) : null}
      <div className="export-page__tags" role="group" aria-label="筛选标签">
        {offered.map((tag) => (
          <Button
            key={tag.key}
            type="button"
            size="small"
            basic={!on.has(tag.key)}
            primary={on.has(tag.key)}
            aria-pressed={on.has(tag.key)}
            onClick={() => toggle(tag.key)}
          >
            {tag.label}
          </Button>
        ))}
      </div>
      <div className="export-page__controls">
        {shown.map((tag) => (
          <label key={tag.key} className="export-page__control">
            <span>{tag.label}</span>
            <ExportTagControl label={tag.label} control={controls[tag.field]} choice={choices[tag.field]} onChange={(choice) => choose(tag.field, choice)} />
          </label>
        ))}
      </div>
      <section className="export-page__chosen" aria-label="已选条件">
        <h3>已选条件</h3>
        <p>{conditionLine('月份', monthsText(start, end))}</p>
        {kind === 'mix' ? <p>{conditionLine('价格段', priceBandText(bands.priceLow, bands.priceHigh, bands.segment))}</p> : null}
        {shown.map((tag) => (
          <p key={tag.key}>{conditionLine(tag.label, conditionText(choices[tag.field]))}</p>
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
      <RecentExports jobs={jobs} latest={job?.id ?? null} />
    </div>
  );
}
