import { Link, useFetcher } from '@remix-run/react';
import { Dropdown } from 'semantic-ui-react';
import { DASHBOARD_PATH } from '@car/contracts';
import type { NavGroup } from '~/utils/menus';
import { Logo } from './Logo';

/** The dashboard's own header: the stored menus as a top menu with their pages, and the user's 首页 / 退出. */
export function DashboardTopMenu({ groups, nickname }: { groups: readonly NavGroup[]; nickname: string }) {
  const logout = useFetcher({ key: 'logout' });
  return (
    <header className="dashboard-top">
      <Link to={DASHBOARD_PATH} className="dashboard-top__brand">
        <Logo />
      </Link>
      <nav className="dashboard-top__menu" aria-label="主菜单">
        {groups.map((group) => (
          <Dropdown key={group.id} item simple text={group.name} className="dashboard-top__group">
            <Dropdown.Menu>
              {group.items.map((item) => (
                <Dropdown.Item key={item.id} as={Link} to={item.href} text={item.name} />
              ))}
            </Dropdown.Menu>
          </Dropdown>
        ))}
      </nav>
      <Dropdown item simple text={`您好，${nickname}`} className="dashboard-top__user" data-testid="dashboard-user">
        <Dropdown.Menu direction="left">
          <Dropdown.Item as={Link} to="/" text="首页" />
          <Dropdown.Item text="退出" disabled={logout.state !== 'idle'} onClick={() => logout.submit({}, { method: 'post', action: '/logout' })} />
        </Dropdown.Menu>
      </Dropdown>
    </header>
  );
}
