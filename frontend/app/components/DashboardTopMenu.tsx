import { Link, useFetcher } from '@remix-run/react';
import { DASHBOARD_PATH, MY_VIEWS_PATH } from '@car/contracts';
import type { NavGroup } from '~/utils/menus';
import { Logo } from './Logo';
import { MenuButton } from './MenuButton';
import { SaveViewButton } from './SaveViewButton';

/** The dashboard's own header: the stored menus as a top menu with their pages, 保存视图, and the user's 首页 / 我的视图 / 退出. */
export function DashboardTopMenu({ groups, nickname }: { groups: readonly NavGroup[]; nickname: string }) {
  const logout = useFetcher({ key: 'logout' });
  return (
    <header className="dashboard-top">
      <Link to={DASHBOARD_PATH} className="dashboard-top__brand">
        <Logo />
      </Link>
      <nav className="dashboard-top__menu" aria-label="主菜单">
        {groups.map((group) => (
          <MenuButton
            key={group.id}
            label={group.name}
            trigger={group.name}
            className="dashboard-top__group"
            openOnHover
            items={group.items.map((item) => ({ key: String(item.id), to: item.href, text: item.name }))}
          />
        ))}
      </nav>
      <SaveViewButton className="dashboard-top__save" />
      <MenuButton
        label="用户菜单"
        trigger={`您好，${nickname}`}
        className="dashboard-top__user"
        testId="dashboard-user"
        openOnHover
        align="right"
        items={[
          { key: 'home', to: '/', text: '首页' },
          { key: 'views', to: MY_VIEWS_PATH, text: '我的视图' },
          { key: 'logout', text: '退出', disabled: logout.state !== 'idle', onSelect: () => logout.submit({}, { method: 'post', action: '/logout' }) },
        ]}
      />
    </header>
  );
}
