/**
 * 归因分析's breadcrumb of the scope (the answer's `scope`: the filters and the drill's steps, in order): 全部, then each
 * step; a step's link goes back up to it, the later steps taken away and the split back to where the analyst drilled
 * from (`scopeCrumbs`). The last step is where the page is.
 */
import { Link, useLocation } from '@remix-run/react';
import { Fragment } from 'react';

import { scopeCrumbs } from '~/utils/attribution';
import type { AreaNode } from '~/utils/area-drill';

export function AttributionScope({ scope, node }: { scope: ReadonlyArray<{ label: string; value: string }>; node: AreaNode | null }) {
  const location = useLocation();
  const crumbs = scopeCrumbs(location.search, scope, node);
  return (
    <nav className="ui small breadcrumb attribution-scope" aria-label="拆分范围">
      <span className="attribution-scope__lead">范围：</span>
      {crumbs.map((crumb, i) => (
        <Fragment key={`${i}-${crumb.text}`}>
          {i > 0 ? <i className="right angle icon divider" aria-hidden="true" /> : null}
          {crumb.href ? (
            <Link className="section" to={crumb.href} preventScrollReset title="返回上一层（取消之后的筛选）">
              {crumb.text}
            </Link>
          ) : (
            <span className="active section" aria-current={i === crumbs.length - 1 ? 'location' : undefined}>
              {crumb.text}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
