import { ACCOUNT_TEXTS } from '@jejak/contract';
import { CreditCardOutlined, UserAddOutlined } from '@ant-design/icons';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountKeys, fetchUserDetail } from '../../api/accounts/accounts.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { FleetTables } from './FleetTables.tsx';
import { NoUserSelected, UserCard, UserLoading } from './UserCard.tsx';
import { UserTreePanel } from './UserTreePanel.tsx';
import './user-management.css';

/**
 * /UserManagement (spec 1 §2): the hierarchy tree beside the chosen user's card and fleet. The
 * choice is kept in the address (?uid=) so coming back from a form shows the same user.
 */
export function UserManagementScreen() {
  const me = useSessionUser();
  const strings = useStrings();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selectedUid = params.get('uid');
  const role = toPermissionRole(me.userRole);

  const detail = useQuery({
    queryKey: accountKeys.detail(selectedUid ?? ''),
    queryFn: () => fetchUserDetail(selectedUid ?? ''),
    enabled: selectedUid !== null,
  });
  useEffect(() => {
    if (detail.error) showToast('error', ACCOUNT_TEXTS.hierarchyError);
  }, [detail.error]);

  return (
    <div className="user-management">
      <aside className="user-management-side">
        <UserTreePanel selectedUid={selectedUid} onSelect={(uid) => setParams({ uid })} />
      </aside>
      <main className="user-management-main">
        <div className="screen-header">
          <Typography.Title level={4}>{strings.users.title}</Typography.Title>
          <Space>
            {mayCall(role, 'managePackages') && (
              <Button icon={<CreditCardOutlined />} onClick={() => void navigate('/VehicleSubscription')}>
                {strings.users.subscriptions}
              </Button>
            )}
            {mayCall(role, 'manageUsers') && (
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                data-testid="add-user"
                onClick={() => void navigate('/UserManagement/Add')}
              >
                {strings.users.addUser}
              </Button>
            )}
          </Space>
        </div>
        {selectedUid === null || detail.isError ? (
          <NoUserSelected />
        ) : detail.data === undefined || detail.data.uid !== selectedUid ? (
          <UserLoading />
        ) : (
          <>
            <UserCard user={detail.data} />
            <FleetTables key={detail.data.uid} user={detail.data} />
          </>
        )}
      </main>
    </div>
  );
}
