/** Paging for the administration tables: page links that keep every other search parameter (state in the URL). */
import { Link, useLocation } from '@remix-run/react';

/** `capped`: the list counted no further than `total` (the audit trail); the pages after it stay reachable by 下一页. */
export function AdminPager({ page, pageSize, total, capped = false }: { page: number; pageSize: number; total: number; capped?: boolean }) {
  const { search } = useLocation();
  const counted = Math.max(1, Math.ceil(total / pageSize));
  const pages = capped ? Math.max(counted, page + 1) : counted;
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    return `?${params.toString()}`;
  };
  return (
    <nav className="admin-page__pager" aria-label="分页">
      <span>{capped ? `超过 ${total} 条，第 ${page} 页` : `共 ${total} 条，第 ${Math.min(page, pages)} / ${pages} 页`}</span>
      {page > 1 ? <Link to={href(page - 1)}>上一页</Link> : <span className="admin-page__pager-off">上一页</span>}
      {page < pages ? <Link to={href(page + 1)}>下一页</Link> : <span className="admin-page__pager-off">下一页</span>}
    </nav>
  );
}
