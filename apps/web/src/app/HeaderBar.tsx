import { CHANGE_PASSWORD_ROUTE } from '@jejak/contract';
import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoonOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Layout, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { roleText, useStrings } from '../i18n/strings.ts';
import { useSessionUser, useSignOut } from '../store/session.ts';
import { setThemeMode, useThemeMode } from '../store/theme-mode.ts';

/**
 * The top bar: the light/dark switch and who is signed in, with Profile, Reset password and
 * Log Out; on a phone, the menu button.
 */
export function HeaderBar({ onMenu }: { onMenu?: (() => void) | undefined }) {
  const user = useSessionUser();
  const strings = useStrings();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const mode = useThemeMode();
  const themeLabel = mode === 'dark' ? strings.frame.toLight : strings.frame.toDark;

  return (
    <Layout.Header className="app-header">
      {onMenu && (
        <Button
          type="text"
          className="app-menu-button"
          icon={<MenuOutlined />}
          aria-label={strings.frame.menu}
          onClick={onMenu}
          data-testid="menu-button"
        />
      )}
      <Button
        type="text"
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={themeLabel}
        title={themeLabel}
        onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
        data-testid="theme-toggle"
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: strings.frame.profile },
            {
              key: 'password',
              icon: <KeyOutlined />,
              label: <span data-testid="menu-reset-password">{strings.frame.resetPassword}</span>,
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="logout">{strings.frame.logOut}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') void navigate('/Profile');
            if (key === 'password') void navigate(CHANGE_PASSWORD_ROUTE);
            if (key === 'logout') void signOut();
          },
        }}
      >
        <Button type="text" className="app-user-button" data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} />
          <span className="app-user-name">{user.userName}</span>
          <Typography.Text type="secondary" className="app-user-role">
            {roleText(strings, user.userRole)}
          </Typography.Text>
          <DownOutlined />
          {/* Its name is what it shows, then what it opens (WCAG 2.5.3: the label holds the visible text). */}
          <span className="jejak-sr-only">{strings.frame.userMenu}</span>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
