/**
 * One table of 我的视图: 我的视图 (the owner's: sharing shown) or 共享给我的 (with their owner). Each row's actions
 * come from `viewRowActions`, the one list of what a row offers; the page carries them out.
 */
import { Link } from '@remix-run/react';

import type { SavedView } from '@car/contracts';

import { shareText, viewRowActions, type ViewAction } from '~/utils/views';

interface MyViewsTableProps {
  caption: string;
  views: readonly SavedView[];
  empty: string;
  onAction: (action: ViewAction, view: SavedView) => void;
}

export function MyViewsTable({ caption, views, empty, onAction }: MyViewsTableProps) {
  const shared = views.some((view) => !view.mine);
  return (
    <table className="ui celled compact table my-views__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">名称</th>
          <th scope="col">页面</th>
          <th scope="col">{shared ? '共享人' : '共享给'}</th>
          <th scope="col">更新时间</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {views.length === 0 ? (
          <tr>
            <td colSpan={5} className="my-views__empty">
              {empty}
            </td>
          </tr>
        ) : (
          views.map((view) => (
            <tr key={view.id} data-view-id={view.id}>
              <td>{view.name}</td>
              <td>{view.pageName ?? '（页面已不存在）'}</td>
              <td>{view.mine ? shareText(view) : `${view.owner.nickname}（${view.owner.account}）`}</td>
              <td>{view.updateTime}</td>
              <td className="my-views__actions">
                {viewRowActions(view).map((action) =>
                  action.href ? (
                    <Link key={action.key} to={action.href} reloadDocument className="ui mini primary button">
                      {action.text}
                    </Link>
                  ) : (
                    <button key={action.key} type="button" className="ui mini button" onClick={() => onAction(action.key as ViewAction, view)}>
                      {action.text}
                    </button>
                  ),
                )}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
