import { ACCOUNT_TEXTS, CHANGE_PASSWORD_ROUTE, type SessionUser } from '@jejak/contract';
import { ArrowLeftOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Divider, Space, Switch, Typography } from 'antd';
import { SESSION_QUERY_KEY } from '../../api/accounts/auth.ts';
import { updateProfile } from '../../api/accounts/accounts.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSessionUser, useSignOut } from '../../store/session.ts';
import { roleText, useSpecText, useStrings } from '../../i18n/strings.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { Logo } from '../../ui/Logo.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { FitToFleet } from '../../map/FitToFleet.tsx';
import { MapSideLayout } from '../../map/MapSideLayout.tsx';
import { GeofencesLayer } from '../../map/layers/GeofencesLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { VehiclesLayer } from '../../map/layers/vehicles/VehiclesLayer.tsx';
import { ApiTokens } from './ApiTokens.tsx';
import { DisplaySettings } from './DisplaySettings.tsx';

type Preference = SessionUser['preference'];

/** The profile's map only shows the fleet: a click on a vehicle selects nothing. */
const NO_SELECTION = () => {};
type PreferenceKey = keyof Preference;

/** The three level switches shown while in-app notifications are on (spec 1 §2). */
const LEVELS: readonly { key: PreferenceKey; label: string }[] = [
  { key: 'in_app_notification_info', label: 'INFO' },
  { key: 'in_app_notification_warning', label: 'WARNING' },
  { key: 'in_app_notification_critical', label: 'CRITICAL' },
];

/**
 * /Profile (spec 1 §2): who is signed in, the in-app notification switches (each change saved
 * at once through /user/profile/update, for every role), the language and colour scheme of this
 * browser, the user's API tokens (ADR 0087), Log Out and a back button.
 */
export function ProfileScreen() {
  const user = useSessionUser();
  const strings = useStrings();
  const spec = useSpecText();
  // Opened directly (a new tab) there is no previous page: the dashboard instead.
  const goBack = useGoBack('/');
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (change: Partial<Preference>) => updateProfile({ user: { uid: user.uid, preference: change } }),
    onSuccess: (_answer, change) => {
      queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, (current) =>
        current ? { ...current, preference: { ...current.preference, ...change } } : current,
      );
      showToast('success', ACCOUNT_TEXTS.profileUpdateSuccess);
    },
    onError: (error) => showToast('error', serverTextOr(error, ACCOUNT_TEXTS.profileUpdateError)),
  });

  const toggle = (key: PreferenceKey, label: string) => (
    <Switch
      checked={user.preference[key]}
      checkedChildren={strings.profile.on}
      unCheckedChildren={strings.profile.off}
      loading={save.isPending && save.variables[key] !== undefined}
      onChange={(checked) => save.mutate({ [key]: checked })}
      aria-label={label}
      data-testid={`switch-${key}`}
    />
  );

  const card = (
    <Card
      className="profile-card"
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={strings.profile.back}
            data-testid="profile-back"
            onClick={goBack}
          />
          {strings.profile.title}
        </Space>
      }
      extra={
        <Space wrap>
          <Button
            icon={<KeyOutlined />}
            onClick={() => void navigate(CHANGE_PASSWORD_ROUTE)}
            data-testid="profile-reset-password"
          >
            {strings.profile.resetPassword}
          </Button>
          <Button danger icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="profile-logout">
            {strings.frame.logOut}
          </Button>
        </Space>
      }
    >
      <div className="profile-body">
        <div className="profile-logo">
          <Logo textColour="currentColor" />
        </div>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: strings.profile.name, children: user.userName },
            { key: 'email', label: strings.profile.email, children: user.userEmail },
            { key: 'phone', label: strings.profile.phone, children: user.userContact || '-' },
            { key: 'role', label: strings.profile.role, children: roleText(strings, user.userRole) },
          ]}
        />
      </div>
      <Divider />
      <div className="profile-switches" data-testid="notification-switches">
        <div className="profile-switch-row">
          <Typography.Text strong>{strings.profile.inAppNotification}</Typography.Text>
          {toggle('in_app_notification', strings.profile.inAppNotification)}
        </div>
        {user.preference.in_app_notification &&
          LEVELS.map((level) => (
            <div className="profile-switch-row profile-switch-level" key={level.key}>
              <Typography.Text>{spec(level.label)}</Typography.Text>
              {toggle(level.key, spec(level.label))}
            </div>
          ))}
      </div>
      <Divider />
      <DisplaySettings />
      <Divider />
      <ApiTokens />
    </Card>
  );

  // A map-view route (spec 1 §2): the card beside the user's fleet on the map.
  return (
    <MapSideLayout side={card} testId="profile">
      <PlacesLayer />
      <GeofencesLayer uid={user.uid} />
      <VehiclesLayer selectedVid={null} onSelect={NO_SELECTION} />
      <FitToFleet />
    </MapSideLayout>
  );
}
