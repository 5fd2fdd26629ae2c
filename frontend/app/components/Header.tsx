/**
 * Top bar: mark, system name, the demo-data badge, 保存视图 and 订阅此视图 (on an analysis page), 复制链接 (this page's
 * address), 打印 (on an analysis page), the bell (unread notifications), 看板, and the user's menu (首页, 我的视图, 订阅与提醒, 修改密码, 退出).
 */
import { Link, useFetcher, useLocation } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';

import { ALERT_PAGES, DASHBOARD_PATH, MY_VIEWS_PATH } from '@car/contracts';

import { subscribeHref } from '~/utils/alert-form';
import { isApiFailure } from '~/utils/api-failure';
import { SYSTEM_NAME } from '~/utils/meta';
import { CopyLinkButton } from './CopyLinkButton';
import { Logo } from './Logo';
import { MenuButton } from './MenuButton';
import { PrintButton } from './PrintButton';
import { SaveViewButton } from './SaveViewButton';
import { useFailureToast } from './Toast';

interface HeaderProps {
  nickname: string;
  menuCollapsed: boolean;
  /** Absent when there is no menu to collapse. */
  onToggleMenu?: () => void;
  /** Unread notifications; null when the count could not be read (the bell shows none). */
  unread?: number | null;
  /** This page's name when it can be subscribed to (an analysis page). */
  viewName?: string | null;
}

export function Header({ nickname, menuCollapsed, onToggleMenu, unread = null, viewName = null }: HeaderProps) {
  const location = useLocation();
  const logout = useFetcher<{ failure?: unknown }>({ key: 'logout' });
  const failure = isApiFailure(logout.data?.failure) ? logout.data.failure : null;
  useFailureToast(failure);
  const loggingOut = logout.state !== 'idle';

  return (
    <header className="app-header">
      {onToggleMenu ? (
        <button
          type="button"
          className="app-header__menu-toggle"
          onClick={onToggleMenu}
          aria-label={menuCollapsed ? '展开菜单' : '收起菜单'}
          aria-expanded={!menuCollapsed}
          title={menuCollapsed ? '展开菜单' : '收起菜单'}
        >
          <Icon name={menuCollapsed ? 'indent' : 'outdent'} fitted />
        </button>
      ) : (
        <span className="app-header__menu-toggle-space" />
      )}
      <Link to="/" className="app-header__brand">
        <Logo />
        <span className="app-header__name">{SYSTEM_NAME}</span>
      </Link>
      <span className="demo-badge" title="平台中的数字均为演示数据，不代表真实市场表现">
        演示数据
      </span>
      <div className="app-header__spacer" />
      <SaveViewButton />
      {viewName ? (
        <Link to={subscribeHref(location.pathname, location.search, viewName)} className="app-header__dashboard" data-testid="subscribe-view">
          <Icon name="bookmark outline" />
          订阅此视图
        </Link>
      ) : null}
      <CopyLinkButton />
      <PrintButton />
      <Link
        to={ALERT_PAGES.notifications}
        className="app-header__dashboard app-header__bell"
        aria-label={unread ? `提醒（${unread} 条未读）` : '提醒'}
        title={unread ? `${unread} 条未读提醒` : '提醒'}
        data-testid="bell"
      >
        <Icon name="bell outline" />
        {unread ? (
          <span className="app-header__bell-count" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
      <Link to={DASHBOARD_PATH} className="app-header__dashboard">
        <Icon name="dashboard" />
        看板
      </Link>
      <MenuButton
        label="用户菜单"
        className="app-header__user"
        align="right"
        trigger={
          <span className="app-header__greeting" data-testid="greeting">
            <Icon name="user circle" aria-hidden="true" />
            您好，<strong>{nickname}</strong>
          </span>
        }
        items={[
          { key: 'home', to: '/', icon: 'home', text: '首页' },
          { key: 'views', to: MY_VIEWS_PATH, icon: 'bookmark outline', text: '我的视图' },
          { key: 'alerts', to: ALERT_PAGES.subscriptions, icon: 'bell', text: '订阅与提醒' },
          { key: 'password', to: '/resetpassword', icon: 'key', text: '修改密码' },
          {
            key: 'logout',
            icon: loggingOut ? 'spinner' : 'sign out',
            text: loggingOut ? '正在退出…' : '退出',
            disabled: loggingOut,
            separated: true,
            onSelect: () => logout.submit({}, { method: 'post', action: '/logout' }),
          },
        ]}
      />
    </header>
  );
}
