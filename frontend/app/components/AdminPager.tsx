/** Paging for the administration tables: page links that keep every other search parameter (state in the URL). */
import { Link, useLocation } from '@remix-run/react';

export function AdminPager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    return `?${params.toString()}`;
  };
  return (
    <nav className="admin-page__pager" aria-label="分页">
      <span>
        共 {total} 条，第 {Math.min(page, pages)} / {pages} 页
      </span>
      {page > 1 ? <Link to={href(page - 1)}>上一页</Link> : <span className="admin-page__pager-off">上一页</span>}
      {page < pages ? <Link to={href(page + 1)}>下一页</Link> : <span className="admin-page__pager-off">下一页</span>}
    </nav>
  );
}
