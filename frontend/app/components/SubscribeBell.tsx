/**
 * The bell on a figure (issue 45 §4, decision 279): a link to 我的订阅's form with a condition on this measure of this
 * row and the page's address (its filters) filled in. A link, so Tab reaches it and Enter follows it; its click stops
 * at the bell, so a ranking row's own click (open its details) does not run as well.
 */
import type { FigureSubscription } from '@car/contracts';
import { Link, useLocation } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';

import { subscribeFigureHref, subscribeFigureLabel } from '~/utils/alert-form';

/** `search`: the view's address where the page's own is not all of it (竞品监控's set and month shown by default). */
export function SubscribeBell({ figure, search }: { figure: FigureSubscription; search?: string }) {
  const location = useLocation();
  const label = subscribeFigureLabel(figure);
  return (
    <Link
      to={subscribeFigureHref(location.pathname, search ?? location.search, figure)}
      className="subscribe-bell"
      aria-label={label}
      title={label}
      data-testid="subscribe-figure"
      onClick={(event) => event.stopPropagation()}
    >
      <Icon name="bell outline" fitted />
    </Link>
  );
}
