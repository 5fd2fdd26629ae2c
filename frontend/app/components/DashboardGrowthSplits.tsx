/**
 * 看板's sentences of 归因分析 under the briefs (issue 50): each growth of the market split into 新能源's and 燃油车's
 * 拉动 ('同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点'), with a 为什么? to the page that takes it apart.
 */
import type { DashboardGrowthSplit } from '@car/contracts';

import { growthSplitWhy } from '~/utils/attribution-links';
import { WhyLink } from './WhyLink';

/** `time`: the month the dashboard answered for, which the links open at. */
export function DashboardGrowthSplits({ splits, time }: { splits: readonly DashboardGrowthSplit[]; time: string }) {
  if (splits.length === 0) return null;
  return (
    <section className="dashboard-growth-splits" aria-label="增长归因">
      <h3>增长归因</h3>
      {splits.map((split) => (
        <p key={split.compare} className="dashboard-growth-split">
          {split.text}
          <WhyLink target={growthSplitWhy(split, time)} />
        </p>
      ))}
    </section>
  );
}
