/**
 * 份额归因 (issue 50 §2): the subject (a producer, brand or sub-series; the analyst's own producer by default) or a
 * 竞品组's 本品 within the set, the part dimension, the shares and the three effects as cards, their waterfall and the
 * table of the parts.
 */
import { Link, useLocation } from '@remix-run/react';
import { Icon, Label } from 'semantic-ui-react';

import {
  type CompetitorSet,
  points2CardText,
  points2Text,
  SHARE_EFFECT_LABELS,
  SHARE_SUBJECT_TYPES,
  type ShareAttribution,
  sharePercent2Text,
} from '@car/contracts';
import { type DimensionChoice, type WaterfallText } from '~/utils/attribution';
import type { AreaNode } from '~/utils/area-drill';
import { withParams } from '~/utils/sale-volume-query';
import { AttributionCards } from './AttributionCards';
import { AttributionFailure } from './AttributionFailure';
import { AttributionDimensionBar } from './AttributionDimensionBar';
import { AttributionScope } from './AttributionScope';
import { AttributionShareTable } from './AttributionShareTable';
import { AttributionSubjectForm } from './AttributionSubjectForm';
import { AttributionWaterfall } from './AttributionWaterfall';
import { CompetitorSetMenu } from './CompetitorSetMenu';

const SHARE_TEXT: WaterfallText = { level: sharePercent2Text, change: points2Text };
const TERMS = ['mix', 'performance', 'interaction'] as const;

interface AttributionShareProps {
  answer: ShareAttribution | null;
  open: readonly DimensionChoice[];
  by: string;
  set: CompetitorSet | null;
  segments: ReadonlyArray<{ id: number; name: string }>;
  node: AreaNode | null;
  downloadHref: string;
  /** The call's message where it gave no answer. */
  failure: string | null;
  loading: boolean;
}

export function AttributionShare({ answer, open, by, set, segments, node, downloadHref, failure, loading }: AttributionShareProps) {
  const location = useLocation();
  const subject = answer && !answer.subject.inSet ? answer.subject : null;
  return (
    <>
      <div className="attribution-subject-bar">
        {set ? (
          <Label size="small" className="attribution-set">
            竞品组：{set.name}（本品在组内的份额）
            <Link to={withParams(location.search, { set: null })} preventScrollReset aria-label={`取消竞品组 ${set.name}`}>
              <Icon name="delete" />
            </Link>
          </Label>
        ) : (
          <AttributionSubjectForm
            types={SHARE_SUBJECT_TYPES}
            type={(subject?.type as (typeof SHARE_SUBJECT_TYPES)[number] | undefined) ?? 'producer'}
            chosen={subject ? { id: subject.id, name: subject.name } : null}
            segments={segments}
            replaces={['subjectType', 'subjectId', 'set']}
          />
        )}
        <CompetitorSetMenu hrefOf={(chosen) => withParams(location.search, { set: chosen.id, subjectType: null, subjectId: null })} />
      </div>
      <AttributionDimensionBar open={open} by={by} />
      <AttributionFailure msg={failure} />
      {answer ? (
        <>
          <AttributionScope scope={answer.scope} node={node} />
          <AttributionCards
            label="份额变化"
            loading={loading}
            cards={[
              { key: 'base', label: `${answer.subject.name} 基期份额（${answer.periods.base}）`, value: sharePercent2Text(answer.share.base) },
              { key: 'current', label: `本期份额（${answer.periods.current}）`, value: sharePercent2Text(answer.share.current) },
              { key: 'change', label: '份额变化', value: points2CardText(answer.share.change), change: answer.share.change },
            ]}
          />
          <AttributionCards
            label="份额变化的三项效应"
            loading={loading}
            cards={TERMS.map((t) => ({ key: t, label: SHARE_EFFECT_LABELS[t], value: points2CardText(answer.effects[t]), change: answer.effects[t] }))}
          />
          <AttributionWaterfall
            title={`${answer.subject.name}份额变化归因`}
            bars={answer.waterfall}
            text={SHARE_TEXT}
            height={300}
            loading={loading}
            fileName={`份额归因_${answer.subject.name}_${answer.time}`}
          />
          <AttributionShareTable answer={answer} downloadHref={downloadHref} loading={loading} />
        </>
      ) : null}
    </>
  );
}
