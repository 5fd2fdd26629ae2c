/**
 * The left menu, built from the user's menus: one collapsible group per menu group, `/salevolume` and the
 * group of the current page open. Collapsed, it narrows to one icon per group; an icon reopens the menu there.
 * Above the groups, 看板 and 我的视图: in no stored menu but always one click away (decisions 151, 189).
 */
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@remix-run/react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

import { DASHBOARD_PATH, MY_VIEWS_PATH } from '@car/contracts';

import { DEFAULT_OPEN_GROUP, samePath, type NavGroup } from '~/utils/menus';

const GROUP_ICONS: Record<string, SemanticICONS> = {
  '/salevolume': 'chart bar',
  '/price': 'yen sign',
  '/pricevolume': 'exchange',
  '/product': 'cogs',
  '/comprehensiveinquiry': 'download',
  '/dashboard': 'dashboard',
};

function iconOf(group: NavGroup): SemanticICONS {
  return GROUP_ICONS[group.path.toLowerCase()] ?? 'folder open';
}

function groupOfPath(groups: readonly NavGroup[], pathname: string): NavGroup | undefined {
  return groups.find((g) => g.items.some((item) => samePath(item.href, pathname)));
}

interface SideMenuProps {
  groups: NavGroup[];
  collapsed: boolean;
  onExpand: () => void;
}

export function SideMenu({ groups, collapsed, onExpand }: SideMenuProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => {
    const initial = new Set([DEFAULT_OPEN_GROUP]);
    const current = groupOfPath(groups, pathname);
    if (current) initial.add(current.path);
    return initial;
  });

  // Arriving on a page of a closed group (a link elsewhere, back button) opens its group.
  useEffect(() => {
    const current = groupOfPath(groups, pathname);
    if (current) setOpen((set) => (set.has(current.path) ? set : new Set(set).add(current.path)));
  }, [groups, pathname]);

  const toggle = (path: string) =>
    setOpen((set) => {
      const next = new Set(set);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  if (collapsed) {
    return (
      <nav className="side-menu side-menu--collapsed" aria-label="功能菜单">
        <Link to={DASHBOARD_PATH} className="side-menu__icon" title="看板" aria-label="看板">
          <Icon name="dashboard" fitted />
        </Link>
        <Link to={MY_VIEWS_PATH} className="side-menu__icon" title="我的视图" aria-label="我的视图">
          <Icon name="bookmark outline" fitted />
        </Link>
        {groups.map((group) => (
          <button
            key={group.id}
            type="button"
            className={`side-menu__icon${groupOfPath([group], pathname) ? ' is-active' : ''}`}
            title={group.name}
            aria-label={group.name}
            onClick={() => {
              setOpen((set) => new Set(set).add(group.path));
              onExpand();
            }}
          >
            <Icon name={iconOf(group)} fitted />
          </button>
        ))}
      </nav>
    );
  }

  return (
    <nav className="side-menu" aria-label="功能菜单">
      <Link to={DASHBOARD_PATH} className="side-menu__group-title side-menu__dashboard">
        <Icon name="dashboard" />
        <span>看板</span>
      </Link>
      <NavLink to={MY_VIEWS_PATH} className={({ isActive }) => `side-menu__group-title side-menu__dashboard${isActive ? ' is-active' : ''}`}>
        <Icon name="bookmark outline" />
        <span>我的视图</span>
      </NavLink>
      {groups.map((group) => {
        const isOpen = open.has(group.path);
        const listId = `menu-group-${group.id}`;
        return (
          <div key={group.id} className={`side-menu__group${isOpen ? ' is-open' : ''}`}>
            <button type="button" className="side-menu__group-title" aria-expanded={isOpen} aria-controls={listId} onClick={() => toggle(group.path)}>
              <Icon name={iconOf(group)} />
              <span>{group.name}</span>
              <Icon name="angle down" className="side-menu__caret" fitted />
            </button>
            <ul id={listId} className="side-menu__items" hidden={!isOpen}>
              {group.items.map((item) => (
                <li key={item.id}>
                  <NavLink to={item.href} prefetch="intent" className={({ isActive }) => `side-menu__item${isActive ? ' is-active' : ''}`}>
                    {item.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
