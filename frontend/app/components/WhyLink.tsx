/**
 * 为什么? beside a figure (issue 50 §4): a link to 归因分析 with the figure's scope and comparison, saying in its title
 * and accessible name what it opens ('为什么同比增长 0.9%？查看归因分析'). The address comes from attribution-links.ts.
 */
import { Link } from '@remix-run/react';

import type { WhyLinkTarget } from '~/utils/attribution-links';

/** None for a figure 归因分析 does not explain (`target` null). */
export function WhyLink({ target }: { target: WhyLinkTarget | null }) {
  if (!target) return null;
  return (
    <Link to={target.href} className="why-link" aria-label={target.label} title={target.label} data-testid="why-link">
      为什么?
    </Link>
  );
}
