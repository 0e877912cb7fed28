import { ACCOUNT_TEXTS, type UserDetail } from '@jejak/contract';
import { EditOutlined, PlusOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import {
  DEVICE_HOLDER_ROLES,
  FLEET_HOLDER_ROLES,
  mayCall,
  roleLabel,
  toPermissionRole,
  type RoleValue,
} from '@jejak/domain';
import { Button, Card, Descriptions, Empty, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../store/session.ts';
import { useStrings, useSpecText } from '../../i18n/strings.ts';

/** Roles that never get Add Vehicle / Add Device (spec 1 §2, §6). */
const NO_FLEET_BUTTONS: readonly RoleValue[] = ['fleetOwner', 'fleetOperator'];

/** 'No user selected' until a user is chosen in the tree (spec 1 §2). */
export function NoUserSelected() {
  const spec = useSpecText();
  return (
    <Card className="user-card" data-testid="user-card-empty">
      <Empty image={<UserOutlined className="user-card-empty-icon" />} description={null}>
        <div className="user-card-state-title">{spec(ACCOUNT_TEXTS.noUserSelected)}</div>
        <div className="user-card-state-body">{spec(ACCOUNT_TEXTS.selectUserHint)}</div>
      </Empty>
    </Card>
  );
}

/** 'Loading / Fetching user data' while the chosen user loads. */
export function UserLoading() {
  const spec = useSpecText();
  return (
    <Card className="user-card" data-testid="user-card-loading">
      <div className="user-card-loading">
        <Spin size="large" />
        <div className="user-card-state-title">{spec(ACCOUNT_TEXTS.loadingUser)}</div>
        <div className="user-card-state-body">{spec(ACCOUNT_TEXTS.fetchingUser)}</div>
      </div>
    </Card>
  );
}

/**
 * The chosen user's profile card and its buttons: Edit user (not for fleet operator targets),
 * Configure User (only for them), Add Vehicle and Add Device (not for fleet owners and
 * operators signed in, and only for users that may hold vehicles, spec 1 §6).
 */
export function UserCard({ user }: { user: UserDetail }) {
  const me = useSessionUser();
  const strings = useStrings();
  const navigate = useNavigate();
  const manages = mayCall(toPermissionRole(me.userRole), 'manageUsers');
  const isOperator = user.userRole === 'fleetOperator';
  const fleetButtons = !NO_FLEET_BUTTONS.includes(me.userRole) && FLEET_HOLDER_ROLES.includes(user.userRole);
  // A device goes to a distributor only (ADR 0037): on a fleet owner's card Add Vehicle fits one.
  const deviceButton = fleetButtons && DEVICE_HOLDER_ROLES.includes(user.userRole);
  const targetUser = { uid: user.uid, userRole: user.userRole, userHierarchy: user.userHierarchy };

  return (
    <Card
      className="user-card"
      data-testid="user-card"
      title={user.userName}
      extra={
        <Space wrap>
          {manages && !isOperator && (
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate('/UserManagement/Edit', { state: { uid: user.uid } })}
            >
              {strings.users.editUser}
            </Button>
          )}
          {manages && isOperator && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate('/UserManagement/ConfigureUser', { state: { uid: user.uid } })}
            >
              {strings.users.configureUser}
            </Button>
          )}
          {fleetButtons && (
            <>
              <Button
                icon={<PlusOutlined />}
                onClick={() => void navigate('/UserManagement/AddVehicle', { state: { targetUser } })}
              >
                {strings.users.addVehicle}
              </Button>
              {deviceButton && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => void navigate('/UserManagement/AddDevice', { state: { targetUser } })}
                >
                  {strings.users.addDevice}
                </Button>
              )}
            </>
          )}
        </Space>
      }
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        items={[
          { key: 'name', label: strings.users.name, children: user.userName },
          { key: 'email', label: strings.users.email, children: user.userEmail },
          { key: 'contact', label: strings.users.contact, children: user.userContact || '-' },
          { key: 'role', label: strings.users.role, children: roleLabel(user.userRole) },
          { key: 'address', label: strings.users.address, children: user.userAddress || '-', span: 2 },
        ]}
      />
    </Card>
  );
}
