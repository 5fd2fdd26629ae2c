/**
 * 价格归因 (issue 50 §3): the subject (整体市场, a segment, producer, brand or sub-series), the measure (the weighted TP
 * or the discount), the two values and their change as cards, the five effects, their waterfall and the items' table.
 */
import { PRICE_EFFECT_LABELS, PRICE_MEASURES, PRICE_SUBJECT_TYPES, type PriceAttribution, type PriceMeasureKey, yuanGapText, yuanText } from '@car/contracts';
import type { WaterfallText } from '~/utils/attribution';
import { AttributionCards } from './AttributionCards';
import { AttributionFailure } from './AttributionFailure';
import { AttributionChoice } from './AttributionChoice';
import { AttributionPriceTable } from './AttributionPriceTable';
import { AttributionSubjectForm } from './AttributionSubjectForm';
import { AttributionWaterfall } from './AttributionWaterfall';

const PRICE_TEXT: WaterfallText = { level: yuanText, change: yuanGapText };
const EFFECTS = ['price', 'mix', 'interaction', 'entry', 'exit'] as const;

interface AttributionPriceProps {
  answer: PriceAttribution | null;
  subjectType: (typeof PRICE_SUBJECT_TYPES)[number];
  measure: PriceMeasureKey;
  segments: ReadonlyArray<{ id: number; name: string }>;
  downloadHref: string;
  /** The call's message where it gave no answer. */
  failure: string | null;
  loading: boolean;
}

export function AttributionPrice({ answer, subjectType, measure, segments, downloadHref, failure, loading }: AttributionPriceProps) {
  const subject = answer?.subject;
  const type = (subject?.type as (typeof PRICE_SUBJECT_TYPES)[number] | undefined) ?? subjectType;
  return (
    <>
      <div className="attribution-subject-bar">
        <AttributionSubjectForm
          types={PRICE_SUBJECT_TYPES}
          type={type}
          chosen={subject && subject.id !== null ? { id: subject.id, name: subject.name } : null}
          segments={segments}
          replaces={['subjectType', 'subjectId']}
        />
      </div>
      <div className="attribution-toolbar">
        <AttributionChoice param="measure" label="指标" options={PRICE_MEASURES.map((m) => ({ value: m.key, label: m.label }))} value={measure} omit="tp" />
      </div>
      <AttributionFailure msg={failure} />
      {answer ? (
        <>
          <AttributionCards
            label={`${answer.measureLabel}变化`}
            loading={loading}
            cards={[
              { key: 'base', label: `${answer.subject.name} 基期${answer.measureLabel}（${answer.periods.base}）`, value: yuanText(answer.value.base) },
              { key: 'current', label: `本期${answer.measureLabel}（${answer.periods.current}）`, value: yuanText(answer.value.current) },
              { key: 'change', label: '变化', value: yuanGapText(answer.value.change), change: answer.value.change },
            ]}
          />
          <AttributionCards
            label={`${answer.measureLabel}变化的五项效应`}
            loading={loading}
            cards={EFFECTS.map((e) => ({ key: e, label: PRICE_EFFECT_LABELS[e], value: yuanGapText(answer.effects[e]), change: answer.effects[e] }))}
          />
          <AttributionWaterfall
            title={`${answer.subject.name}${answer.measureLabel}变化归因`}
            bars={answer.waterfall}
            text={PRICE_TEXT}
            height={300}
            loading={loading}
            fileName={`价格归因_${answer.subject.name}_${answer.time}`}
          />
          <AttributionPriceTable answer={answer} downloadHref={downloadHref} loading={loading} />
        </>
      ) : null}
    </>
  );
}
