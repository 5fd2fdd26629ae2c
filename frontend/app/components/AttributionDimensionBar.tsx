/**
 * The split dimension of 销量拉动 and 份额归因 (`by`): the dimensions the scope leaves open (geography for retail only;
 * none the scope fixes), the chosen one pressed; a hint beside it where the analyst is to choose (a drill with no next).
 */
import type { DimensionChoice } from '~/utils/attribution';
import { AttributionChoice } from './AttributionChoice';

export function AttributionDimensionBar({ open, by, hint }: { open: readonly DimensionChoice[]; by: string; hint?: string | null }) {
  return (
    <div className="attribution-toolbar">
      <AttributionChoice param="by" label="拆分维度" options={open.map((d) => ({ value: d.key, label: d.label }))} value={by} />
      {hint ? <span className="filter-hint attribution-toolbar__hint">{hint}</span> : null}
    </div>
  );
}
