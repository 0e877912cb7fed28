import { ArrowLeftOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { roleLabel } from '@jejak/domain';
import { Avatar, Button, Card, Descriptions, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useSessionUser, useSignOut } from '../../app/session.ts';
import { useStrings } from '../../i18n/strings.ts';

/**
 * /Profile: who is signed in, and Log Out. The in-app notification switches come with the
 * profile-update call (spec 1 §2, Profile).
 */
export function ProfileScreen() {
  const user = useSessionUser();
  const strings = useStrings();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <div className="screen-padded">
      <Card
        className="profile-card"
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={strings.profile.back}
              onClick={() => void navigate(-1)}
            />
            {strings.profile.title}
          </Space>
        }
        extra={
          <Button danger icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="profile-logout">
            {strings.frame.logOut}
          </Button>
        }
      >
        <Space align="start" size="large">
          <Avatar size={64} icon={<UserOutlined />} />
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'name', label: strings.profile.name, children: user.userName },
              { key: 'email', label: strings.profile.email, children: user.userEmail },
              { key: 'phone', label: strings.profile.phone, children: user.userContact || '-' },
              { key: 'role', label: strings.profile.role, children: roleLabel(user.userRole) },
            ]}
          />
        </Space>
      </Card>
    </div>
  );
}
