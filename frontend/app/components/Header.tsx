/** Top bar: mark, system name, the demo-data badge, 复制链接 (this page's address), 看板, and the user's menu (首页, 修改密码, 退出). */
import { Link, useFetcher } from '@remix-run/react';
import { Dropdown, Icon } from 'semantic-ui-react';

import { DASHBOARD_PATH } from '@car/contracts';

import { isApiFailure } from '~/utils/api-failure';
import { SYSTEM_NAME } from '~/utils/meta';
import { CopyLinkButton } from './CopyLinkButton';
import { Logo } from './Logo';
import { useFailureToast } from './Toast';

interface HeaderProps {
  nickname: string;
  menuCollapsed: boolean;
  /** Absent when there is no menu to collapse. */
  onToggleMenu?: () => void;
}

export function Header({ nickname, menuCollapsed, onToggleMenu }: HeaderProps) {
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
      <CopyLinkButton />
      <Link to={DASHBOARD_PATH} className="app-header__dashboard">
        <Icon name="dashboard" />
        看板
      </Link>
      <Dropdown
        className="app-header__user"
        pointing="top right"
        icon={<Icon name="dropdown" />}
        trigger={
          <span className="app-header__greeting" data-testid="greeting">
            <Icon name="user circle" />
            您好，<strong>{nickname}</strong>
          </span>
        }
      >
        <Dropdown.Menu>
          <Dropdown.Item as={Link} to="/" icon="home" text="首页" />
          <Dropdown.Item as={Link} to="/resetpassword" icon="key" text="修改密码" />
          <Dropdown.Divider />
          <Dropdown.Item
            icon={loggingOut ? 'spinner' : 'sign out'}
            text={loggingOut ? '正在退出…' : '退出'}
            disabled={loggingOut}
            onClick={() => logout.submit({}, { method: 'post', action: '/logout' })}
          />
        </Dropdown.Menu>
      </Dropdown>
    </header>
  );
}
