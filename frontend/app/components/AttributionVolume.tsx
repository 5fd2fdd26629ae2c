/**
 * 销量拉动 (issue 50 §1): the split dimension (those the scope leaves open), the scope's breadcrumb, the total's cards
 * (本期, 基期, 变化, the growth), the waterfall of the largest contributors and the table with its drill.
 */
import { ATTRIBUTION_COMPARISONS, growthText, signedThousands, thousands, type VolumeAttribution } from '@car/contracts';
import { type DimensionChoice, type WaterfallText } from '~/utils/attribution';
import type { AreaNode } from '~/utils/area-drill';
import { AttributionCards } from './AttributionCards';
import { AttributionFailure } from './AttributionFailure';
import { AttributionDimensionBar } from './AttributionDimensionBar';
import { AttributionScope } from './AttributionScope';
import { AttributionVolumeTable } from './AttributionVolumeTable';
import { AttributionWaterfall } from './AttributionWaterfall';

const VOLUME_TEXT: WaterfallText = { level: thousands, change: signedThousands };

interface AttributionVolumeProps {
  answer: VolumeAttribution | null;
  open: readonly DimensionChoice[];
  by: string;
  /** Whether the address chose the split (else the scope's first open dimension is shown). */
  chosen: boolean;
  drilled: boolean;
  node: AreaNode | null;
  compare: number;
  downloadHref: string;
  /** The call's message where it gave no answer. */
  failure: string | null;
  loading: boolean;
}

export function AttributionVolume({ answer, open, by, chosen, drilled, node, compare, downloadHref, failure, loading }: AttributionVolumeProps) {
  const growthLabel = ATTRIBUTION_COMPARISONS.find((c) => c.value === compare)?.growth ?? '增速';
  return (
    <>
      <AttributionDimensionBar open={open} by={by} hint={!chosen && drilled ? '已下钻，请选择拆分维度' : null} />
      <AttributionFailure msg={failure} />
      {answer ? (
        <>
          <AttributionScope scope={answer.scope} node={node} />
          <AttributionCards
            label="销量变化"
            loading={loading}
            cards={[
              { key: 'current', label: `本期（${answer.periods.current}）`, value: thousands(answer.total.current), unit: '辆' },
              { key: 'base', label: `基期（${answer.periods.base}）`, value: thousands(answer.total.base), unit: '辆' },
              { key: 'change', label: '变化', value: signedThousands(answer.total.change), unit: '辆', change: answer.total.change },
              { key: 'growth', label: growthLabel, value: growthText(answer.total.growth), change: answer.total.growth },
            ]}
          />
          <AttributionWaterfall
            title={`${answer.byLabel}拉动瀑布图`}
            bars={answer.waterfall}
            text={VOLUME_TEXT}
            height={340}
            loading={loading}
            fileName={`销量拉动_${answer.byLabel}_${answer.time}`}
          />
          <AttributionVolumeTable answer={answer} downloadHref={downloadHref} loading={loading} />
        </>
      ) : null}
    </>
  );
}
